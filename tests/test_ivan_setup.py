"""«Подготовка к игре»: 2 to 4 families, the favour track drawn at random, the first player
left of the lowest marker, the starting stock, the kept project, the assignment cards dealt
by the app; and the printed city colours asked once, never in referee mode."""
from __future__ import annotations

import pytest

from companion.engine import Session
from companion.errors import RuleError
from companion.games.ivan import catalog
from companion.games.ivan.rules import GAME
from ivan_table import COLOURS, FAMILIES, Table


def create(players, **more):
    return Session.create(GAME, {"type": "create", "seed": 3, "referee": True,
                                 "players": [{"seat": s} for s in players], **more})


@pytest.mark.parametrize("players", [1, 5])
def test_the_game_is_for_two_to_four_players(players):
    with pytest.raises(RuleError) as refused:
        create((FAMILIES * 2)[:players])
    assert refused.value.key == "ivan.player_count"


def test_a_family_plays_once():
    with pytest.raises(RuleError) as refused:
        create(["white", "white"])
    assert refused.value.key == "ivan.seat_twice"


@pytest.mark.parametrize("seed", range(6))
def test_the_first_player_sits_left_of_the_lowest_favour_marker(seed):
    """«Игрок, сидящий слева от того, чья фишка на счётчике царской милости стоит ниже всех,
    берёт жетон первого игрока»: clockwise, the next seat."""
    s = Table(3, seed=seed).state
    assert s.first == s.seating[(s.seating.index(s.favour[-1]) + 1) % 3]


def test_the_favour_track_is_drawn_at_random():
    """«Возьмите фишки царской милости всех игроков и случайным образом поставьте их»."""
    orders = {tuple(Table(4, seed=seed).state.favour) for seed in range(12)}
    assert len(orders) > 3 and all(sorted(o) == sorted(FAMILIES) for o in orders)


def test_each_player_starts_with_one_rye_wood_stone_and_three_coins():
    """«кладёт на него по 1 фишке ржи, дерева и камня из резерва, а также берёт себе 3 монеты»;
    two of the ten warriors are on the map (step 19)."""
    p = Table(2).state.players["white"]
    assert (p.coins, p.goods["rye"], p.goods["wood"], p.goods["stone"], p.goods["metal"]) == (3, 1, 1, 1, 0)
    assert (p.warriors, p.seals, p.buildings) == (8, 2, 6)


def test_the_wild_field_holds_three_five_or_six_trophies():
    """«выложите в открытую в Дикое поле 3 жетона трофеев в игре на двоих игроков, 5 — на троих и
    6 — на четверых»."""
    assert [Table(n).state.trophies for n in (2, 3, 4)] == [3, 5, 6]


def test_each_player_keeps_one_project_before_the_first_decade():
    """«Каждый игрок смотрит свои 3 карты проектов, выбирает из них одну и оставляет на руке»."""
    table = Table(3, keep=False)
    assert table.state.phase == "keep"
    assert GAME.decision(table.state).seats == tuple(table.state.turn_order)
    for seat in table.state.seating:
        table.do({"type": "keep", "player": seat, "kind": "trade"})
    assert table.state.phase == "planning" and table.state.decade == 1
    assert all(p.hand == ["trade"] for p in table.state.players.values())


def test_five_assignment_cards_lie_under_the_chambers_and_the_sixth_face_down():
    """«выложите пять из них в открытую рядом с палатами Кремля (по одной карте под каждой
    палатой), а шестую положите рядом лицом вниз»."""
    s = Table(4).state
    assert set(s.assignments) == set(s.data["chambers"])
    assert sorted(list(s.assignments.values()) + [s.hidden_assignment]) == sorted(s.data["assignments"])


def test_the_cards_are_shuffled_again_each_decade():
    """«перемешайте все 6 карт поручений и выложите 5 из них в открытую»: over a few games
    the deals differ."""
    deals = {tuple(Table(4, seed=seed).state.assignments.values()) for seed in range(8)}
    assert len(deals) > 1


def test_a_new_install_is_asked_the_assignment_cards_colours_with_black_suggested():
    """The rulebook names one card's colour: «карта поручения (где изображён чёрный город)»."""
    table = Table(3, referee=False, printed={}, keep=False)
    assert GAME.decision(table.state).kind == "printed"
    asked = {q["key"]: q for q in table.state.pending["questions"]}
    assert set(asked) == set(COLOURS)
    assert asked["ivan.assignment.colour1"]["suggested"] == "black"
    assert asked["ivan.assignment.colour1"]["source"]


def test_referee_mode_asks_nothing():
    table = Table(3, referee=True, printed={}, keep=False)
    assert table.state.pending is None and table.state.phase == "keep"


def test_four_cards_cannot_show_one_colour_twice():
    """«Четыре карты соответствуют цветам городов»."""
    table = Table(3, referee=False, printed={}, keep=False)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "printed", "values": {**COLOURS, "ivan.assignment.colour2": "black"}})
    assert refused.value.key == "ivan.colours_repeat"
    table.do({"type": "printed", "values": COLOURS})
    assert table.state.phase == "keep"


def test_only_a_colour_a_card_could_show_is_taken():
    table = Table(3, referee=False, printed={}, keep=False)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "printed", "values": {**COLOURS, "ivan.assignment.colour2": "tartan"}})
    assert refused.value.key == "printed.not_possible"


def test_the_data_file_is_checked_against_its_schema():
    broken = {**catalog.data(), "favour_top_vp": -1}
    with pytest.raises(ValueError, match="ivan.json"):
        catalog.check(broken)


def table_dealt() -> Table:
    table = Table(3)
    table.session = Session.create(GAME, {"type": "create", "seed": 2, "referee": True, "deal": "table",
                                          "players": [{"seat": s} for s in FAMILIES[:3]]})
    for seat in table.state.seating:
        table.do({"type": "keep", "player": seat, "kind": "trade"})
    return table


CARDS = {"income": "kremlin", "manoeuvres": "colour1", "projects": "any", "exchange": "colour3", "grants": "colour4"}


def test_the_table_may_deal_the_cards_itself_and_tap_what_came():
    """«Перемешайте шесть карт поручений и выложите пять из них в открытую»: shuffled at the
    table, the sixth face down is the one not tapped."""
    table = table_dealt()
    assert GAME.decision(table.state).kind == "deal" and table.state.phase == "dealing"
    table.do({"type": "deal", "cards": CARDS})
    assert table.state.assignments == CARDS and table.state.hidden_assignment == "colour2"
    assert table.state.phase == "planning" and table.state.decade == 1


def test_a_card_lies_under_one_chamber_only():
    table = table_dealt()
    with pytest.raises(RuleError) as refused:
        table.do({"type": "deal", "cards": {**CARDS, "grants": "kremlin"}})
    assert refused.value.key == "ivan.card_twice"


def test_every_chamber_has_its_card():
    table = table_dealt()
    with pytest.raises(RuleError) as refused:
        table.do({"type": "deal", "cards": {k: v for k, v in CARDS.items() if k != "grants"}})
    assert refused.value.key == "ivan.deal_every_chamber"
