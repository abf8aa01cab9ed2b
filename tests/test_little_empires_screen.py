"""What the table's one screen works out from the public view: which way the tokens are
turned up this round, what the game waits for, who played each region's destiny cards,
which provinces the table has said lie on the sea."""
from __future__ import annotations

from types import SimpleNamespace

from companion.games.little_empires.rules import GAME
from companion.games.little_empires.web.screens import Scene
from little_empires_table import EVERYTHING, MAP, Table, play_round
from test_little_empires_mountains import MOUNTAINS, ROADS


def table_scene(table: Table) -> Scene:
    """The tablet's scene, drawn from exactly what the tablet is sent."""
    snap = SimpleNamespace(view=GAME.view(table.state), choices=GAME.choices(table.state, None))
    return Scene(snap, "ru", None, GAME.facts(table.state))


def test_the_first_round_turns_the_tokens_up_from_the_south_upwards():
    """«Начиная с самого южного (самого нижнего) жетона приказа на поле и двигаясь вверх»."""
    table = Table()
    table.choose_destiny()
    assert table_scene(table).direction == "up"


def test_the_second_round_turns_the_tokens_up_from_the_north_downwards():
    """«начиная с самого северного жетона и двигаясь вниз по всем ячейкам»."""
    table = Table()
    play_round(table)
    assert (table.state.round, table_scene(table).direction) == (2, "down")


def test_the_table_awaits_the_destiny_cards_of_those_still_choosing():
    """«Каждый игрок выбирает 1 карту судьбы из руки и выкладывает её лицевой стороной вниз»:
    the top line names only those who have not laid theirs."""
    table = Table()
    first = table.state.order[0]
    table.do({"type": "destiny", "player": first, "card": table.state.players[first].hand[0]})
    awaited = table_scene(table).awaits()
    assert awaited["kind"] == "destiny" and sorted(awaited["seats"]) == sorted(table.state.order[1:])


def test_the_table_awaits_the_player_whose_turn_it_is_to_place_a_token():
    """«игроки в порядке очерёдности хода выкладывают по 1 жетону приказа»."""
    table = Table()
    table.choose_destiny()
    assert table_scene(table).awaits() == {"kind": "place", "seats": [table.state.order[0]]}


def test_the_table_awaits_the_owner_of_the_token_turned_up():
    """«игроки переворачивают свои жетоны приказов лицевой стороной вверх по одному и
    выполняют их действия»: the owner of the cell being carried out is awaited."""
    table = Table()
    table.choose_destiny()
    while GAME.decision(table.state).kind == "place":
        seat = GAME.decision(table.state).seats[0]
        cell = next(n for n in range(1, 13) if not table.state.cells[n - 1])
        table.place(seat, cell, next(k for k, n in table.state.players[seat].tokens.items() if n and k != "harvest"))
    owner = GAME.view(table.state)["current"]["player"]
    assert table_scene(table).awaits() == {"kind": "act", "seats": [owner]}


def test_the_table_awaits_its_own_entry_while_the_box_values_are_asked():
    """The values only the board prints are entered on the tablet before the first era."""
    assert table_scene(Table(printed={})).awaits() == {"kind": "table", "seats": []}


def test_each_region_shows_who_played_its_destiny_cards_once_turned_up():
    """«все игроки одновременно открывают карты и кладут их рядом с планшетом влияния»."""
    table = Table()
    table.choose_destiny()
    scene = table_scene(table)
    shown = sorted(seat for region in scene.regions for seat in scene.cards_in(region))
    assert shown == sorted(table.state.seating)


def test_a_province_is_on_the_sea_only_once_the_table_has_said_so():
    """LE-15: the coast is known only from the table's word on the board."""
    before = table_scene(Table())
    told = table_scene(Table(printed={**Table().state.printed, **MAP}))
    assert (before.coast("grey5"), told.coast("grey5"), told.coast("grey1")) == (False, True, False)


def test_a_province_shows_each_mountain_whose_road_ends_there():
    """«Путь горы»: a mountain stands on the road it blocks; the map marks it at both ends."""
    table = Table(variants=("mountain_path",), printed={**EVERYTHING, **MOUNTAINS})
    scene = table_scene(table)
    ends = {m for m, (a, b) in ROADS.items() if "orange1" in (a, b)}
    assert set(scene.mountains_at("orange1")) == {str(m) for m in ends} and scene.mountains_at("purple4") == []
