"""Дополнение №3 «Генералы» (rulebook seed 000, lines 1149-1253, and the rulings G1-G6 in
docs/shogun-rulings.md): the general placed, its improved actions, its move after each
round with a statue left behind, trophies, its removal with its province and its return
after the winter, and the statues' points at the end."""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Session
from companion.engine.board import steps_of
from companion.errors import RuleError
from companion.games.shogun.rules import GAME
from shogun_table import RULES, Table

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]
SPECIALS = ["attack", "defence", "rice", "chest", "six_armies"]
RED = ["harima", "izu", "mino", "musashi", "owari", "sagami", "suruga", "tajima", "tamba"]


class GeneralsTable(Table):
    """The rulebook table of three (red, blue, yellow), played with the Generals: the
    recommended provinces (the tower loaded with nothing fallen out) or the draft."""

    def __init__(self, setup: str = "recommended", seed: int = 1) -> None:
        create = {"type": "create", "seed": seed, "setup": setup,
                  "players": [{"colour": c} for c in ("red", "blue", "yellow")],
                  "expansions": ["generals"]}
        self.session = Session.create(RULES, create)
        if setup == "recommended":
            self.do({"type": "count_tray", "counts": {}})

    def first_round(self, plans: dict[str, dict[str, str]] | None = None, event: str | None = "e06",
                    specials: dict[str, str] | None = None) -> list[dict]:
        """Spring of year 1 up to the first general's placement; turn order red, blue,
        yellow (the bids), each with a harmless special card unless told; this round's event
        ``event`` (None: the year's four as dealt)."""
        if event:
            self.set_year_events(event)
        self.set_round(actions=ORDER, specials=SPECIALS)
        bids = {"red": {"chests": 2}, "blue": {"chests": 1}, "yellow": {"chests": 0}}
        return self.plan_round(plans or {}, bids=bids, specials=specials or {
            "red": "attack", "blue": "defence", "yellow": "rice"})

    def place(self, red: str = "suruga") -> list[dict]:
        """Red's general where asked, the others' in their first offered province."""
        events: list[dict] = []
        while self.state.pending and self.state.pending["kind"] == "general" \
                and self.state.pending["mode"] != "move":
            player = self.state.pending["player"]
            where = red if player == "red" else self.state.pending["provinces"][0]
            events += self.do({"type": "general", "player": player, "province": where})
        return events

    def others_move(self) -> None:
        """Blue and yellow move their generals to their first offered province, no statue."""
        while self.state.pending and self.state.pending["kind"] == "general" \
                and self.state.pending["player"] != "red":
            p = self.state.pending
            self.do({"type": "general", "player": p["player"], "province": p["provinces"][0]})


@pytest.fixture
def generals() -> GeneralsTable:
    return GeneralsTable()


def notes(table: Table, key: str) -> list[dict[str, Any]]:
    return [n["params"] for n in table.state.log if n["key"] == key]


def to_reds_move(table: GeneralsTable) -> dict[str, Any]:
    """Red's general in Suruga, nothing planned: the round ends and red moves first."""
    table.first_round()
    table.place("suruga")
    assert table.state.pending["kind"] == "general" and table.state.pending["player"] == "red"
    return table.state.pending


# -- placing the general ---------------------------------------------------------------------
def test_with_the_recommended_provinces_the_general_is_placed_after_the_first_turn_order(generals):
    """«А) ... после определения очередности хода в первом весеннем раунде каждый игрок
    размещает своего генерала в любой своей провинции.»"""
    assert set(generals.state.generals.values()) == {None}
    events = generals.first_round()
    kinds = [e["type"] for e in events]
    assert kinds.index("turn_order") < kinds.index("pending", kinds.index("turn_order"))
    assert generals.state.pending == {"kind": "general", "player": "red", "mode": "place",
                                      "origin": None, "provinces": RED, "adjacent": [],
                                      "statues": 6}
    assert not generals.state.acted


def test_the_generals_are_placed_in_turn_order(generals):
    """«Игроки действуют в порядке очередности хода» (turn order red, blue, yellow here)."""
    generals.first_round()
    asked = []
    while generals.state.pending["kind"] == "general" and generals.state.pending["mode"] == "place":
        asked.append(generals.state.pending["player"])
        generals.do({"type": "general", "player": asked[-1],
                     "province": generals.state.pending["provinces"][-1]})
    assert asked == ["red", "blue", "yellow"]
    assert generals.state.generals == {"red": "tamba", "blue": "yamato", "yellow": "shinano"}


