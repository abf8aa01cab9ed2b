"""The special cards that say "may" (может) are offered to their holder, never applied
unasked, and never make the base action impossible (shared rulings, 'Carrying out actions')."""
import pytest

from companion.errors import RuleError
from companion.games.shogun.commands import AnswerBonus, parse, to_dict

ORDER = ["recruit5", "battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit3",
         "recruit1", "battle2"]


def recruit5(table, event="e06", player="red"):
    table.give("shinano", player, armies=2)
    table.set_year_events(event)
    table.set_round(actions=ORDER)
    return table.plan_round({player: {"recruit5": "shinano"}}, specials={player: "six_armies"})


def attack(table, specials):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.set_year_events("e06")
    table.set_round(actions=ORDER)
    table.plan_round({"blue": {"battle1": "shinano"}}, specials=specials)
    return table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})


def answer(table, player, take):
    return table.do({"type": "bonus", "player": player, "take": take})


def thrown(table):
    return {(p["colour"], p["role"]): p["n"] for p in table.state.battle["parts"]}


def test_six_armies_is_offered_before_any_army_is_placed(table):
    """«Выполняя действие «Размещение 5 армий», игрок может размещать 6 армий вместо 5.»"""
    chests = table.state.players["red"].chests
    recruit5(table)
    assert table.state.pending == {"kind": "bonus", "player": "red", "card": "six_armies",
                                   "armies": 6, "then": table.state.pending["then"]}
    assert table.state.provinces["shinano"].armies == 2
    assert table.state.players["red"].chests == chests


def test_six_armies_taken_places_six_for_the_price_of_five(table):
    """«... игрок может размещать 6 армий вместо 5.»"""
    chests = table.state.players["red"].chests
    recruit5(table)
    answer(table, "red", True)
    assert table.state.provinces["shinano"].armies == 2 + 6
    assert table.state.players["red"].chests == chests - 3


def test_six_armies_declined_places_the_five_of_the_action(table):
    """«... может размещать 6 армий вместо 5»: may, so the player may also place 5."""
    recruit5(table)
    events = answer(table, "red", False)
    assert table.state.provinces["shinano"].armies == 2 + 5
    assert table.notes(events, "bonus.declined") == [{"player": "red", "card": "six_armies"}]


def test_six_armies_after_the_event_cut_five_to_three_still_offers_six(table):
    """«... первым применяется эффект карты события, а затем эффект особой карты. Пример.
    Игрок получает 6 армий.»"""
    recruit5(table, event="e12")
    assert table.state.pending["armies"] == 6
    answer(table, "red", True)
    assert table.state.provinces["shinano"].armies == 2 + 6


def test_six_armies_declined_under_the_event_places_the_events_three(table):
    """«... вы можете разместить только 3 (или 2) армии вместо этого»: without the card, 3."""
    recruit5(table, event="e12")
    answer(table, "red", False)
    assert table.state.provinces["shinano"].armies == 2 + 3


def test_six_armies_without_six_in_the_supply_places_five_without_asking(table):
    """Ruling: a "may" bonus never makes the base action impossible: with 5 armies left in
    the supply the card is not offered, the 5 are placed, and the log says why."""
    table.give("kai", "red", armies=table.state.players["red"].supply - 7)
    events = recruit5(table)
    assert table.state.pending is None or table.state.pending["kind"] != "bonus"
    assert table.state.provinces["shinano"].armies == 2 + 5
    assert table.notes(events, "bonus.unavailable") == [
        {"player": "red", "card": "six_armies", "need": 6, "have": 5}]


def test_plus_one_army_attacking_is_offered_to_the_attacker_before_the_throw(table):
    """«Атакующий игрок, выполняющий действие «Сражение/Перемещение» (J или JJ), может бросить
    1 свою дополнительную армию в башню сражений.»"""
    attack(table, {"blue": "attack"})
    assert (table.state.pending["kind"], table.state.pending["player"]) == ("bonus", "blue")
    assert table.state.battle is None


