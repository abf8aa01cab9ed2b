"""Дополнение №4 «Дадзёкан» (rulebook seed 000, lines 1254-1318, and the rulings D1-D5 in
docs/shogun-rulings.md): the region tokens, the six ministry tokens a round, the region
leaders' claims, the tokens turned face down, the region tokens rotated."""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Session
from companion.engine.board import steps_of
from companion.errors import RuleError
from companion.games.shogun import dajokan
from companion.games.shogun.rules import GAME
from shogun_table import RULES, Table

SPECIALS = ["chest", "rice", "six_armies", "attack", "defence"]
REGIONS = ["brown", "yellow", "red", "purple", "green"]
"""The sun side's regions: Northern, Eastern, Central, Southern, Western. With the
recommended provinces of three players blue leads the Northern (3 provinces) and the
Southern (4), red the Eastern (4) and the Central (4), yellow the Western (4)."""
BOARD = {"dajokan.rows": 6,
         **{f"dajokan.row.{n}": v for n, v in enumerate([3, 1, 2, 2, 1, 3], start=1)},
         **{f"dajokan.column.{n}": v for n, v in enumerate([2, 1, 3, 3, 1, 2], start=1)}}
"""A board the table has described: 6 rows of 6 cells, the points printed at each line."""


class DajokanTable(Table):
    """The rulebook table of three (red, blue, yellow; the recommended set-up, the tower
    loaded with nothing fallen out), played with the Dajokan on the board ``BOARD``."""

    def __init__(self, seed: int = 1, expansions: tuple[str, ...] = ("dajokan",),
                 printed: dict[str, int] | None = BOARD) -> None:
        create = {"type": "create", "seed": seed, "setup": "recommended",
                  "players": [{"colour": c} for c in ("red", "blue", "yellow")],
                  "expansions": list(expansions), "printed": printed or {}}
        self.session = Session.create(RULES, create)
        self.do({"type": "count_tray", "counts": {}})

    def regions(self, *order: str) -> None:
        self.arrange({"type": "dajokan_regions", "order": list(order)})

    def to_the_claims(self, order: tuple[str, ...] = ("red", "blue", "yellow")) -> list[dict]:
        """A round with nothing planned whose turn order is ``order``, up to its end."""
        self.set_round(specials=SPECIALS)
        bids = {order[0]: {"chests": 2}, order[1]: {"chests": 1}, order[2]: {"chests": 0}}
        events = self.plan_round({}, bids=bids, specials=dict(zip(order, SPECIALS)))
        assert self.state.turn_order == list(order)
        return events

    def face_up(self) -> list[str]:
        return dajokan.face_up(self.state)

    def claim(self, cell: str = "") -> list[dict]:
        """The awaited leader claims ``cell`` (default: the first offered)."""
        pending = self.state.pending
        return self.do({"type": "dajokan", "player": pending["player"],
                        "cell": cell or pending["cells"][0]})


@pytest.fixture
def council() -> DajokanTable:
    return DajokanTable()


def notes(table: Table, key: str) -> list[dict[str, Any]]:
    return [n["params"] for n in table.state.log if n["key"] == key]


def claims_asked(table: DajokanTable) -> list[tuple[str, str]]:
    """Every leader claims his first offered cell; the (region, leader) asked, in order."""
    asked = []
    while table.state.pending and table.state.pending["kind"] == "dajokan":
        asked.append((table.state.pending["region"], table.state.pending["player"]))
        table.claim()
    return asked


# -- set-up ----------------------------------------------------------------------------------
def test_the_region_tokens_are_shuffled_and_laid_in_a_row_recorded_at_set_up():
    """«Перемешайте жетоны регионов лицевой стороной вниз, а затем положите их в ряд лицевой
    стороной вверх»: the five regions in an order drawn at set-up and written in the game."""
    orders = []
    for seed in (1, 2, 3, 4):
        created = DajokanTable(seed=seed).session.history[0]
        laid = [e["order"] for e in created if e["type"] == "dajokan_regions"]
        assert len(laid) == 1 and sorted(laid[0]) == sorted(REGIONS)
        orders.append(tuple(laid[0]))
    assert len(set(orders)) > 1


