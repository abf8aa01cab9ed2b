"""The table deals: the group shuffles the real merchant deck and special cards itself and
taps on the tablet what came (the first player too), from the cards still in the deck; the
tap is the same event as the app's draw, and bad input changes nothing."""
from __future__ import annotations

import pytest

from companion.engine import Session
from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.edo import simulate
from companion.games.edo.rules import GAME
from companion.games.edo.text import names_for
from companion.i18n import render
from edo_table import Table

DISPLAY = ["special3", "special7", "special1", "special12"]


def dealt(players: int = 2, first: str = "red", merchant: str = "merchant4") -> Table:
    """A game whose table has tapped the first player, the display and round 1's merchant card."""
    table = Table(players, deal="table")
    table.do({"type": "draw", "cards": [first]})
    table.do({"type": "draw", "cards": DISPLAY})
    table.do({"type": "draw", "cards": [merchant]})
    return table


def refused(table: Table, command: dict, actor: Actor | None = None) -> RuleError:
    """The refusal of ``command``, having checked that it changed nothing."""
    before = [list(batch) for batch in table.session.history]
    with pytest.raises(RuleError) as error:
        table.do(command, *([actor] if actor else []))
    assert table.session.history == before
    return error.value


def test_the_table_that_deals_is_asked_who_is_first_among_the_players():
    """D19, the table's deal: nobody is first until the table taps who holds the marker."""
    table = Table(3, deal="table")
    assert table.state.pending["what"] == "first"
    assert table.state.pending["options"] == ["blue", "red", "green"]
    table.do({"type": "draw", "cards": ["green"]})
    assert table.state.first == "green"


def test_the_special_cards_on_display_are_those_the_table_laid_out():
    """«Сразу же на место купленной кладется новая карта»: the display is the table's cards,
    as many as the box lays out, and they leave the deck."""
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    assert (table.state.pending["what"], table.state.pending["count"]) == ("display", 4)
    table.do({"type": "draw", "cards": DISPLAY})
    assert table.state.special_display == DISPLAY
    assert not set(DISPLAY) & set(table.state.special_deck)


def test_the_first_round_opens_with_the_merchant_card_the_table_turned_up():
    """«Текущая карта торговца ... выкладывается новая»: round 1 begins with the tapped card."""
    table = dealt(first="red", merchant="merchant4")
    assert (table.state.round, table.state.phase, table.state.first) == (1, "planning", "red")
    assert table.state.merchant_card == "merchant4"
    assert "merchant4" not in table.state.merchant_deck


def test_each_round_the_table_turns_up_a_merchant_card_still_in_the_deck():
    """«Текущая карта торговца убирается из игры, затем на ее место выкладывается новая»:
    the next round waits for the tap, and a card already out is not offered."""
    table = dealt(merchant="merchant4")
    for seat in table.state.seating:
        table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 1))
    table.play_until_turn("nobody")
    assert (table.state.round, table.state.pending["what"]) == (1, "merchant")
    assert "merchant4" not in table.state.pending["options"]
    table.do({"type": "draw", "cards": ["merchant9"]})
    assert (table.state.round, table.state.merchant_card) == (2, "merchant9")


def test_a_bought_special_card_is_replaced_by_the_one_the_table_taps():
    """«Заплатив 5 Рё игрок получает 1 специальную карту ... Сразу же на место купленной
    кладется новая карта»: nothing goes on until the table has tapped which came."""
    table = dealt(first="blue")
    table.idle_plans("red")
    table.plan("blue", ("card2", "develop", 1), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "card": "special7"})
    if table.state.pending["kind"] == "printed":
        table.do({"type": "printed", "values": {"edo.special7.action1": "trade", "edo.special7.most1": 2,
                                                 "edo.special7.action2": "money", "edo.special7.most2": 3}})
    assert table.state.pending["what"] == "special"
    assert not set(DISPLAY) & set(table.state.pending["options"])
    assert refused(table, {"type": "reveal", "player": "red"}).key == "edo.not_now"
    table.do({"type": "draw", "cards": ["special5"]})
    assert table.state.special_display == ["special3", "special1", "special12", "special5"]


def test_a_card_already_out_is_refused_and_changes_nothing():
    table = dealt(merchant="merchant4")
    table.events({"type": "pending", "pending": {"kind": "draw", "what": "merchant", "count": 1,
                                                 "options": table.state.merchant_deck,
                                                 "round": 2, "first": "blue"}})
    error = refused(table, {"type": "draw", "cards": ["merchant4"]})
    assert error.key == "edo.not_in_deck"
    assert render(error.key, error.params, names_for(table.state, "ru")) == \
        "Карты «карта торговца 4» нет в колоде: она уже вышла или не из этой колоды."


def test_a_card_of_no_deck_is_refused():
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    assert refused(table, {"type": "draw", "cards": ["special13", *DISPLAY[1:]]}).key == "edo.not_in_deck"


def test_a_card_tapped_twice_is_refused():
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    assert refused(table, {"type": "draw", "cards": ["special3", "special3", "special1", "special2"]}).key \
        == "edo.drawn_twice"


def test_as_many_cards_as_the_box_lays_out():
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    error = refused(table, {"type": "draw", "cards": DISPLAY[:3]})
    assert render(error.key, error.params, names_for(table.state, "ru")) == "Отметьте 4 карты: столько выложено."


def test_the_first_player_is_one_who_plays():
    assert refused(Table(2, deal="table"), {"type": "draw", "cards": ["green"]}).key == "edo.unknown_player"


def test_a_tap_nobody_asked_for_is_refused():
    """The app deals: there is nothing for the table to tap."""
    assert refused(Table(2), {"type": "draw", "cards": ["merchant1"]}).key == "edo.not_now"


def test_a_phone_cannot_tap_what_the_table_drew():
    table = Table(2, deal="table")
    phone = Actor(role="player", seat="blue")
    assert refused(table, {"type": "draw", "player": "blue", "cards": ["blue"]}, phone).key == "device.table_only"


def test_a_repeated_tap_is_refused_once_the_draw_is_made():
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    assert refused(table, {"type": "draw", "cards": ["blue"]}).key == "edo.not_in_deck"


def test_a_tap_undone_asks_again_and_a_replay_gives_the_same_game():
    table = dealt(merchant="merchant4")
    replayed = Session.replay(GAME, table.session.history)
    assert (replayed.state.merchant_card, replayed.state.special_display) == ("merchant4", DISPLAY)
    table.session.undo()
    assert table.state.pending["what"] == "merchant"
    assert "merchant4" in table.state.pending["options"]


def test_the_new_game_form_box_makes_the_table_deal():
    command = GAME.create_command({"seat1": "blue", "seat2": "red", "table_deals": "1"})
    assert command["deal"] == "table"
    assert GAME.create_command({"seat1": "blue", "seat2": "red"})["deal"] == "app"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_players_finish_games_the_table_deals(players):
    session = simulate.play_game(GAME, players, seed=2 * players + 1, check=True)
    assert session.state.dealer == "table" and session.state.over
