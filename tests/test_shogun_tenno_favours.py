"""Tenno's Court: the favour cards' effects as the explanation page states them («Карты
благосклонности», rulebook seed 000, lines 1044-1100), and the values printed on the cards
asked from the table."""
from __future__ import annotations

import pytest

from companion.engine.board import steps_of
from companion.errors import RuleError
from companion.games.shogun.actions import move_targets
from companion.games.shogun.rules import GAME
from tenno_table import PRINTED, TennoTable, notes

ORDER = ["battle1", "taxes", "castle", "temple", "theatre", "rice", "recruit5", "recruit3",
         "recruit1", "battle2"]


def yellow_takes(favour: int, printed: dict | None = None, **arrange) -> tuple[TennoTable, list[dict]]:
    """Varvara (yellow), alone at court with 5 officials, takes ``favour`` from the slot for
    2 officials; nobody else can pay for a card."""
    table = TennoTable(deck=[favour, 20, 21] if favour < 20 else [favour, 1, 2], printed=printed)
    table.set_waiting(yellow=5)
    for step in arrange.get("before", ()):
        step(table)
    table.to_the_palace(plans=arrange.get("plans"), actions=arrange.get("actions"))
    events = table.do({"type": "favour", "player": "yellow", "take": favour})
    return table, events


@pytest.mark.parametrize("favour, what, n", [(9, "chests", 3), (5, "rice", 1), (13, "score", 2)])
def test_chests_rice_and_points_come_at_once(favour, what, n):
    """«№2, 9, 16 Игрок получает из общего запаса указанное на карте количество сундуков.»
    «№5, 15, 20 ... риса.» «№6, 13, 19 ... ПО.» Amounts as this table's cards show them."""
    table, events = yellow_takes(favour)
    assert notes(events, "tenno.favour_gain") == [{"player": "yellow", "favour": favour, "what": what, "n": n}]
    gained = [e["n"] for e in events if e["type"] == what and e["player"] == "yellow"]
    assert gained[0] == n


def test_an_amount_not_yet_known_is_asked_from_the_table_first():
    """The amount is printed on the card, not in the text: the table is asked (only the
    values a card could show), and the card's effect follows the answer."""
    known = {k: v for k, v in PRINTED.items() if k != "tenno.favour.9"}
    table, events = yellow_takes(9, printed=known)
    pending = table.state.pending
    assert pending["kind"] == "printed"
    assert [q["key"] for q in pending["questions"]] == ["tenno.favour.9"]
    assert pending["questions"][0]["options"] == list(range(1, 11))
    chests = table.state.players["yellow"].chests
    table.do({"type": "printed", "values": {"tenno.favour.9": 4}})
    assert table.state.players["yellow"].chests == chests + 4


def test_armies_go_from_the_supply_into_the_tray():
    """«№3, 8, 14 Игрок помещает указанное на карте количество армий из своего личного
    запаса в поддон башни сражений» — and the table is told to put them in."""
    table, events = yellow_takes(8)
    assert table.state.tray["yellow"] == 2
    assert notes(events, "tenno.favour_tray") == [{"player": "yellow", "favour": 8, "n": 2}]
    lines = [(line["key"], line["params"]) for step in steps_of(GAME, table.session.history, table.session.seq)
             for line in step.lines]
    assert ("board.hand_put_in", {"player": "yellow", "n": 2, "counts": {"yellow": 2},
                                  "cause": "favour", "card": 8}) in lines


def test_armies_the_supply_does_not_hold_are_not_put_in():
    """«...если возможно»: with 1 army in the supply, card #8 (2 armies) is taken unused."""
    def empty_supply(table):
        supply = table.state.players["yellow"].supply
        table.arrange({"type": "cubes", "colour": "yellow", "n": supply - 1, "from": "supply", "to": "tower"})
    table, events = yellow_takes(8, before=[empty_supply])
    assert table.state.tray["yellow"] == 0
    assert notes(events, "tenno.favour_unusable")[0]["lack"] == "supply"


def test_a_free_building_goes_only_where_the_building_rules_allow():
    """«№7, 17, 21 Игрок строит указанное на карте здание бесплатно в одной из своих
    провинций. В этом случае применяются все основные правила размещения зданий.» Kai has
    one slot, taken by a temple; Mino already has a castle."""
    def build(table):
        table.give("kai", "yellow", armies=5, buildings=("temple",))
        table.give("mino", "yellow", armies=4, buildings=("castle",))
    table, _ = yellow_takes(7, before=[build])
    pending = table.state.pending
    assert pending["kind"] == "use_favour" and pending["building"] == "castle"
    assert "kai" not in pending["choices"] and "mino" not in pending["choices"]
    chests = table.state.players["yellow"].chests
    table.do({"type": "use_favour", "player": "yellow", "choice": "musashi"})
    assert "castle" in table.state.provinces["musashi"].buildings
    assert table.state.players["yellow"].chests == chests