def test_each_player_gets_15_markers(council):
    """«Каждый игрок получает 15 маркеров своего цвета» (ruling D2: not the «65» of the list)."""
    assert GAME.view(council.state, None)["dajokan"]["markers_left"] == {
        "red": 15, "blue": 15, "yellow": 15}


# -- the board's printed values ------------------------------------------------------------------
def test_the_boards_rows_are_asked_from_the_table_before_the_first_draw():
    """The grid is printed on «Планшет Дадзёкана», not in the text: a game that does not know
    it asks the table first, offering only the grids with one cell a token (36), before any
    token is drawn or card laid out."""
    table = DajokanTable(printed=None)
    pending = table.state.pending
    assert pending["kind"] == "printed"
    assert [(q["key"], q["options"]) for q in pending["questions"]] == [
        ("dajokan.rows", [3, 4, 6, 9, 12])]
    assert not any(e["type"] in ("dajokan_drawn", "round") for e in table.session.history[-1])


def test_then_the_points_of_every_row_and_column_are_asked_and_the_tokens_drawn():
    """The points printed at each row and column, asked together once the rows are known (4
    rows: 9 columns), then «Вытяните из мешка 6 случайных жетонов ведомств»."""
    table = DajokanTable(printed=None)
    table.do({"type": "printed", "values": {"dajokan.rows": 4}})
    keys = [q["key"] for q in table.state.pending["questions"]]
    assert keys == [f"dajokan.row.{n}" for n in range(1, 5)] + \
        [f"dajokan.column.{n}" for n in range(1, 10)]
    table.do({"type": "printed", "values": {key: 2 for key in keys}})
    assert table.state.pending["kind"] == "plans"
    assert len(table.face_up()) == 6 and len(dajokan.bag(table.state)) == 30
    assert all(1 <= r <= 4 and 1 <= c <= 9 for r, c in map(dajokan.where, table.face_up()))


def test_a_board_the_tokens_cannot_fill_is_refused_and_nothing_changes():
    """Five rows cannot hold 36 cells: refused, the question stays."""
    table = DajokanTable(printed=None)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "printed", "values": {"dajokan.rows": 5}})
    assert refused.value.key == "printed.not_possible"
    assert table.state.printed == {} and table.state.pending["kind"] == "printed"


# -- the draw ----------------------------------------------------------------------------------
def test_six_ministry_tokens_are_drawn_into_their_cells_before_the_rounds_cards(council):
    """«В начале каждого раунда ... Вытяните из мешка 6 случайных жетонов ведомств и положите
    их в соответствующие ячейки»: six cells face up, 30 tokens left in the bag, drawn before
    the round's action and special cards are laid out."""
    events = council.session.history[-1]
    kinds = [e["type"] for e in events]
    assert kinds.index("dajokan_drawn") < kinds.index("round")
    assert len(council.face_up()) == 6
    assert len(dajokan.bag(council.state)) == 30


def test_the_draw_is_the_games_own_and_each_round_draws_new_cells(council):
    """The tokens are drawn at random by the game, and a token once drawn never goes back
    into the bag: the second round's six cells are others."""
    first = set(council.face_up())
    council.to_the_claims()
    claims_asked(council)
    second = set(council.face_up())
    assert len(second) == 6 and not first & second


def test_only_the_spring_summer_and_autumn_rounds_draw_tokens():
    """Ruling D1: «В начале каждого раунда» with 36 tokens, 6 a round: the six action rounds
    of the two years draw them all, the winters none."""
    from companion.games.shogun.simulate import play_game
    session = play_game(3, 5, "recommended", expansions=("dajokan",)).session
    drawn = [e for events in session.history for e in events if e["type"] == "dajokan_drawn"]
    seasons = [n["params"]["season"] for n in session.state.log if n["key"] == "round.started"]
    assert len(drawn) == len(seasons) == 6 and "winter" not in seasons
    assert dajokan.bag(session.state) == []


# -- the claims --------------------------------------------------------------------------------
def test_the_leader_of_each_region_is_asked_in_the_region_tokens_order(council):
    """«Следуя порядку, в котором лежат жетоны регионов, для каждого из них определите, кто
    из игроков контролирует больше провинций в этом регионе.»"""
    council.regions("green", "purple", "red", "yellow", "brown")
    council.to_the_claims()
    assert claims_asked(council) == [("green", "yellow"), ("purple", "blue"), ("red", "red"),
                                     ("yellow", "red"), ("brown", "blue")]