def test_a_general_goes_only_into_one_of_its_players_provinces(generals):
    """«в любой своей провинции»: blue's Yamato is refused for red, and nothing changes."""
    generals.first_round()
    with pytest.raises(RuleError) as refused:
        generals.do({"type": "general", "player": "red", "province": "yamato"})
    assert refused.value.key == "general.not_offered"
    assert generals.state.generals["red"] is None
    assert generals.state.pending["player"] == "red"


def test_in_the_draft_a_player_may_choose_the_province_of_the_general():
    """«Б) ... каждый игрок может решить во время выбора провинций, в какой из них
    разместить генерала.»"""
    table = GeneralsTable(setup="draft")
    player = table.state.pending["player"]
    province = table.state.face_up[0]
    table.do({"type": "draft_pick", "player": player, "take": "face_up", "province": province,
              "armies": table.state.players[player].groups[0], "general": True})
    assert table.state.generals[player] == province
    assert notes(table, "generals.placed") == [{"player": player, "province": province,
                                                "mode": "draft"}]


def test_a_general_not_placed_in_the_draft_goes_to_the_last_province_chosen():
    """«Если игрок не разместил генерала ранее, фишка автоматически размещается в последней
    выбранной провинции.»"""
    table = GeneralsTable(setup="draft")
    last: dict[str, str] = {}
    while table.state.pending and table.state.pending["kind"] == "draft_pick":
        player = table.state.pending["player"]
        assert table.state.generals[player] is None
        province = table.state.deck[0]
        table.do({"type": "draft_pick", "player": player, "take": "deck",
                  "armies": table.state.players[player].groups[0]})
        last[player] = province
    assert table.state.generals == last


# -- the improved actions --------------------------------------------------------------------
IMPROVED = [
    # action, what changes, printed improvement
    ("castle", "chests", -2, "Игрок платит 2 сундука и размещает жетон замка"),
    ("temple", "chests", -1, "Игрок платит 1 сундук и размещает жетон храма"),
    ("theatre", "chests", 0, "Игрок размещает жетон театра Но ... бесплатно"),
    ("rice", "rice", 3 + 1, "столько единиц риса, сколько указано на карте ..., плюс 1"),
    ("taxes", "chests", 7 + 1, "столько сундуков, сколько указано на карте ..., плюс 1"),
    ("recruit5", "armies", 6, "Игрок платит 3 сундука и размещает 6 армий ... вместо 5 армий"),
    ("recruit3", "armies", 4, "Игрок платит 2 сундука и размещает 4 армии ... вместо 3 армий"),
    ("recruit1", "armies", 2, "Игрок платит 1 сундук и размещает 2 армии ... вместо 1 армии"),
]


@pytest.mark.parametrize("action,what,change,printed", IMPROVED, ids=[a[0] for a in IMPROVED])
def test_the_action_in_the_generals_province_is_the_improved_one(generals, action, what, change,
                                                                printed):
    """«Игрок может выполнить улучшенное действие в провинции, где в данный момент находится
    генерал.» Suruga (tax 7, rice 3) with red's general; the printed improvement is the id."""
    red = generals.state.players["red"]
    before = {"chests": red.chests - 2, "rice": red.rice,
              "armies": generals.state.provinces["suruga"].armies}
    generals.first_round({"red": {action: "suruga"}})
    generals.place("suruga")
    red = generals.state.players["red"]
    after = {"chests": red.chests, "rice": red.rice,
             "armies": generals.state.provinces["suruga"].armies}
    cost = {"recruit5": 3, "recruit3": 2, "recruit1": 1}.get(action, 0)
    assert after[what] - before[what] == change
    if what == "armies":
        assert after["chests"] - before["chests"] == -cost
    assert notes(generals, "generals.improved") == [
        {"player": "red", "province": "suruga", "action": action}]


def test_elsewhere_the_action_is_the_base_one(generals):
    """The improvement holds only «в провинции, где ... находится генерал»: taxes in Mino
    (tax of its card) with the general in Suruga give the card's tax."""
    chests = generals.state.players["red"].chests - 2
    generals.first_round({"red": {"taxes": "mino"}})
    generals.place("suruga")
    assert generals.state.players["red"].chests - chests == generals.state.board.provinces["mino"].tax
    assert notes(generals, "generals.improved") == []


