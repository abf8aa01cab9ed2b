"""Дополнение №2 «Самураи»: the valour stacks (rulebook seed 000, lines 1102-1145, and the
rulings S1-S4 in docs/shogun-rulings.md)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Session
from companion.engine.board import steps_of
from companion.errors import RuleError
from companion.games.shogun.catalog import read_data
from companion.games.shogun.rules import GAME
from companion.games.shogun.samurai import regions_held
from companion.games.shogun.state import SUPPLY, TRAY
from shogun_table import RULES, Table

SPECIALS = ["chest", "rice", "six_armies", "attack", "defence"]
REVIEWED = {q["key"]: q["suggested"] for q in read_data("samurai.json")["printed"]}
"""The amounts a third-party review gives, as a table that told them before would know them."""


class SamuraiTable(Table):
    """The rulebook table of three (red, blue, yellow; the recommended set-up, the tower
    loaded with nothing fallen out), played with the Samurai; the install knows ``known`` of
    the amounts printed on the valour cards (those the review gives, unless said)."""

    def __init__(self, seed: int = 1, known: dict[str, int] | None = None) -> None:
        create = {"type": "create", "seed": seed, "setup": "recommended",
                  "players": [{"colour": c} for c in ("red", "blue", "yellow")],
                  "expansions": ["samurai"], "printed": REVIEWED if known is None else known}
        self.session = Session.create(RULES, create)
        self.do({"type": "count_tray", "counts": {}})

    def stack_top(self, colour: str, top: int) -> None:
        """Turn ``colour``'s stack so that card ``top`` (1-4) lies on top."""
        self.arrange({"type": "valour", "player": colour, "top": top - 1})

    def top(self, colour: str) -> int:
        return self.state.valour[colour] + 1


@pytest.fixture
def samurai() -> SamuraiTable:
    return SamuraiTable()


def to_the_check(table: Table, order: tuple[str, ...] = ("red", "blue", "yellow")) -> list[dict]:
    """A round with nothing planned whose turn order is ``order``: the bids make it the
    pick order, and each takes the special card of its slot (1, 2, 3)."""
    table.set_round(specials=SPECIALS)
    bids = {order[0]: {"chests": 2}, order[1]: {"chests": 1}, order[2]: {"chests": 0}}
    events = table.plan_round({}, bids=bids, specials=dict(zip(order, SPECIALS)))
    assert table.state.turn_order == list(order)
    return events


def red_in_four_regions(table: Table) -> None:
    """Red's recommended provinces lie in 3 regions (Eastern, Central, Western); Kozuke
    (Northern) makes 4."""
    assert regions_held(table.state, "red") == ["yellow", "red", "green"]
    table.give("kozuke", "red", armies=1)


def notes(table: Table, key: str) -> list[dict[str, Any]]:
    return [n["params"] for n in table.state.log if n["key"] == key]


def test_each_stack_starts_with_the_empty_banner_on_top(samurai):
    """«...кладут карты стопкой ... так чтобы карта с пустым знаменем оказалась сверху.»"""
    view = GAME.view(samurai.state, None)
    assert view["expansions"] == ["samurai"]
    assert {c: v["top"] for c, v in view["valour"].items()} == {"red": 1, "blue": 1, "yellow": 1}
    assert all(v["bonuses"] == {} for v in view["valour"].values())


def test_provinces_in_four_regions_turn_the_top_card_under_the_stack(samurai):
    """«Если данное условие выполняется, игрок кладёт верхнюю карту из стопки карт воинской
    доблести под низ стопки и может получить один из бонусов на новой верхней карте.»"""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    assert samurai.top("red") == 2
    assert samurai.state.pending == {"kind": "valour", "player": "red", "top": 2,
                                     "offers": {"chests": 2, "armies": 1}}
    assert notes(samurai, "samurai.advanced")[0] == {
        "player": "red", "regions": ["brown", "yellow", "red", "green"], "n": 4, "top": 2}


def test_provinces_in_three_regions_leave_the_stack_as_it_is(samurai):
    """«Если же игрок не выполняет необходимое условие, он не меняет верхнюю карту стопки.
    ... в этом случае игрок не получает бонус!»"""
    chests = samurai.state.players["red"].chests
    to_the_check(samurai, ("blue", "yellow", "red"))
    for colour in ("blue", "yellow"):
        samurai.do({"type": "valour", "player": colour, "take": "nothing"})
    assert samurai.top("red") == 1
    assert samurai.state.pending["kind"] == "plans"
    assert samurai.state.players["red"].chests == chests
    assert notes(samurai, "samurai.stays") == [
        {"player": "red", "regions": ["yellow", "red", "green"], "n": 3, "top": 1}]