def test_a_province_not_offered_is_refused_for_the_free_building():
    table, _ = yellow_takes(7)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "use_favour", "player": "yellow", "choice": "kozuke"})
    assert refused.value.key == "favour.bad_choice"


def test_three_armies_into_a_neutral_province_take_its_card_without_a_battle():
    """«№12 Игрок бесплатно размещает 3 армии в одной из своих провинций или в нейтральной
    провинции. Во втором случае игрок получает карту соответствующей провинции без
    сражения.»"""
    table, _ = yellow_takes(12)
    pending = table.state.pending
    assert "suruga" in pending["choices"] and "kai" in pending["choices"]
    assert "kozuke" not in pending["choices"]
    table.do({"type": "use_favour", "player": "yellow", "choice": "suruga"})
    assert table.state.provinces["suruga"].owner == "yellow"
    assert table.state.provinces["suruga"].armies == 3
    assert table.state.battle is None


def test_the_event_card_may_be_removed_and_then_does_not_apply():
    """«№1 Игрок может убрать из игры карту события текущего раунда. Эффект карты события не
    будет применяться.»"""
    table, _ = yellow_takes(1)
    assert table.state.pending["choices"] == ["event", "nothing"]
    table.do({"type": "use_favour", "player": "yellow", "choice": "event"})
    assert table.state.event is None


def test_the_event_card_may_also_be_kept():
    """«Однако игрок не обязан убирать из игры карту события.»"""
    table, _ = yellow_takes(1)
    event = table.state.event
    events = table.do({"type": "use_favour", "player": "yellow", "choice": "nothing"})
    assert "event_removed" not in [e["type"] for e in events]
    assert notes(events, "tenno.event_kept") == [{"player": "yellow", "favour": 1}]
    assert event in [n["params"].get("event") for n in table.state.log if n["key"] == "event.drawn"]


def test_card_four_takes_an_unrest_token_off_an_own_province():
    """«№4 Игрок убирает 1 жетон волнения из любой своей провинции.»"""
    table, _ = yellow_takes(4, before=[lambda t: t.give("kai", "yellow", armies=5, unrest=2)])
    assert table.state.pending["choices"] == ["kai"]
    table.do({"type": "use_favour", "player": "yellow", "choice": "kai"})
    assert table.state.provinces["kai"].unrest == 1


def test_card_four_is_kept_and_spares_the_next_unrest_token():
    """«Если же у игрока в данный момент нет подходящей провинции, он может сохранить данную
    карту и использовать её, когда должен будет разместить жетон волнения. После
    использования карта удаляется из игры.» Yellow's taxes in Kai place no token."""
    table, _ = yellow_takes(4, plans={"yellow": {"taxes": "kai"}}, actions=ORDER)
    assert table.state.tenno.kept["yellow"] == []
    prevented = [n["params"] for n in table.state.log if n["key"] == "tenno.unrest_prevented"]
    assert prevented == [{"player": "yellow", "favour": 4, "province": "kai"}]
    assert table.state.provinces["kai"].unrest == 0


def test_immunity_forbids_attacks_with_its_battle_action_this_round():
    """«№10, 11, 18 В текущем раунде игрок не может быть атакован с помощью действий
    «Сражение/Перемещение» (I или II).» This table's #10 shows I: red's Battle/Move I from
    Shinano may not go into Kai, Mino, Musashi, Mikawa or Totomi."""
    table, _ = yellow_takes(10, plans={"red": {"battle1": "shinano"}}, actions=ORDER)
    assert table.state.tenno.kept["yellow"] == [10]
    pending = table.state.pending
    assert pending["kind"] == "move" and pending["player"] == "red"
    targets = move_targets(table.state, pending)
    assert not {"kai", "mino", "musashi", "mikawa", "totomi"} & set(targets)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "red", "to": "kai", "armies": 2})
    assert refused.value.key == "move.immune"


def test_immunity_against_one_battle_action_leaves_the_other():
    """Card #11 shows II here: Battle/Move I may still attack the holder."""
    table, _ = yellow_takes(11, plans={"red": {"battle1": "shinano"}}, actions=ORDER)
    assert "kai" in move_targets(table.state, table.state.pending)


def test_immunity_ends_with_the_round():
    """«В конце раунда уберите данную карту из игры.»"""
    table, _ = yellow_takes(18)
    assert table.state.season == 1
    assert table.state.tenno.kept["yellow"] == []
    assert [n["params"] for n in table.state.log if n["key"] == "tenno.immunity_ends"] == [
        {"player": "yellow", "favour": 18}]
