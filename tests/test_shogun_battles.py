"""Battles and revolts, as the rulebook's 'Проведение сражений' describes them."""
import pytest

from companion.errors import RuleError

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]


def parts_of(table):
    return {(p["colour"], p["from"], p["role"]): p["n"] for p in table.state.battle["parts"]}


def attack(table, src, dst, armies, *, attacker="blue", specials=None, plans=None):
    table.set_round(actions=ORDER)
    all_plans = {attacker: {"battle1": src}}
    all_plans.update(plans or {})
    table.plan_round(all_plans, specials=specials or {})
    return table.do({"type": "move", "player": attacker, "to": dst, "armies": armies})


def test_blue_takes_kozuke_from_yellow_3_to_2_with_a_red_cube_left_in_the_tray(table):
    """Rulebook example: blue moves 4 armies from Shinano into yellow's Kozuke (3 armies);
    out fall 3 blue, 1 yellow, 1 red, 1 green. No unrest in Kozuke, so the peasant fights
    for yellow, but blue wins 3:2. The red cube stays in the tray; 1 yellow, 1 green and
    2 blue go back; 1 blue stands in Kozuke and blue takes the Kozuke card."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.set_year_events("e07")
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table) == {("blue", "shinano", "attacker"): 4,
                               ("yellow", "kozuke", "defender"): 3}
    supply = {c: table.state.players[c].supply for c in ("blue", "yellow")}
    peasants = table.state.peasants
    table.do({"type": "count_tray", "counts": {"blue": 3, "yellow": 1, "red": 1, "green": 1}})
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies) == ("blue", 1)
    assert {c: n for c, n in table.state.tray.items() if n} == {"red": 1}
    assert table.state.players["blue"].supply == supply["blue"] + 2
    assert table.state.players["yellow"].supply == supply["yellow"] + 1
    assert table.state.peasants == peasants + 1
    assert table.state.provinces["shinano"].armies == 1


def test_every_cube_lying_in_the_tray_is_thrown_with_the_next_battle(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.arrange({"type": "cubes", "colour": "red", "n": 2, "from": "tower", "to": "tray"})
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table)[("red", "tray", "tray")] == 2
    assert table.state.tray["red"] == 0


def test_a_tie_clears_the_province_buildings_armies_unrest_and_card(table):
    """Rulebook: on a tie the armies go back, and buildings, armies and unrest tokens are
    removed from the province; its card goes back to the supply."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, unrest=1, buildings=("castle",))
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 2, "yellow": 2}})
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies, kozuke.buildings, kozuke.unrest) == (None, 0, [], 0)
    assert table.state.tray["blue"] == table.state.tray["yellow"] == 0


def test_no_cube_out_at_all_is_a_tie(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {}})
    assert table.state.provinces["kozuke"].owner is None


def test_a_defence_won_only_by_peasants_is_undecided_and_clears_the_province(table):
    """Rulebook exception: if only peasants came out for the defender and none of the
    defender's armies, the winner is undecided."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, buildings=("temple",))
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 1, "green": 2}})
    assert table.state.provinces["kozuke"].owner is None
    assert table.state.provinces["kozuke"].buildings == []
    assert table.state.tray["green"] == 0


def test_the_defender_wins_and_returns_as_many_armies_as_the_attacker_lost(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 1, "yellow": 3}})
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies) == ("yellow", 2)


def test_a_defender_whose_side_wins_with_peasants_keeps_the_province_card_and_buildings(table):
    """«Карту этой провинции получает или сохраняет игрок, одержавший победу»: yellow 1 and
    3 peasants beat blue 2 (4:2). Yellow returns as many armies as blue's side had, has none
    left, and still holds Kozuke with its castle, with no armies in it."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, buildings=("castle",))
    attack(table, "shinano", "kozuke", 4)
    events = table.do({"type": "count_tray", "counts": {"blue": 2, "yellow": 1, "green": 3}})
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies, kozuke.buildings) == ("yellow", 0, ["castle"])
    assert table.notes(events, "battle.defender_kept")[0]["stand"] == 0