def test_the_players_check_in_turn_order(samurai):
    """«Игроки действуют в порядке очередности хода.» Blue and yellow hold provinces in 4
    regions; with yellow first in turn order, yellow chooses first, then blue, then red is
    checked, though the seating is red, blue, yellow."""
    to_the_check(samurai, ("yellow", "blue", "red"))
    assert samurai.state.pending["player"] == "yellow"
    samurai.do({"type": "valour", "player": "yellow", "take": "nothing"})
    assert samurai.state.pending["player"] == "blue"
    samurai.do({"type": "valour", "player": "blue", "take": "nothing"})
    checked = [n["params"]["player"] for n in samurai.state.log
               if n["key"] in ("samurai.advanced", "samurai.stays")]
    assert checked == ["yellow", "blue", "red"]


def test_the_check_comes_after_the_turn_order_and_before_the_first_action(samurai):
    """«Каждый раз после определения очередности хода...»: the stack turns once the special
    cards have fixed the turn order, and no action is carried out before every check."""
    red_in_four_regions(samurai)
    events = to_the_check(samurai)
    kinds = [e["type"] for e in events]
    assert kinds.index("turn_order") < kinds.index("valour")
    assert samurai.state.phase == "valour" and not samurai.state.acted


def test_the_bonus_is_optional_the_card_turns_all_the_same(samurai):
    """«...может получить один из бонусов»: "may", so a player may take none."""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    red = samurai.state.players["red"]
    before = (red.chests, red.rice, red.score, red.supply)
    samurai.do({"type": "valour", "player": "red", "take": "nothing"})
    assert (red.chests, red.rice, red.score, red.supply) == before
    assert samurai.top("red") == 2
    assert notes(samurai, "samurai.declined") == [{"player": "red", "top": 2}]


def test_the_chests_bonus_gives_the_chests_of_the_card(samurai):
    """«Получите указанное количество сундуков» (card 2: 2 chests)."""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    chests = samurai.state.players["red"].chests
    samurai.do({"type": "valour", "player": "red", "take": "chests"})
    assert samurai.state.players["red"].chests == chests + 2


def test_the_rice_bonus_gives_the_rice_of_the_card(samurai):
    """«Получите указанное количество риса» (card 3: 1 rice)."""
    red_in_four_regions(samurai)
    samurai.stack_top("red", 2)
    to_the_check(samurai)
    assert samurai.state.pending["offers"] == {"chests": 4, "rice": 1, "armies": 2}
    samurai.do({"type": "valour", "player": "red", "take": "rice"})
    assert samurai.state.players["red"].rice == 1


def test_the_points_bonus_moves_the_score_marker(samurai):
    """«Получите указанное количество ПО» (card 4: 1 point)."""
    red_in_four_regions(samurai)
    samurai.stack_top("red", 3)
    to_the_check(samurai)
    assert samurai.state.pending["offers"] == {"chests": 6, "rice": 2, "armies": 3, "score": 1}
    samurai.do({"type": "valour", "player": "red", "take": "score"})
    assert samurai.state.players["red"].score == 1


def test_the_armies_bonus_puts_cubes_from_the_supply_into_the_tray(samurai):
    """«Поместите указанное количество армий из своего личного запаса в поддон башни
    сражений» (card 2: 1 army); the table is told to put it into the tray, and the cube
    thrown with the next battle like any cube lying there."""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    supply, tray = samurai.state.players["red"].supply, samurai.state.tray["red"]
    samurai.do({"type": "valour", "player": "red", "take": "armies"})
    assert samurai.state.cube_locations("red")[SUPPLY] == supply - 1
    assert samurai.state.cube_locations("red")[TRAY] == tray + 1
    steps = steps_of(GAME, samurai.session.history, samurai.session.seq)
    lines = [(line["key"], line["params"]) for s in steps for line in s.lines]
    assert ("board.supply_into_tray", {"player": "red", "n": 1}) in lines


def test_one_bonus_only(samurai):
    """«...может получить один из бонусов»: one, so a second choice is refused (the choice
    is blue's now) and changes nothing."""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    samurai.do({"type": "valour", "player": "red", "take": "chests"})
    supply = samurai.state.players["red"].supply
    with pytest.raises(RuleError) as refused:
        samurai.do({"type": "valour", "player": "red", "take": "armies"})
    assert refused.value.key == "turn.not_yours"
    assert samurai.state.players["red"].supply == supply