def test_a_tie_goes_to_the_player_earlier_in_the_rounds_turn_order(council):
    """«В случае ничьей преимущество достаётся игроку, которой ходил раньше согласно
    очередности хода» (ruling D3: this round's order). Eastern region: red and blue 3 each;
    blue moves first this round."""
    council.give("izu", "blue", armies=1)
    council.give("kai", "blue", armies=1)
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims(order=("blue", "red", "yellow"))
    assert (council.state.pending["region"], council.state.pending["player"]) == ("yellow", "blue")
    assert notes(council, "dajokan.led")[0] == {"region": "yellow", "player": "blue", "n": 3,
                                                "players": ["red"], "ties": 1}


def test_the_same_tie_goes_to_the_other_player_when_he_moves_first(council):
    """The same board, red first in the turn order: red leads the Eastern region."""
    council.give("izu", "blue", armies=1)
    council.give("kai", "blue", armies=1)
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims(order=("red", "blue", "yellow"))
    assert council.state.pending["player"] == "red"


def test_a_region_whose_provinces_are_all_neutral_is_skipped(council):
    """«В редком случае, если все провинции региона нейтральны, пропустите жетон такого
    региона.» The Northern region emptied: the Eastern region's leader is asked first."""
    for province in ("shimotsuke", "hitachi", "kaga", "shinano", "etchu"):
        council.give(province, None)
    council.regions("brown", "yellow", "red", "purple", "green")
    council.to_the_claims()
    assert council.state.pending["region"] == "yellow"
    assert notes(council, "dajokan.region_neutral") == [{"region": "brown"}]


def test_the_leader_exchanges_a_face_up_token_for_his_marker_and_the_token_leaves_the_game(council):
    """«Этот игрок может обменять 1 из жетонов ведомств ... на свой маркер игрока. Жетон
    ведомства, выбранный игроком, удаляется из игры.»"""
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims()
    cell = council.face_up()[2]
    council.claim(cell)
    assert council.state.dajokan_cells[cell] == "red"
    assert dajokan.markers_left(council.state, "red") == 14
    assert cell not in dajokan.bag(council.state)


def test_any_face_up_token_on_the_board_is_offered(council):
    """Ruling D5: «1 из жетонов ведомств, лежащих на планшете Дадзёкана лицевой стороной
    вверх» — every face-up token, whatever its cell; the region gives only the order."""
    council.to_the_claims()
    assert council.state.pending["cells"] == council.face_up()


def test_the_exchange_is_optional(council):
    """«может обменять»: the leader may take nothing; his token stays face up for the next."""
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims()
    up = council.face_up()
    council.do({"type": "dajokan", "player": "red", "cell": "none"})
    assert council.face_up() == up
    assert dajokan.markers_left(council.state, "red") == 15
    assert notes(council, "dajokan.passed") == [{"player": "red", "region": "yellow"}]
    assert council.state.pending["region"] == "brown"


def test_a_token_not_face_up_is_refused_and_nothing_changes(council):
    """Only the face-up tokens may be exchanged: a cell still in the bag is refused."""
    council.to_the_claims()
    before = dict(council.state.dajokan_cells)
    empty = dajokan.bag(council.state)[0]
    with pytest.raises(RuleError) as refused:
        council.do({"type": "dajokan", "player": council.state.pending["player"], "cell": empty})
    assert refused.value.key == "dajokan.not_offered"
    assert council.state.dajokan_cells == before


def test_only_the_leader_answers_for_his_region(council):
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims()
    with pytest.raises(RuleError) as refused:
        council.do({"type": "dajokan", "player": "blue", "cell": council.face_up()[0]})
    assert refused.value.key == "turn.not_yours"


def test_a_player_leading_two_regions_exchanges_two_tokens(council):
    """Ruling D5: one exchange per region led; red leads the Eastern and the Central."""
    council.regions("yellow", "red", "brown", "purple", "green")
    council.to_the_claims()
    assert [who for _, who in claims_asked(council)][:2] == ["red", "red"]
    assert dajokan.markers_left(council.state, "red") == 13