def test_a_defender_with_none_of_its_own_armies_left_keeps_the_province_empty(table):
    """Ruling: «If none of the defender's own armies is left after returning its losses, the
    province stays the defender's with no armies in it»: yellow 2 and a peasant beat blue 2;
    yellow returns 2."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, unrest=0)
    supply = table.state.players["yellow"].supply
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 2, "yellow": 2, "green": 1}})
    assert (table.state.provinces["kozuke"].owner, table.state.provinces["kozuke"].armies) == ("yellow", 0)
    assert table.state.players["yellow"].supply == supply + 2
    assert table.state.tray["yellow"] == table.state.tray["green"] == 0


def test_a_province_kept_without_armies_keeps_the_action_planned_on_its_card(table):
    """«Карту этой провинции ... сохраняет игрок, одержавший победу»: the card stays on
    yellow's board, so the taxes planned there are collected."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    chests = table.state.players["yellow"].chests
    attack(table, "shinano", "kozuke", 4, plans={"yellow": {"taxes": "kozuke"}})
    table.do({"type": "count_tray", "counts": {"blue": 2, "yellow": 1, "green": 3}})
    assert table.state.players["yellow"].chests == chests + table.state.board.provinces["kozuke"].tax


def test_a_province_kept_without_armies_is_defended_by_the_peasants_next_time(table):
    """Ruling: «peasants defend it next time, as any province without unrest»; the
    attacker's 1 against 2 peasants is a defence without a winner, which clears it."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=0, buildings=("temple",))
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table) == {("blue", "shinano", "attacker"): 4}
    table.do({"type": "count_tray", "counts": {"blue": 1, "green": 2}})
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.buildings) == (None, [])


def test_peasants_take_no_side_when_the_defender_has_unrest_and_stay_in_the_tray(table):
    """Rulebook: if the defender's province has unrest tokens the peasants do not fight;
    their green cubes stay in the tray."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, unrest=1)
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 2, "yellow": 1, "green": 3}})
    assert table.state.provinces["kozuke"].owner == "blue"
    assert table.state.provinces["kozuke"].armies == 1
    assert table.state.tray["green"] == 3


def test_a_neutral_province_is_defended_by_one_peasant_from_the_supply(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", None)
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table)[("green", "supply", "neutral")] == 1
    table.do({"type": "count_tray", "counts": {"blue": 2, "green": 1}})
    assert (table.state.provinces["kozuke"].owner, table.state.provinces["kozuke"].armies) == ("blue", 1)
    assert table.state.tray["green"] == 0


def test_a_failed_attack_on_a_neutral_province_leaves_it_neutral(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", None)
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 1, "green": 1}})
    assert table.state.provinces["kozuke"].owner is None
    assert table.state.tray["blue"] == 0


def test_event_attacking_a_neutral_province_throws_two_peasants(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", None)
    table.set_year_events("e03")
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table)[("green", "supply", "neutral")] == 2


def test_event_the_defender_of_a_castle_throws_one_more_army_from_supply(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, buildings=("castle",))
    table.set_year_events("e04")
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table)[("yellow", "supply", "event_castle")] == 1


def test_event_a_province_with_a_temple_cannot_be_attacked(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, buildings=("temple",))
    table.set_year_events("e06")
    table.set_round(actions=ORDER)
    table.plan_round({"blue": {"battle1": "shinano"}})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    assert refused.value.key == "move.temple_peace"


def test_special_card_attack_taken_throws_one_more_army_of_the_attacker(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4, specials={"blue": "attack"})
    table.do({"type": "bonus", "player": "blue", "take": True})
    assert parts_of(table)[("blue", "supply", "special_attack")] == 1


def test_special_card_defence_taken_throws_one_more_army_of_the_defender(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4, specials={"yellow": "defence"})
    table.do({"type": "bonus", "player": "yellow", "take": True})
    assert parts_of(table)[("yellow", "supply", "special_defence")] == 1


