"""Carrying out actions ('Выполнение действий'), each rule of the player board."""
import pytest

from companion.errors import RuleError

ORDER = ["taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3", "recruit1",
         "battle1", "battle2"]


def one_action(table, player, action, province, event="e06", special="attack"):
    """The player's only planned action this round, under a known event and special card
    (by default '+1 army attacking', which changes none of these actions)."""
    table.set_year_events(event)
    table.set_round(actions=ORDER)
    return table.plan_round({player: {action: province}}, specials={player: special or "attack"})


def test_taxes_capped_by_the_event_then_plus_one_for_the_special_card_anton_in_settsu(table):
    """Rulebook example: Anton collects taxes in Settsu (7 chests), the event allows at
    most 5, his special card adds 1: he gets 6."""
    table.give("settsu", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", "taxes", "settsu", event="e07", special="chest")
    assert table.state.players["red"].chests == chests + 6


def test_taxes_give_the_provinces_tax_and_place_one_unrest_token(table):
    table.give("settsu", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", "taxes", "settsu")
    assert table.state.players["red"].chests == chests + 7
    assert table.state.provinces["settsu"].unrest == 1


def test_event_taxes_at_least_six(table):
    table.give("kozuke", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", "taxes", "kozuke", event="e08")
    assert table.state.players["red"].chests == chests + 6


@pytest.mark.parametrize("event, special, rice", [("e06", None, 4), ("e11", None, 3),
                                                   ("e10", "rice", 5), ("e11", "rice", 4)])
def test_rice_from_kozuke_with_the_event_first_then_the_special_card(table, event, special, rice):
    table.give("kozuke", "red", armies=2)
    one_action(table, "red", "rice", "kozuke", event=event, special=special)
    assert table.state.players["red"].rice == rice


def test_a_temple_in_aki_costs_two_chests_and_leaves_one_free_slot(table):
    """Rulebook example: Anton builds a temple in Aki; one building slot is left there."""
    table.give("aki", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", "temple", "aki")
    assert table.state.provinces["aki"].buildings == ["temple"]
    assert table.state.players["red"].chests == chests - 2
    assert table.state.board.provinces["aki"].building_slots - 1 == 1


@pytest.mark.parametrize("action, cost", [("castle", 3), ("temple", 2), ("theatre", 1)])
def test_buildings_cost_three_two_one_chests(table, action, cost):
    table.give("shinano", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", action, "shinano")
    assert table.state.players["red"].chests == chests - cost


def test_an_action_that_cannot_be_paid_is_skipped_and_costs_nothing(table):
    table.give("shinano", "red", armies=2)
    table.set_chests("red", 2)
    events = one_action(table, "red", "castle", "shinano")
    assert table.state.provinces["shinano"].buildings == []
    assert table.state.players["red"].chests == 2
    skipped = table.notes(events, "action.skipped")
    assert skipped[0]["reason"] == "no_chests" and skipped[0]["need"] == 3


def test_event_a_new_no_theatre_removes_one_unrest_token(table):
    table.give("shinano", "red", armies=2, unrest=2)
    one_action(table, "red", "theatre", "shinano", event="e01")
    assert table.state.provinces["shinano"].unrest == 1


@pytest.mark.parametrize("action, event, special, armies, cost", [
    ("recruit5", "e06", None, 5, 3), ("recruit3", "e06", None, 3, 2),
    ("recruit5", "e12", None, 3, 3), ("recruit3", "e12", None, 2, 2),
])
def test_recruiting_with_the_event_first_then_the_special_card(table, action, event, special,
                                                               armies, cost):
    """Rulebook: the event applies first, then the special card (the '6 armies' card is
    offered: tests/test_shogun_may_bonuses.py)."""
    table.give("shinano", "red", armies=2)
    chests = table.state.players["red"].chests
    one_action(table, "red", action, "shinano", event=event, special=special)
    assert table.state.provinces["shinano"].armies == 2 + armies
    assert table.state.players["red"].chests == chests - cost


def test_recruiting_with_too_few_armies_in_supply_is_skipped(table):
    table.give("shinano", "red", armies=2)
    spare = table.state.players["red"].supply - 4
    table.arrange({"type": "cubes", "colour": "red", "n": spare, "from": "supply", "to": "shinano"})
    events = one_action(table, "red", "recruit5", "shinano")
    assert table.notes(events, "action.skipped")[0]["reason"] == "no_cubes"


def test_deploy_one_army_then_move_only_into_an_own_neighbour(table):
    table.give("shinano", "red", armies=3)
    table.give("kai", "red", armies=1)
    table.give("kozuke", "blue", armies=1)
    one_action(table, "red", "recruit1", "shinano")
    assert table.state.provinces["shinano"].armies == 4
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "red", "to": "kozuke", "armies": 2})
    assert refused.value.key == "move.own_only"
    table.do({"type": "move", "player": "red", "to": "kai", "armies": 3})
    assert (table.state.provinces["shinano"].armies, table.state.provinces["kai"].armies) == (1, 4)


def test_deploy_one_army_and_not_moving_is_allowed(table):
    table.give("shinano", "red", armies=3)
    table.give("kai", "red", armies=1)
    one_action(table, "red", "recruit1", "shinano")
    table.do({"type": "pass", "player": "red"})
    assert table.state.provinces["shinano"].armies == 4


def test_moving_along_the_sea_route_from_izu_to_shima(table):
    table.give("izu", "red", armies=3)
    table.give("shima", "red", armies=1)
    one_action(table, "red", "battle1", "izu")
    table.do({"type": "move", "player": "red", "to": "shima", "armies": 2})
    assert table.state.provinces["shima"].armies == 3


def test_a_move_to_a_province_that_is_not_next_door_is_refused(table):
    table.give("shinano", "red", armies=3)
    one_action(table, "red", "battle1", "shinano")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "red", "to": "settsu", "armies": 2})
    assert (refused.value.key, refused.value.params) == ("move.not_adjacent",
                                                         {"src": "shinano", "dst": "settsu"})


@pytest.mark.parametrize("armies", [0, 3, 4])
def test_one_army_always_stays_behind(table, armies):
    table.give("shinano", "red", armies=3)
    one_action(table, "red", "battle1", "shinano")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "red", "to": "kozuke", "armies": armies})
    assert refused.value.key == "move.bad_armies" and refused.value.params["most"] == 2


def test_an_attack_from_a_province_with_one_army_is_skipped_with_the_reason(table):
    table.give("shinano", "red", armies=1)
    events = one_action(table, "red", "battle1", "shinano")
    assert table.notes(events, "action.skipped")[0]["reason"] == "one_army"


def test_provinces_out_of_a_three_player_game_cannot_be_entered(table):
    table.give("kozuke", "red", armies=3)
    one_action(table, "red", "battle1", "kozuke")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "red", "to": "echigo", "armies": 1})
    assert refused.value.key == "move.out_of_play"


def test_only_the_player_whose_action_it_is_may_move(table):
    table.give("shinano", "red", armies=3)
    one_action(table, "red", "battle1", "shinano")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 1})
    assert refused.value.key == "turn.not_yours"


def test_an_action_in_a_province_lost_before_its_turn_is_not_carried_out(table):
    table.give("shinano", "red", armies=3)
    table.set_year_events("e06")
    table.set_round(actions=ORDER)
    table.plan_round({"red": {"taxes": "shinano"}})
    assert table.state.provinces["shinano"].unrest == 1