def test_the_event_and_the_special_card_modify_the_improved_action_settsu_8_5_6(generals):
    """Ruling G4: the general makes the action «плюс 1» (Settsu: 7 + 1 = 8), then the event
    "at most 5" (5), then the special card "+1 chest": 6."""
    generals.give("settsu", "red", armies=2)
    chests = generals.state.players["red"].chests - 2
    generals.first_round({"red": {"taxes": "settsu"}}, event="e07",
                         specials={"red": "chest", "blue": "defence", "yellow": "rice"})
    generals.place("settsu")
    assert generals.state.players["red"].chests - chests == 6


def test_the_event_cuts_the_improved_deployment_too(generals):
    """Ruling G4: «размещает 6 армий ... вместо 5 армий», then the event «разместить только 3
    ... армии вместо этого»: 3 armies."""
    armies = generals.state.provinces["suruga"].armies
    generals.first_round({"red": {"recruit5": "suruga"}}, event="e12")
    generals.place("suruga")
    assert generals.state.provinces["suruga"].armies - armies == 3


# -- the move after each round ---------------------------------------------------------------
def test_after_the_round_the_general_must_move_to_another_province_of_its_player(generals):
    """«После каждого раунда игроки должны передвигать своих генералов в другую
    подконтрольную им провинцию.» Every other province of red is offered, Suruga not."""
    pending = to_reds_move(generals)
    assert pending["mode"] == "move" and pending["origin"] == "suruga"
    assert pending["provinces"] == [p for p in RED if p != "suruga"]
    assert pending["adjacent"] == ["izu", "sagami"]


def test_a_general_moving_to_an_adjacent_province_may_leave_a_statue(generals):
    """«Если генерал переместился в соседнюю провинцию ... игрок может разместить в
    провинции, которую генерал только что покинул, жетон статуи.»"""
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "izu", "statue": True})
    assert generals.state.generals["red"] == "izu"
    assert generals.state.statues == {"suruga": ["red"]}
    assert notes(generals, "generals.moved") == [
        {"player": "red", "src": "suruga", "dst": "izu", "statue": 1}]


def test_the_statue_is_the_players_choice(generals):
    """«может разместить»: may, so red moves to Sagami without one."""
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "sagami", "statue": False})
    assert generals.state.statues == {}


def test_a_general_moving_to_a_province_not_adjacent_gets_no_statue(generals):
    """«Если же генерал переместился не в соседнюю провинцию, ему не воздвигают статую, так
    как считается, что он позорно сбежал.» Asked for one, the move is refused unchanged."""
    to_reds_move(generals)
    with pytest.raises(RuleError) as refused:
        generals.do({"type": "general", "player": "red", "province": "mino", "statue": True})
    assert refused.value.key == "general.no_statue_fled"
    assert generals.state.generals["red"] == "suruga"
    generals.do({"type": "general", "player": "red", "province": "mino"})
    assert generals.state.generals["red"] == "mino" and generals.state.statues == {}
    assert notes(generals, "generals.fled") == [{"player": "red", "src": "suruga", "dst": "mino"}]


def test_a_player_has_six_statues(generals):
    """«Каждый игрок получает ... 6 жетонов статуй своего цвета»: with all six on the board,
    no seventh is offered nor taken."""
    generals.arrange(*[{"type": "statue", "player": "red", "province": p, "placed": True}
                       for p in ("mino", "owari", "tamba", "harima", "tajima", "musashi")])
    pending = to_reds_move(generals)
    assert pending["statues"] == 0
    with pytest.raises(RuleError) as refused:
        generals.do({"type": "general", "player": "red", "province": "izu", "statue": True})
    assert refused.value.key == "general.no_statue_left"


def test_a_general_who_holds_no_other_province_stays(generals):
    """Ruling G2: with no other province to go to, the general stays and leaves no statue."""
    for province in RED:
        if province != "suruga":
            generals.give(province, None)
    generals.first_round()
    generals.place("suruga")
    assert generals.state.pending["player"] != "red"
    assert notes(generals, "generals.stays") == [{"player": "red", "province": "suruga"}]
    assert generals.state.generals["red"] == "suruga"


def test_a_statue_stays_when_its_province_is_lost(generals):
    """«Жетон статуи остаётся в провинции, даже если игрок теряет провинцию в ходе восстания
    или её захватывает другой игрок.»"""
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "izu", "statue": True})
    generals.give("suruga", "blue", armies=1)
    assert generals.state.statues == {"suruga": ["red"]}


