"""Planning, bids, pick order and turn order ('Планирование действий и аукцион')."""
import pytest

from companion.errors import RuleError


ZERO = {"chests": 0}


def plan(table, player, actions=None, bid=ZERO):
    return table.do({"type": "plan", "player": player, "actions": actions or {}, "bid": bid})


def refused(table, command):
    before = (table.session.seq, table.state.pending)
    with pytest.raises(RuleError) as err:
        table.do(command)
    assert (table.session.seq, table.state.pending) == before
    return err.value


def test_a_plan_may_use_only_the_players_own_provinces(table):
    err = refused(table, {"type": "plan", "player": "red", "actions": {"taxes": "yamato"},
                          "bid": {"chests": 0}})
    assert (err.key, err.params) == ("plan.not_your_province", {"province": "yamato"})


def test_one_action_per_province_a_round(table):
    err = refused(table, {"type": "plan", "player": "red",
                          "actions": {"taxes": "suruga", "rice": "suruga"}, "bid": {"chests": 0}})
    assert err.key == "plan.province_twice"


def test_a_province_used_as_the_bid_cannot_also_carry_an_action(table):
    err = refused(table, {"type": "plan", "player": "red", "actions": {"taxes": "suruga"},
                          "bid": {"province": "suruga"}})
    assert err.key == "plan.province_twice"


def test_a_chest_bid_above_the_chests_held_is_refused_when_placed(table):
    table.set_chests("red", 2)
    err = refused(table, {"type": "plan", "player": "red", "actions": {}, "bid": {"chests": 3}})
    assert (err.key, err.params) == ("plan.bid_above_chests", {"bid": 3, "chests": 2})


def test_a_player_with_enough_cards_must_bid(table):
    err = refused(table, {"type": "plan", "player": "red", "actions": {}, "bid": None})
    assert err.key == "plan.bid_required"


def test_a_player_short_of_cards_may_leave_the_bid_slot_empty(table):
    for province in table.state.owned("red")[5:]:
        table.give(province, None)
    plan(table, "red", bid=None)
    assert table.state.plans["red"]["bid"] is None


def test_a_second_plan_from_a_player_is_refused(table):
    plan(table, "red")
    err = refused(table, {"type": "plan", "player": "red", "actions": {}, "bid": {"chests": 1}})
    assert err.key == "plan.already_submitted"


def test_a_building_in_a_full_province_is_refused_at_planning(table):
    """Rulebook: a building only on a free building slot (Settsu has one)."""
    table.give("settsu", "red", armies=2, buildings=("temple",))
    err = refused(table, {"type": "plan", "player": "red", "actions": {"castle": "settsu"},
                          "bid": {"chests": 0}})
    assert (err.key, err.params) == ("plan.no_free_slot", {"province": "settsu"})


def test_no_two_buildings_of_one_type_in_a_province(table):
    table.give("shinano", "red", armies=2, buildings=("castle",))
    err = refused(table, {"type": "plan", "player": "red", "actions": {"castle": "shinano"},
                          "bid": {"chests": 0}})
    assert err.key == "plan.already_built"


def test_commands_out_of_phase_are_refused(table):
    err = refused(table, {"type": "choose_special", "player": "red", "slot": 1})
    assert err.key == "phase.not_now"


def test_bids_are_paid_at_the_reveal_and_chests_bid_high_to_low_choose_first(table):
    table.give("kai", "yellow", armies=2)
    plan(table, "red", bid={"chests": 1})
    plan(table, "blue", bid={"chests": 3})
    plan(table, "yellow", bid={"province": "kai"})
    assert table.state.pick_order == ["blue", "red", "yellow"]
    assert table.state.players["blue"].chests == 15 and table.state.players["red"].chests == 17
    assert table.state.players["yellow"].chests == 18


def test_a_province_bid_chooses_before_a_zero_chest_bid_and_no_bid_comes_last(table):
    """Rulebook: players who bid a province card choose before those who bid a 0-chest
    intrigue card; players who placed no card choose last."""
    for province in table.state.owned("red")[5:]:
        table.give(province, None)
    plan(table, "red", bid=None)
    plan(table, "blue", bid={"chests": 0})
    plan(table, "yellow", bid={"province": "bizen"})
    assert table.state.pick_order == ["yellow", "blue", "red"]


def test_equal_bids_are_ordered_by_a_recorded_draw(table):
    plan(table, "red", bid={"chests": 2})
    plan(table, "blue", bid={"chests": 2})
    events = plan(table, "yellow", bid={"chests": 2})
    ties = table.notes(events, "bids.tie")
    assert ties and ties[0]["players"] == table.state.pick_order


def test_the_slot_of_the_special_card_taken_is_the_turn_and_empty_slots_are_ignored(table):
    """Rulebook example: in a 3-player round red goes first, blue second, black last."""
    table.set_round(specials=["chest", "rice", "six_armies", "attack", "defence"])
    plan(table, "red", bid={"chests": 3})
    plan(table, "blue", bid={"chests": 2})
    plan(table, "yellow", bid={"chests": 1})
    table.do({"type": "choose_special", "player": "red", "slot": 5})
    table.do({"type": "choose_special", "player": "blue", "slot": 1})
    events = table.do({"type": "choose_special", "player": "yellow", "slot": 3})
    turn = table.notes(events, "turn.order")[0]
    assert turn["order"] == ["blue", "yellow", "red"]
    assert turn["specials"] == {"red": "defence", "blue": "chest", "yellow": "six_armies"}


def test_a_special_card_already_taken_cannot_be_chosen(table):
    plan(table, "red", bid={"chests": 3})
    plan(table, "blue", bid={"chests": 2})
    plan(table, "yellow", bid={"chests": 1})
    table.do({"type": "choose_special", "player": "red", "slot": 2})
    err = refused(table, {"type": "choose_special", "player": "blue", "slot": 2})
    assert err.key == "special.slot_taken"


def test_the_event_is_drawn_after_the_plans_from_the_years_face_up_cards(table):
    year = list(table.state.year_events)
    plan(table, "red")
    plan(table, "blue")
    assert table.state.event is None
    plan(table, "yellow")
    assert table.state.event in year
    assert len(table.state.year_events) == 3


def test_five_action_cards_are_face_up_and_the_rest_turn_one_by_one(table):
    assert table.state.revealed_actions == 5
    table.plan_round({})
    revealed = [n for n in table.state.log if n["key"] == "action.revealed"]
    seen = [n["params"]["position"] for n in revealed[:5]]
    assert seen == [6, 7, 8, 9, 10]
