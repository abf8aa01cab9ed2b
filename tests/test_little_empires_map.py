"""The map as the table told it (its roads, dotted sea lines and coast are printed only on
the board): once known, a move and a ship are checked against it and the phones offer only
the provinces a move can reach; until then the table follows the roads itself."""
from __future__ import annotations

import random

import pytest

from companion.engine.printed import missing
from companion.errors import RuleError
from companion.games.little_empires import agent, catalog, roads
from companion.games.little_empires.rules import GAME
from companion.games.little_empires.text import names_for
from companion.i18n import render
from little_empires_table import EVERYTHING, MAP, P, PROVINCES, Table, first_up


def mapped() -> Table:
    return Table(2, seats=("red", "blue"), printed={**EVERYTHING, **MAP})


def refused(table: Table, command: dict, key: str) -> RuleError:
    before = list(table.session.history), GAME.view(table.state, None)
    with pytest.raises(RuleError) as err:
        table.do(command)
    assert err.value.key == key
    assert (table.session.history, GAME.view(table.state, None)) == before
    return err.value


def test_the_map_is_a_printed_question_for_each_coast_and_each_pair_of_provinces():
    """23 provinces («серый … 6 провинций, оранжевый … 7, бирюзовый … 6, фиолетовый … 4»):
    23 coasts and 253 pairs, each offered only as a road, a sea line or not neighbours."""
    asked = roads.keys(catalog.data())
    assert len(asked) == 23 + 23 * 22 // 2
    assert all(catalog.questions()[k].options() == ["none", "road", "sea"] for k in asked if ".link." in k)
    assert all(catalog.questions()[k].options() == ["coast", "inland"] for k in asked if ".coast." in k)


def test_the_map_is_never_asked_before_a_game_can_start():
    """Until it is told, the game plays as before: no set-up question waits for the map."""
    table = Table(2, seats=("red", "blue"))
    assert table.state.phase == "destiny"
    assert missing(table.state.printed, roads.keys(table.state.data))


def test_until_the_map_is_told_a_move_goes_where_the_table_says():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "move3")
    table.act("red", moves=[{"src": "grey1", "dst": "grey6", "armies": 1, "steps": 1}])
    assert table.state.armies["grey6"]["red"] == 1


def test_one_move_takes_an_army_only_into_a_neighbouring_province():
    """«Вы можете назначить несколько перемещений одной армии, чтобы передвинуть её на
    несколько провинций»: one move, one province along a road."""
    table = mapped()
    first_up(table, "red", 1, "move3")
    refused(table, {"type": "act", "player": "red",
                    "moves": [{"src": "grey1", "dst": "grey3", "armies": 1, "steps": 1}]}, "le.not_adjacent")


def test_an_army_given_two_moves_goes_two_provinces_along_the_roads():
    table = mapped()
    first_up(table, "red", 1, "move3")
    table.act("red", moves=[{"src": "grey1", "dst": "grey3", "armies": 1, "steps": 2}])
    assert table.state.armies["grey3"]["red"] == 1


def test_a_move_farther_than_its_moves_is_refused_with_the_distance_in_russian():
    table = mapped()
    first_up(table, "red", 1, "move3")
    err = refused(table, {"type": "act", "player": "red",
                          "moves": [{"src": "grey1", "dst": "grey5", "armies": 1, "steps": 2}]}, "le.too_far")
    assert render(err.key, err.params, names_for(table.state, "ru")) == \
        "От «Серый, столица» до «Серый 5» 4 перемещения по карте, а указано 2."


def test_provinces_joined_by_a_dotted_sea_line_are_neighbours():
    """«Провинции, соединённые пунктирной линией через море, считаются соседними при
    движении»."""
    table = mapped()
    table.armies("red", grey6=1)
    first_up(table, "red", 1, "move3")
    table.act("red", moves=[{"src": "grey6", "dst": "turquoise6", "armies": 1, "steps": 1}])
    assert table.state.armies["turquoise6"]["red"] == 1


