"""Winter: rice, supply, revolts, scoring, the new year and the end ('Зима')."""
import pytest

from companion.games.shogun.catalog import load_catalog
from companion.games.shogun.winter import scores, supply_row

LOSS_3 = ("e06", "e03", "e10", "e06")


def to_winter(table, rice, events=LOSS_3):
    """Three rounds with nothing planned; everyone's rice is set first."""
    table.set_year_events(*events)
    for colour, amount in rice.items():
        table.set_rice(colour, amount)
    for _ in range(3):
        table.plan_round({})


@pytest.mark.parametrize("short, revolts, peasants", [(1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 2, 2),
                                                      (5, 2, 3), (6, 2, 3), (7, 3, 3), (12, 3, 3)])
def test_the_supply_table(short, revolts, peasants):
    row = supply_row(load_catalog().cards, short)
    assert (row["revolts"], row["peasants"]) == (revolts, peasants)


def test_three_provinces_short_two_revolt_with_two_more_peasants_denis_example(table):
    """Rulebook example: Denis holds 9 provinces and has 6 rice after the winter loss: 3
    provinces go unsupplied, so 2 revolt; his left neighbour draws 2 of his province cards;
    each revolt throws his armies there, 1 peasant per unrest token and 2 more."""
    to_winter(table, {"red": 12, "blue": 9, "yellow": 12})
    drawn = [n for n in table.state.log if n["key"] == "winter.revolts_drawn"]
    assert len(drawn) == 1
    assert {k: drawn[0]["params"][k] for k in ("player", "short", "by", "peasants")} == \
        {"player": "blue", "short": 3, "by": "yellow", "peasants": 2}
    assert table.state.players["blue"].rice == 6
    pending = table.state.pending
    assert pending["kind"] == "revolt_order" and len(pending["provinces"]) == 2
    first = pending["provinces"][1]
    armies = table.state.provinces[first].armies
    table.do({"type": "choose_revolt", "player": "blue", "province": first})
    parts = {(p["colour"], p["role"]): p["n"] for p in table.state.battle["parts"]}
    assert parts == {("blue", "defender"): armies, ("green", "peasants"): 2}
    assert table.state.battle["province"] == first
    table.do({"type": "count_tray", "counts": {"blue": armies}})
    assert table.state.pending == {"kind": "tray", "battle": "revolt"}
    assert table.state.battle["province"] == pending["provinces"][0]


def test_two_rice_short_kai_revolts_with_three_peasants_anton_example(table):
    """Rulebook example: Anton is 2 rice short; Kai revolts with 3 peasants, 2 from the
    supply table and 1 for the unrest token there."""
    for province in table.state.owned("red"):
        table.give(province, None)
    table.give("kai", "red", armies=3, unrest=1)
    table.give("shinano", "red", armies=3, unrest=1)
    to_winter(table, {"red": 3, "blue": 12, "yellow": 12})
    assert table.state.pending["kind"] == "tray"
    parts = {(p["colour"], p["role"]): p["n"] for p in table.state.battle["parts"]}
    assert parts[("green", "peasants")] == 3


def test_winter_rice_loss_never_goes_below_zero(table):
    to_winter(table, {"red": 1, "blue": 20, "yellow": 20})
    assert table.state.players["red"].rice == 0


def test_scoring_one_per_province_and_building_and_region_majorities_with_ties(table):
    """Rulebook: 1 point per province and per building; the most castles in a region 3,
    temples 2, theatres 1; tied leaders each get one point less."""
    state_board = table.state.board
    brown = [p for p in table.state.provinces if state_board.provinces[p].region == "brown"]
    a, b, c = brown[:3]
    table.give(a, "red", armies=1, buildings=("castle", "temple"))
    table.give(b, "blue", armies=1, buildings=("castle",))
    table.give(c, "blue", armies=1, buildings=("temple",))
    table.give(brown[3], "red", armies=1, buildings=("temple",))
    table_ = scores(table.state)
    brown_red = [m for m in table_["red"]["majorities"] if m["region"] == "brown"]
    brown_blue = [m for m in table_["blue"]["majorities"] if m["region"] == "brown"]
    assert {(m["building"], m["points"], m["tied"]) for m in brown_red} == \
        {("castle", 2, True), ("temple", 2, False)}
    assert {(m["building"], m["points"], m["tied"]) for m in brown_blue} == {("castle", 2, True)}
    red = table_["red"]
    assert red["provinces"] == len(table.state.owned("red"))
    assert red["buildings"] == 3


def test_a_player_without_that_building_in_the_region_is_not_a_leader(table):
    brown = [p for p in table.state.provinces
             if table.state.board.provinces[p].region == "brown"]
    table.give(brown[0], "red", armies=1, buildings=("theatre",))
    majorities = {c: [m for m in row["majorities"] if m["region"] == "brown"]
                  for c, row in scores(table.state).items()}
    assert majorities["red"] == [{"region": "brown", "building": "theatre", "count": 1,
                                  "points": 1, "tied": False}]
    assert majorities["blue"] == [] and majorities["yellow"] == []


def test_after_the_first_winter_new_events_rice_to_zero_and_no_unrest(table):
    table.give("shinano", "red", armies=2, unrest=2)
    next_four = table.state.event_deck[:4]
    to_winter(table, {"red": 30, "blue": 30, "yellow": 30})
    assert table.state.year == 2 and table.state.phase == "planning"
    assert table.state.year_events == next_four
    assert {p.rice for p in table.state.players.values()} == {0}
    assert all(prov.unrest == 0 for prov in table.state.provinces.values())
    assert all(p.score > 0 for p in table.state.players.values())


def test_the_game_ends_after_the_second_winter_a_tie_going_to_more_chests(table):
    """Rulebook: the most points wins; on a tie, the player with more chests."""
    table.set_chests("red", 5)
    table.set_chests("blue", 9)
    table.set_chests("yellow", 7)
    to_winter(table, {"red": 30, "blue": 30, "yellow": 30})
    to_winter(table, {"red": 30, "blue": 30, "yellow": 30},
              events=tuple(table.state.year_events))
    assert table.state.phase == "over"
    result = table.state.result
    assert len(set(result["scores"].values())) == 1
    assert result["ranking"] == ["blue", "yellow", "red"] and result["winners"] == ["blue"]


def test_the_host_may_end_the_game_early_ranked_by_the_score_track_then_chests(table):
    table.set_chests("red", 3)
    table.set_chests("blue", 9)
    table.arrange({"type": "score", "player": "yellow", "n": 4})
    events = table.do({"type": "end_game"})
    assert table.state.phase == "over" and table.state.pending is None
    assert table.state.result["ranking"] == ["yellow", "blue", "red"]
    assert table.state.result["early"] is True
    assert table.notes(events, "game.ended_early") == [{"year": 1}]


def test_a_game_that_is_over_cannot_be_ended_again(table):
    from companion.errors import RuleError
    table.do({"type": "end_game"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "end_game"})
    assert refused.value.key == "game.cannot_end"


def test_a_throw_must_be_counted_before_the_game_is_ended(table):
    from companion.errors import RuleError
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.set_round(actions=["battle1", "taxes", "rice", "castle", "temple", "theatre",
                             "recruit5", "recruit3", "recruit1", "battle2"])
    table.plan_round({"blue": {"battle1": "shinano"}})
    table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "end_game"})
    assert refused.value.key == "tray.count_first"
    table.do({"type": "count_tray", "counts": {"blue": 2}})
    table.do({"type": "end_game"})
    assert table.state.phase == "over"