def test_plus_one_army_attacking_declined_throws_only_the_armies_moved(table):
    """«... может бросить 1 свою дополнительную армию»: may, so the attack goes on without."""
    attack(table, {"blue": "attack"})
    answer(table, "blue", False)
    assert thrown(table) == {("blue", "attacker"): 4, ("yellow", "defender"): 3}


def test_plus_one_army_defending_is_offered_to_the_defender_after_the_attackers_choice(table):
    """«Защищающийся игрок может бросить 1 свою дополнительную армию в башню сражений, если
    его провинция атакована другим игроком ...»"""
    attack(table, {"blue": "attack", "yellow": "defence"})
    answer(table, "blue", True)
    assert (table.state.pending["kind"], table.state.pending["player"]) == ("bonus", "yellow")
    answer(table, "yellow", True)
    assert thrown(table) == {("blue", "attacker"): 4, ("blue", "special_attack"): 1,
                             ("yellow", "defender"): 3, ("yellow", "special_defence"): 1}


def test_plus_one_army_defending_declined_throws_only_the_provinces_armies(table):
    """«Защищающийся игрок может бросить ...»: may, so the defence goes on without."""
    attack(table, {"yellow": "defence"})
    answer(table, "yellow", False)
    assert thrown(table) == {("blue", "attacker"): 4, ("yellow", "defender"): 3}


def test_the_castle_event_takes_the_defenders_last_army_before_the_defence_card(table):
    """«... первым применяется эффект карты события, а затем эффект особой карты»: the castle
    event's army («защищающийся бросает 1 дополнительную армию») comes first; with one army
    left in the supply the "+1 army defending" card has none to add and is not offered."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, buildings=("castle",))
    table.give("kai", "yellow", armies=table.state.players["yellow"].supply - 1)
    table.set_year_events("e04")
    table.set_round(actions=ORDER)
    table.plan_round({"blue": {"battle1": "shinano"}}, specials={"yellow": "defence"})
    events = table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    assert thrown(table) == {("blue", "attacker"): 4, ("yellow", "defender"): 3,
                             ("yellow", "event_castle"): 1}
    assert table.notes(events, "bonus.unavailable") == [
        {"player": "yellow", "card": "defence", "need": 1, "have": 0}]


def test_an_answer_when_no_bonus_is_offered_is_refused_and_changes_nothing(table):
    """«... может ...»: a choice exists only while the card offers one."""
    before = table.session.seq
    with pytest.raises(RuleError) as refused:
        answer(table, "red", True)
    assert (refused.value.key, refused.value.params) == ("bonus.not_offered", {"player": "red"})
    assert table.session.seq == before


def test_only_the_player_holding_the_card_answers_its_offer(table):
    """«Атакующий игрок ... может бросить»: the attacker's card is the attacker's choice."""
    attack(table, {"blue": "attack"})
    with pytest.raises(RuleError) as refused:
        answer(table, "yellow", True)
    assert refused.value.key == "turn.not_yours"
    assert table.state.pending["player"] == "blue"


def test_an_answer_is_undone_like_any_other_command(table):
    """Ruling: undo drops exactly the last command; the offer is made again."""
    recruit5(table)
    answer(table, "red", True)
    table.session.undo()
    assert table.state.pending["kind"] == "bonus"
    answer(table, "red", False)
    assert table.state.provinces["shinano"].armies == 2 + 5


@pytest.mark.parametrize("take", ["yes", 1, None])
def test_the_answer_is_a_yes_or_no_checked_by_the_schema(take):
    """«... может ...» is yes or no: nothing else is an answer."""
    with pytest.raises(RuleError) as refused:
        parse({"type": "bonus", "player": "red", "take": take})
    assert refused.value.key == "command.bad_field"
    assert parse(to_dict(AnswerBonus(player="red", take=False))) == AnswerBonus("red", False)