def test_a_quick_move_goes_only_to_a_neighbouring_province():
    """«Движение на 1»: one move."""
    table = mapped()
    table.order("red", "blue")
    table.choose_destiny()
    refused(table, {"type": "place", "player": "red", "cell": 1, "token": "recruit",
                    "quick": {"src": "grey1", "dst": "grey4"}}, "le.not_adjacent")
    table.place("red", 1, "recruit", quick={"src": "grey1", "dst": "grey2"})
    assert table.state.armies["grey2"]["red"] == 1


def test_a_ship_sails_only_from_a_coastal_province_to_another():
    """«переместите до 2 ваших армий вместе из одной прибрежной провинции в другую
    прибрежную провинцию любого региона»."""
    table = mapped()
    table.armies("red", grey5=2)
    first_up(table, "red", 1, "move2ship")
    err = refused(table, {"type": "act", "player": "red",
                          "ship": {"src": "grey5", "dst": "orange2", "armies": 2}}, "le.not_coastal")
    assert render(err.key, err.params, names_for(table.state, "cs")) == \
        "„Oranžový 2“ není pobřežní provincie: loď pluje od pobřeží k pobřeží."
    table.act("red", ship={"src": "grey5", "dst": "orange7", "armies": 2})
    assert table.state.armies["orange7"]["red"] == 2


def test_the_phone_offers_only_the_provinces_the_tokens_moves_can_reach():
    """«Движение на 3»: three moves from the grey capital, along the roads."""
    table = mapped()
    first_up(table, "red", 1, "move3")
    act = GAME.choices(table.state, "red")["act"]
    assert act["reach"] == ["grey2", "grey3", "grey4", "orange1", "orange2", "orange3",
                            "turquoise1", "turquoise2", "purple1"]
    assert act["coast"] == ["grey5", "grey6", "orange7", "turquoise5", "turquoise6"]


def test_before_the_map_is_told_the_phone_offers_every_province():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "move3")
    assert len(GAME.choices(table.state, "red")["act"]["reach"]) == 23


def test_the_random_agent_moves_only_along_the_map_once_it_is_told():
    """Whole games by the agent on the told map end with no rule error."""
    table = mapped()
    rng = random.Random(3)
    while not table.state.over:
        table.do(agent.choose(table.state, rng))
    assert table.state.result is not None


def province_told(table: Table) -> dict:
    """The table's word on the next untold province: its coast and its untold pairs, from MAP."""
    _, coast, links = roads.unknown_from(table.state)
    told = {key: MAP[key] for _, key in links}
    return {"type": "printed", "values": {**told, **({coast: MAP[coast]} if coast else {})}}


def test_the_table_tells_a_province_and_its_neighbours_in_one_command_between_questions():
    """LE-15: the map is told whenever the group likes; one province at a time, its coast
    and every pair it is part of, answered at once, the next province then untold."""
    table = Table(2, seats=("red", "blue"))
    table.choose_destiny()
    assert roads.unknown_from(table.state)[0] == "grey1"
    table.do(province_told(table))
    assert table.state.printed[f"{P}.link.grey1.orange1"] == "road"
    assert table.state.printed[f"{P}.coast.grey1"] == "inland"
    assert roads.unknown_from(table.state) == ("grey2", f"{P}.coast.grey2",
                                                [(p, f"{P}.link.grey2.{p}") for p in PROVINCES[2:]])


def test_told_province_by_province_the_whole_map_becomes_known():
    """«Провинции, соединённые пунктирной линией через море, считаются соседними при
    движении»: once every province is told, the sea line joins grey6 and turquoise6."""
    table = Table(2, seats=("red", "blue"))
    while roads.unknown_from(table.state) is not None:
        table.do(province_told(table))
    assert roads.known(table.state) and "turquoise6" in roads.neighbours(table.state, "grey6")


def test_between_questions_only_the_map_may_be_told():
    table = Table(2, seats=("red", "blue"))
    refused(table, {"type": "printed", "values": {f"{P}.cell1.region": "grey"}}, "printed.unknown")


def test_a_pair_told_as_something_the_board_cannot_show_is_refused():
    table = Table(2, seats=("red", "blue"))
    refused(table, {"type": "printed", "values": {f"{P}.link.grey1.grey2": "bridge"}}, "printed.not_possible")