def test_a_zero_amount_is_no_bonus_and_is_refused(samurai):
    """Card 2 shows 0 rice and 0 points: neither is offered, and asking for one changes
    nothing."""
    red_in_four_regions(samurai)
    to_the_check(samurai)
    with pytest.raises(RuleError) as refused:
        samurai.do({"type": "valour", "player": "red", "take": "rice"})
    assert refused.value.key == "valour.not_offered"
    assert samurai.state.players["red"].rice == 0
    assert samurai.state.pending["player"] == "red"


def test_armies_not_in_the_supply_are_not_offered(samurai):
    """«...армий из своего личного запаса»: with an empty supply the armies bonus is not
    offered, and the log says why."""
    red_in_four_regions(samurai)
    supply = samurai.state.players["red"].supply
    samurai.arrange({"type": "cubes", "colour": "red", "n": supply, "from": SUPPLY, "to": "musashi"})
    to_the_check(samurai)
    assert samurai.state.pending["offers"] == {"chests": 2}
    assert notes(samurai, "samurai.armies_short") == [{"player": "red", "need": 1, "have": 0}]


def year_in_four_regions(table: SamuraiTable) -> list[int]:
    """Red holds 4 regions through a whole year with nothing planned (rice enough that
    nobody revolts); returns red's top card after each check, taking nothing."""
    red_in_four_regions(table)
    for colour in table.state.seating:
        table.set_rice(colour, 30)
    tops = []
    while table.state.year == 1:
        pending = table.state.pending
        if pending["kind"] == "plans":
            table.plan_round({})
        elif pending["kind"] == "valour":
            if pending["player"] == "red":
                tops.append(table.top("red"))
            table.do({"type": "valour", "player": pending["player"], "take": "nothing"})
    return tops


def test_the_stack_turns_in_spring_summer_and_autumn_and_never_wraps_before_winter(samurai):
    """«Каждый раз после определения очередности хода»: winter has no turn order (S1), so
    three checks a year turn the four-card stack to card 4 at most."""
    tops = year_in_four_regions(samurai)
    assert tops == [2, 3, 4]
    assert sum(1 for n in samurai.state.log if n["key"] == "samurai.advanced"
               and n["params"]["player"] == "red") == 3


def test_after_the_winter_the_stacks_are_sorted_as_at_set_up(samurai):
    """«После зимнего раунда игроки складывают карты воинской доблести в том же порядке, что
    и при подготовке к игре.»"""
    year_in_four_regions(samurai)
    assert samurai.state.year == 2 and samurai.state.pending["kind"] == "plans"
    assert samurai.state.valour == {"red": 0, "blue": 0, "yellow": 0}
    restacked = [e for e in samurai.session.history[-1] if e["type"] == "valour"]
    assert {e["player"] for e in restacked} == {"red", "blue", "yellow"}


def test_the_restacking_is_a_step_on_the_board(samurai):
    """The physical stacks are sorted by the players: the table says so for each stack."""
    year_in_four_regions(samurai)
    steps = steps_of(GAME, samurai.session.history, samurai.session.seq)
    lines = [(line["key"], line["params"]) for s in steps for line in s.lines]
    assert ("board.valour_restacked", {"player": "red", "top": 1, "was": 4}) in lines


def test_undoing_a_turned_card_puts_the_old_card_back_on_top(samurai):
    red_in_four_regions(samurai)
    to_the_check(samurai)
    steps = steps_of(GAME, samurai.session.history, samurai.session.seq)
    advanced = [{"player": s.player, "lines": [line for line in s.lines
                                               if line["key"] == "board.valour_advanced"]}
                for s in steps if s.player == "red"]
    assert advanced[0]["lines"][0]["params"] == {"player": "red", "top": 2, "was": 1}
    back = GAME.undo_steps(advanced)
    assert [(line["key"], line["params"]) for line in back[0]["lines"]] == [
        ("board.valour_top", {"player": "red", "top": 1, "was": 2})]


def test_a_phone_chooses_only_for_its_own_colour(samurai):
    from companion.engine.game import Actor
    red_in_four_regions(samurai)
    to_the_check(samurai)
    with pytest.raises(RuleError) as refused:
        samurai.session.execute({"type": "valour", "player": "red", "take": "chests"},
                                Actor.of_seat("blue"))
    assert refused.value.key == "device.not_your_colour"