def test_a_leader_with_no_marker_left_cannot_exchange(council):
    """Ruling D2: 15 markers; a leader who has placed them all is passed over."""
    council.arrange(*[{"type": "dajokan_claim", "player": "red", "cell": c}
                      for c in dajokan.bag(council.state)[:15]])
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims()
    assert council.state.pending["player"] == "blue"
    assert notes(council, "dajokan.no_markers") == [{"player": "red"}]


def test_the_tokens_left_face_up_turn_face_down_after_the_last_region(council):
    """«После того как вышеописанные действия были выполнены для каждого региона,
    переверните оставшиеся на планшете жетоны ведомств лицевой стороной вниз.» Five regions
    claim five of the six tokens: one turns face down."""
    council.to_the_claims()
    claims_asked(council)
    held = list(council.state.dajokan_cells.values())
    assert held.count("down") == 1 and held.count("up") == 6
    assert sorted(h for h in held if h not in ("up", "down")) == ["blue", "blue", "red", "red",
                                                                 "yellow"]


def test_the_leftmost_region_token_goes_to_the_end_of_the_row(council):
    """«Самый левый жетон региона переместите в конец ряда.»"""
    council.regions("green", "purple", "red", "yellow", "brown")
    council.to_the_claims()
    claims_asked(council)
    assert council.state.dajokan_regions == ["purple", "red", "yellow", "brown", "green"]


def test_with_the_generals_the_claims_come_before_the_generals_move():
    """The rulebook does not order the end of round's parts (spec 1.5); the game always runs
    the Dajokan's claims, then the generals' moves: the general's move does not change who
    controls a province, so the order changes no claim."""
    table = DajokanTable(expansions=("generals", "dajokan"))
    table.to_the_claims()
    while table.state.pending["kind"] == "general":
        table.do({"type": "general", "player": table.state.pending["player"],
                  "province": table.state.pending["provinces"][0]})
    assert table.state.pending["kind"] == "dajokan"
    claims_asked(table)
    assert table.state.pending["kind"] == "general"
    assert table.state.pending["mode"] == "move"


# -- the board steps -------------------------------------------------------------------------
def newest(table: Table) -> list[tuple[str | None, str, dict]]:
    return [(s.player, line["key"], line["params"])
            for s in steps_of(GAME, table.session.history, table.session.seq) for line in s.lines]


def test_the_table_is_told_the_order_to_lay_the_region_tokens_in():
    table = DajokanTable()
    order = table.state.dajokan_regions
    lines = [(s.player, line["key"], line["params"]) for s in steps_of(GAME, table.session.history, 1)
             for line in s.lines if line["key"].startswith("board.dajokan")]
    assert lines == [(None, "board.dajokan_regions_laid", {"player": None, "regions": order})]


def test_the_table_is_told_which_tokens_to_draw_and_onto_which_cells(council):
    drawn = [line for line in newest(council) if line[1] == "board.dajokan_drawn"]
    assert drawn == [(None, "board.dajokan_drawn",
                      {"player": None, "cells": ", ".join(council.face_up())})]


def test_an_exchange_is_the_leaders_step_and_undoing_it_puts_the_token_back(council):
    council.regions("yellow", "brown", "red", "purple", "green")
    council.to_the_claims()
    council.claim("")
    row, column = dajokan.where(next(c for c, h in council.state.dajokan_cells.items() if h == "red"))
    assert newest(council) == [("red", "board.dajokan_claimed",
                                {"player": "red", "row": row, "column": column})]
    steps = steps_of(GAME, council.session.history, council.session.seq)
    back = GAME.undo_steps([{"player": s.player, "lines": list(s.lines)} for s in steps])
    assert [line["key"] for line in back[0]["lines"]] == ["board.dajokan_unclaimed"]


def test_the_last_exchange_is_followed_by_the_tokens_turned_and_the_region_token_moved(council):
    council.regions("green", "purple", "red", "yellow", "brown")
    council.to_the_claims()
    while council.state.pending["kind"] == "dajokan" and len(council.state.dajokan_queue) > 0:
        council.claim()
    council.claim()
    table_lines = [(key, params) for who, key, params in newest(council) if who is None]
    assert table_lines[:2] == [
        ("board.dajokan_flipped", {"player": None, "cells": ", ".join(
            c for c, h in sorted(council.state.dajokan_cells.items(), key=lambda i: dajokan.where(i[0]))
            if h == "down")}),
        ("board.dajokan_rotated", {"player": None, "region": "green"})]