def test_a_province_lost_in_battle_loses_its_planned_action(table):
    """Rulebook exception: a player who loses a province hands its card to the winner at
    once, even from the planning board; the action planned there is not carried out."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    before = table.state.players["yellow"].chests
    attack(table, "shinano", "kozuke", 4, plans={"yellow": {"taxes": "kozuke"}})
    events = table.do({"type": "count_tray", "counts": {"blue": 3}})
    assert table.notes(events, "plan.card_lost") == [
        {"player": "yellow", "province": "kozuke", "action": "taxes"}]
    assert table.state.players["yellow"].chests == before


def test_taxes_in_mikawa_with_two_unrest_tokens_start_a_revolt_denis_example(table):
    """Rulebook example: Denis collects taxes in Mikawa, which already has 2 unrest tokens;
    the peasants revolt. He throws his 4 armies with 2 peasants and the tray's cubes. If he
    wins he keeps the province and places one more unrest token."""
    table.give("mikawa", "blue", armies=4, unrest=2)
    table.set_year_events("e06")
    chests = table.state.players["blue"].chests
    table.plan_round({"blue": {"taxes": "mikawa"}})
    assert table.state.battle["kind"] == "revolt"
    assert parts_of(table) == {("blue", "mikawa", "defender"): 4, ("green", "supply", "peasants"): 2}
    table.do({"type": "count_tray", "counts": {"blue": 3, "green": 1}})
    mikawa = table.state.provinces["mikawa"]
    assert (mikawa.owner, mikawa.armies, mikawa.unrest) == ("blue", 2, 3)
    assert table.state.players["blue"].chests == chests + 6


def test_a_revolt_the_peasants_win_clears_the_province_and_gives_no_income(table):
    table.give("mikawa", "blue", armies=4, unrest=2, buildings=("castle",))
    table.set_year_events("e06")
    chests = table.state.players["blue"].chests
    table.plan_round({"blue": {"taxes": "mikawa"}})
    table.do({"type": "count_tray", "counts": {"blue": 1, "green": 2}})
    mikawa = table.state.provinces["mikawa"]
    assert (mikawa.owner, mikawa.armies, mikawa.unrest, mikawa.buildings) == (None, 0, 0, [])
    assert table.state.players["blue"].chests == chests
    assert table.state.tray["green"] == 0


def test_a_tray_count_that_conservation_rules_out_is_refused_and_changes_nothing(table):
    """Ruling: more cubes of a colour than could have come out is a miscount; recount."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    inside = table.state.tower["blue"]
    before = table.session.seq
    with pytest.raises(RuleError) as refused:
        table.do({"type": "count_tray", "counts": {"blue": inside + 1}})
    assert refused.value.key == "tray.impossible"
    assert refused.value.params == {"colour": "blue", "counted": inside + 1, "most": inside}
    assert table.session.seq == before and table.state.pending["kind"] == "tray"


@pytest.mark.parametrize("counts, key", [({"pink": 1}, "tray.unknown_colour"),
                                         ({"blue": -1}, "tray.bad_count"),
                                         ({"blue": 1.5}, "tray.bad_count")])
def test_a_garbled_tray_count_is_refused(table, counts, key):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "count_tray", "counts": counts})
    assert refused.value.key == key


def test_cubes_that_fall_out_between_battles_stay_in_the_tray_for_the_next_battle(table):
    """Rulebook: cubes that fall out by accident stay in the tray until the next battle."""
    table.do({"type": "cubes_fell", "counts": {"red": 1, "green": 1}})
    assert (table.state.tray["red"], table.state.tray["green"]) == (1, 1)
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    assert parts_of(table)[("red", "tray", "tray")] == 1


def test_cubes_cannot_fall_out_of_an_empty_tower(table):
    with pytest.raises(RuleError) as refused:
        table.do({"type": "cubes_fell", "counts": {"purple": 1}})
    assert refused.value.key == "tray.impossible"


def test_the_simulated_tower_counts_a_throw_through_the_same_checked_command(table):
    from companion.games.shogun.tray import count_command, start_throw
    from companion.kits.tower.simulated import SimulatedTower

    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    tower = SimulatedTower(seed=5)
    start_throw(table.state, tower)
    table.do(count_command(tower))
    assert table.state.battle is None