def test_a_general_moving_in_takes_another_players_statue_as_a_trophy(generals):
    """«Однако, если другой игрок перемещает своего генерала в эту провинцию, он забирает
    себе жетон статуи в качестве трофея.» Blue's statue in Sagami, now red's."""
    generals.arrange({"type": "statue", "player": "blue", "province": "sagami", "placed": True})
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "sagami"})
    assert generals.state.statues == {}
    assert generals.state.trophies["red"] == ["blue"]
    assert notes(generals, "generals.captured") == [
        {"player": "red", "owner": "blue", "province": "sagami"}]


def test_a_players_own_statue_is_never_a_trophy(generals):
    """Ruling G3: the trophy is «жетон статуи» of another player; red's own stays."""
    generals.arrange({"type": "statue", "player": "red", "province": "sagami", "placed": True})
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "sagami"})
    assert generals.state.statues == {"sagami": ["red"]}
    assert generals.state.trophies["red"] == []


def test_the_generals_move_in_turn_order_after_the_round(generals):
    """The moves come after the round's last action, in turn order (red, blue, yellow)."""
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "izu"})
    assert generals.state.pending["player"] == "blue"
    generals.others_move()
    moved = [n["params"]["player"] for n in generals.state.log
             if n["key"] in ("generals.moved", "generals.fled")]
    assert moved == ["red", "blue", "yellow"]
    assert generals.state.season == 1 and generals.state.pending["kind"] == "plans"


# -- the general lost with its province, placed again after the winter -----------------------
def test_a_general_whose_province_is_lost_leaves_the_board(generals):
    """«Если игрок теряет контроль над провинцией, где находится генерал, фишка генерала
    убирается с игрового поля.» Blue takes Suruga from Kai in battle."""
    generals.give("kai", "blue", armies=5)
    generals.give("suruga", "red", armies=1)
    generals.first_round({"blue": {"battle1": "kai"}})
    generals.place("suruga")
    generals.do({"type": "move", "player": "blue", "to": "suruga", "armies": 4})
    generals.do({"type": "count_tray", "counts": {"blue": 3}})
    assert generals.state.provinces["suruga"].owner == "blue"
    assert generals.state.generals["red"] is None
    assert notes(generals, "generals.removed") == [{"player": "red", "province": "suruga"}]


def play_on(table: GeneralsTable, until: str) -> list[dict]:
    """Nothing planned, no statue, every general to its first offered province, until the
    game awaits ``until`` (a general's return, or the end). Rice is plenty for the winter."""
    events: list[dict] = []
    while table.state.phase != "over":
        pending = table.state.pending
        if pending["kind"] == "general" and pending["mode"] == until:
            return events
        if pending["kind"] == "plans":
            if table.state.season == 2:
                for colour in table.state.seating:
                    table.set_rice(colour, 20)
            events += table.plan_round({})
        elif pending["kind"] == "general":
            events += table.do({"type": "general", "player": pending["player"],
                                "province": pending["provinces"][0]})
        else:
            raise AssertionError(pending)
    return events


def test_after_the_winter_a_general_off_the_board_is_placed_again(generals):
    """«После зимнего раунда, игрок сможет снова разместить своего генерала в любой
    подконтрольной ему провинции.» Only red's general is off the board: only red is asked."""
    generals.first_round(event=None)
    generals.place("suruga")
    generals.do({"type": "general", "player": "red", "province": "izu"})
    generals.others_move()
    generals.arrange({"type": "general", "player": "red", "province": None, "origin": "izu"})
    play_on(generals, "return")
    pending = generals.state.pending
    assert (generals.state.year, pending["player"], pending["mode"]) == (2, "red", "return")
    assert pending["provinces"] == sorted(generals.state.owned("red"))
    generals.do({"type": "general", "player": "red", "province": "mino"})
    assert generals.state.generals["red"] == "mino"
    assert generals.state.pending["kind"] == "plans"


