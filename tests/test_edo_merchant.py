"""The merchant cards' offers, told once per install: «Торговля позволяет игрокам выменивать
ресурсы и очки власти в зависимости от карты торговца». Asked when a trade card is first
turned up under a card not yet known; once known, the game prices every trade by it; in
referee mode the table enters what a trade paid and gave (D28)."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.edo import catalog, values
from companion.games.edo.rules import GAME
from companion.i18n import sentence
from edo_table import EVERYTHING, MERCHANT, Table


def trading(players: int = 2, printed: dict | None = None, referee: bool = False,
            officials: int = 1) -> Table:
    """A table where the first player's trade card is turned up, his samurai with the
    merchant in Edo."""
    table = Table(players, printed=EVERYTHING if printed is None else printed, referee=referee)
    first = table.state.first
    table.samurai(first, *["edo"] * officials)
    for seat in table.state.seating:
        if seat == first:
            table.plan(seat, ("card3", "trade", officials), ("card1", "money", 0), ("card2", "develop", 0))
        else:
            table.plan(seat, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": first})
    return table


def unknown_merchants() -> dict:
    return {k: v for k, v in EVERYTHING.items() if k not in MERCHANT}


def test_the_current_merchant_card_is_asked_when_a_trade_card_is_turned_up():
    """«Карта торговца предоставляет две возможности»: both of the current card's offers,
    and nothing about the cards still in the deck."""
    table = trading(printed=unknown_merchants())
    card = table.state.merchant_card
    assert [q["key"] for q in table.state.pending["questions"]] == values.merchant_keys(card)


def test_a_merchant_card_offers_only_values_it_could_print():
    """Its resource is rice, wood, stone or any; a power point is paid in ryo or a resource
    («Игрок возвращает потраченные на торговлю ресурсы или деньги»)."""
    table = trading(printed=unknown_merchants())
    options = {q["key"].split(".")[-1]: q["options"] for q in table.state.pending["questions"]}
    assert options["resource"] == ["rice", "wood", "stone", "any"]
    assert options["point_good"] == ["ryo", "rice", "wood", "stone"]
    assert 0 not in options["most"]


def test_a_merchant_card_told_is_kept_for_every_later_trade():
    """Told once: the answer is a printed event, so the install remembers it."""
    table = trading(printed=unknown_merchants())
    card = table.state.merchant_card
    told = {k: MERCHANT[k] for k in values.merchant_keys(card)}
    events = table.do({"type": "printed", "values": told})
    assert {"type": "printed", "values": told} in [{k: e[k] for k in ("type", "values")}
                                                   for e in events if e["type"] == "printed"]
    assert table.state.pending is None and values.merchant_offer(table.state)["price"] == 2


def test_resources_are_bought_at_the_price_the_merchant_card_prints():
    """«Получить 1 или более ресурсов»: the test box's card sells wood at 2 ryo a piece."""
    table = trading()
    first = table.state.first
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"wood": 2}})
    p = table.state.players[first]
    assert (p.ryo, p.wood) == (10 - 2 * 2, 1 + 2)


def test_a_power_point_costs_what_the_merchant_card_prints():
    """«Получить 1 очко власти»: for 3 ryo on the test box's card."""
    table = trading()
    first = table.state.first
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "points": 1})
    p = table.state.players[first]
    assert (p.ryo, p.power) == (10 - 3, 1)


def test_the_merchant_card_sells_only_the_resource_it_shows():
    """«в зависимости от карты торговца»: stone from a card selling wood is refused, and
    nothing changes."""
    table = trading()
    first = table.state.first
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"stone": 1}})
    assert refused.value.key == "edo.trade_not_offered"
    assert (table.state.players[first].ryo, table.state.players[first].stone) == (10, 1)


def test_a_card_selling_any_resource_sells_each_of_them():
    table = trading(printed={**EVERYTHING, **{f"edo.merchant{n}.resource": "any" for n in range(1, 11)}})
    first = table.state.first
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"stone": 1, "rice": 1}})
    p = table.state.players[first]
    assert (p.ryo, p.stone, p.rice) == (10 - 2 * 2, 1 + 1, 2 + 1)


def test_the_merchant_card_sells_no_more_pieces_than_it_prints():
    table = trading()
    first = table.state.first
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"wood": 3}})
    assert refused.value.key == "edo.trade_too_many" and refused.value.params == {"n": 2}
    assert table.state.players[first].wood == 1


def test_a_trade_the_player_cannot_pay_for_is_refused():
    table = trading()
    first = table.state.first
    table.give(first, ryo=-9)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"wood": 1}})
    assert refused.value.key == "edo.cannot_pay"
    assert table.state.players[first].wood == 1


def test_once_the_card_is_known_the_price_is_not_entered_by_hand():
    table = trading()
    first = table.state.first
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "paid": {"ryo": 0},
                  "got": {"wood": 2}})
    assert refused.value.key == "edo.field_not_for_action"


def test_in_referee_mode_the_table_enters_what_a_trade_paid_and_gave():
    """Referee mode never asks the card: the trade is entered as it was made."""
    table = trading(printed=unknown_merchants(), referee=True)
    first = table.state.first
    assert table.state.pending is None
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "paid": {"ryo": 7},
              "got": {"stone": 3}})
    p = table.state.players[first]
    assert (p.ryo, p.stone) == (10 - 7, 1 + 3)


@pytest.mark.parametrize("lang,word", [("ru", "камень"), ("cs", "kámen"), ("en", "stone")])
def test_a_refused_trade_is_said_in_the_players_language(lang, word):
    table = trading()
    first = table.state.first
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "got": {"stone": 1}})
    said = sentence({"key": refused.value.key, "params": refused.value.params},
                    GAME.names(table.state, lang))
    assert word in said and refused.value.key not in said


def test_every_merchant_card_is_a_question_for_the_install_page():
    assert set(MERCHANT) <= set(catalog.questions())
