"""A building the plan cannot give a province is said when the card is laid on the phone,
not only at "ready": the phone's choices carry the rules' own reasons (``building_problem``,
the same function that refuses the plan)."""
from companion.games.shogun.planning import unbuildable
from companion.games.shogun.rules import GAME

BUILDS = ("castle", "temple", "theatre")


def test_a_province_with_every_slot_built_can_take_no_building(table):
    """Hitachi has one building slot: with a temple there, no building action can take it."""
    table.give("hitachi", "red", armies=2, buildings=("temple",))
    found = unbuildable(table.state, "red")["hitachi"]
    assert set(found) == set(BUILDS)
    assert {why["key"] for why in found.values()} == {"plan.no_free_slot"}


def test_a_second_building_of_a_type_is_refused_the_others_are_offered(table):
    """Rulebook: at most one building of each type in a province."""
    table.give("shinano", "red", armies=2, buildings=("castle",))
    found = unbuildable(table.state, "red")["shinano"]
    assert set(found) == {"castle"} and found["castle"]["key"] == "plan.already_built"


def test_only_the_player_whose_plan_is_awaited_is_told(table):
    table.give("hitachi", "red", armies=2, buildings=("temple",))
    assert "hitachi" in GAME.choices(table.state, "red")["unbuildable"]
    assert GAME.choices(table.state, None) == {}
    table.do({"type": "plan", "player": "red", "actions": {}, "bid": {"chests": 0}})
    assert GAME.choices(table.state, "red") == {}