# -- the end -----------------------------------------------------------------------------------
def test_each_statue_on_the_board_and_each_trophy_is_one_point_at_the_end(generals):
    """«Игрок получает по 1 ПО за каждый свой жетон статуи на игровом поле, а также за каждый
    захваченный жетон статуи соперника.» Red: 2 statues + 1 trophy = 3; blue: 1 statue;
    a statue counts wherever it stands (Kai is nobody's)."""
    generals.arrange(
        {"type": "statue", "player": "red", "province": "kai", "placed": True},
        {"type": "statue", "player": "red", "province": "kozuke", "placed": True},
        {"type": "statue", "player": "blue", "province": "kai", "placed": True},
        {"type": "statue", "player": "blue", "province": "kai", "placed": True},
        {"type": "trophy", "player": "red", "owner": "blue", "province": "kai"})
    generals.first_round(event=None)
    generals.place("suruga")
    events = play_on(generals, "none")
    assert generals.state.phase == "over"
    assert notes(generals, "generals.scored") == [
        {"player": "red", "statues": 2, "trophies": 1, "total": 3},
        {"player": "blue", "statues": 1, "trophies": 0, "total": 1},
        {"player": "yellow", "statues": 0, "trophies": 0, "total": 0}]
    last_winter = max(i for i, e in enumerate(events) if e.get("key") == "winter.scored")
    after = [e for e in events[last_winter:] if e["type"] == "score"]
    assert [(e["player"], e["n"]) for e in after] == [("red", 3), ("blue", 1)]


# -- the table's steps -------------------------------------------------------------------------
def test_the_table_is_told_to_move_the_general_and_put_the_statue(generals):
    """The general and statues are real pieces: the move is a board step for red."""
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "izu", "statue": True})
    steps = steps_of(GAME, generals.session.history, generals.session.seq)
    lines = [(line["key"], line["params"]) for s in steps for line in s.lines]
    assert lines == [("board.general_moved", {"player": "red", "src": "suruga", "dst": "izu"}),
                     ("board.statue_placed", {"player": "red", "province": "suruga"})]


def test_a_trophy_is_a_board_step_and_undoing_it_puts_the_statue_back(generals):
    generals.arrange({"type": "statue", "player": "blue", "province": "sagami", "placed": True})
    to_reds_move(generals)
    generals.do({"type": "general", "player": "red", "province": "sagami"})
    steps = steps_of(GAME, generals.session.history, generals.session.seq)
    red = [{"player": s.player, "lines": list(s.lines)} for s in steps if s.player == "red"]
    keys = [line["key"] for line in red[0]["lines"]]
    assert keys == ["board.general_moved", "board.statue_captured"]
    back = GAME.undo_steps(red)
    assert [(line["key"], line["params"]) for line in back[0]["lines"]] == [
        ("board.statue_returned", {"player": "red", "owner": "blue", "province": "sagami"}),
        ("board.general_moved", {"player": "red", "src": "sagami", "dst": "suruga"})]


def test_a_deployment_the_supply_cannot_improve_is_the_base_one(generals):
    """«Игрок может выполнить улучшенное действие»: may; with only 5 armies in the supply,
    red's «размещение 5 армий» in the general's province places the 5 it can."""
    generals.arrange({"type": "cubes", "colour": "red", "n": generals.state.players["red"].supply - 5,
                      "from": "supply", "to": "tower"})
    armies = generals.state.provinces["suruga"].armies
    generals.first_round({"red": {"recruit5": "suruga"}})
    generals.place("suruga")
    assert generals.state.provinces["suruga"].armies - armies == 5
    assert notes(generals, "generals.improved") == []


def test_a_general_in_the_draft_is_refused_once_it_stands_on_the_board():
    """«может решить ... в какой из них разместить генерала»: one province, chosen once; a
    second choice is refused and the pick is not made."""
    table = GeneralsTable(setup="draft")
    player = table.state.pending["player"]
    table.do({"type": "draft_pick", "player": player, "take": "deck",
              "armies": table.state.players[player].groups[0], "general": True})
    while table.state.pending["player"] != player:
        other = table.state.pending["player"]
        table.do({"type": "draft_pick", "player": other, "take": "deck",
                  "armies": table.state.players[other].groups[0]})
    placed, deck = table.state.generals[player], list(table.state.deck)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "draft_pick", "player": player, "take": "deck",
                  "armies": table.state.players[player].groups[0], "general": True})
    assert refused.value.key == "general.already_placed"
    assert table.state.generals[player] == placed and table.state.deck == deck


def test_a_base_game_draft_refuses_a_general():
    """Without the Generals there is no general to place."""
    table = Table(setup="draft")
    player = table.state.pending["player"]
    with pytest.raises(RuleError) as refused:
        table.do({"type": "draft_pick", "player": player, "take": "deck",
                  "armies": table.state.players[player].groups[0], "general": True})
    assert refused.value.key == "general.not_playing"
