"""The manual and simulated tray sources: what they promise the engine, one promise per test."""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import RuleError
from companion.games.shogun.colours import CUBE_COLOURS
from companion.i18n import LANGUAGES, catalog
from companion.kits.tower.colours import PALETTE, cube_colours
from companion.kits.tower.manual import ManualTraySource
from companion.kits.tower.simulated import SimulatedTower, TowerParams
from companion.kits.tower.source import CATALOGUES, Throw

counts_by_colour = st.dictionaries(st.sampled_from(CUBE_COLOURS), st.integers(0, 30))


def total_out(tower: SimulatedTower, thrown: dict[str, int], inside: dict[str, int],
              colour: str, throws: int) -> int:
    return sum(tower.drop(thrown, inside).get(colour, 0) for _ in range(throws))


# --- simulated tower -------------------------------------------------------------------------

@given(thrown=counts_by_colour, inside=counts_by_colour, seed=st.integers(0, 2**32),
       capacity=st.integers(1, 60))
def test_simulated_tray_never_holds_more_of_a_colour_than_was_thrown_plus_inside(
        thrown, inside, seed, capacity):
    tower = SimulatedTower(TowerParams(capacity=capacity), seed=seed)
    for _ in range(20):
        tray = tower.drop(thrown, inside)
        for colour, count in tray.items():
            assert 0 < count <= thrown.get(colour, 0) + inside.get(colour, 0)


def test_simulated_tower_repeats_itself_given_the_same_seed():
    throws = [({"red": 4, "blue": 3}, {"red": 1, "green": 5}), ({"yellow": 9}, {"black": 2})]
    first, second = SimulatedTower(seed=7), SimulatedTower(seed=7)
    assert [first.drop(*t) for t in throws * 50] == [second.drop(*t) for t in throws * 50]


def test_simulated_tower_repeats_itself_given_an_injected_random_in_the_same_state():
    first = SimulatedTower(rng=random.Random(11))
    second = SimulatedTower(rng=random.Random(11))
    throw = ({"red": 6, "purple": 2}, {"green": 8})
    assert [first.drop(*throw) for _ in range(100)] == [second.drop(*throw) for _ in range(100)]


def test_simulated_tower_refuses_a_seed_and_a_random_together():
    with pytest.raises(TypeError):
        SimulatedTower(seed=1, rng=random.Random(1))


def test_fraction_of_thrown_cubes_out_of_an_empty_tower_is_within_the_stated_range():
    params = TowerParams()
    tower = SimulatedTower(params, seed=3)
    thrown, throws = 8, 20_000
    fraction = total_out(tower, {"red": thrown}, {}, "red", throws) / (thrown * throws)
    # Each thrown cube sticks with chance (1 - pass_through) * free / capacity, and an empty
    # tower has at least capacity - (thrown - 1) free places for every cube of the throw.
    highest = params.pass_through + (1 - params.pass_through) * (thrown - 1) / params.capacity
    assert params.pass_through <= fraction <= highest


def test_stuck_cubes_are_sometimes_knocked_loose_and_sometimes_stay():
    tower = SimulatedTower(seed=5)
    knocked = [tower.drop({"red": 6}, {"blue": 1}).get("blue", 0) for _ in range(500)]
    assert 0 < sum(knocked) < len(knocked)


def test_more_cubes_thrown_knock_more_stuck_cubes_loose():
    tower = SimulatedTower(seed=6)
    few = total_out(tower, {"red": 2}, {"blue": 10}, "blue", 5_000)
    many = total_out(tower, {"red": 12}, {"blue": 10}, "blue", 5_000)
    assert many > 2 * few


def test_nothing_is_knocked_loose_when_nothing_is_thrown():
    tower = SimulatedTower(seed=8)
    assert all(tower.drop({}, {"blue": 10, "green": 3}) == {} for _ in range(200))


def test_a_fuller_tower_retains_a_smaller_share_of_the_thrown_cubes():
    tower = SimulatedTower(seed=9)
    out_of_empty = total_out(tower, {"red": 8}, {}, "red", 10_000)
    out_of_full = total_out(tower, {"red": 8}, {"blue": 30}, "red", 10_000)
    assert out_of_full > 1.1 * out_of_empty


def test_a_tower_full_to_capacity_lets_every_thrown_cube_through():
    tower = SimulatedTower(TowerParams(capacity=10, knock_per_cube=0.0), seed=10)
    assert all(tower.drop({"red": 7, "green": 3}, {"blue": 10}) == {"red": 7, "green": 3}
               for _ in range(200))


def test_no_colour_is_favoured_by_its_place_in_the_throw():
    tower = SimulatedTower(TowerParams(capacity=12), seed=12)
    trays = [tower.drop({"red": 6, "blue": 6}, {}) for _ in range(20_000)]
    red = sum(tray.get("red", 0) for tray in trays) / len(trays)
    blue = sum(tray.get("blue", 0) for tray in trays) / len(trays)
    assert abs(red - blue) < 0.05


def test_drift_drops_only_cubes_that_are_inside():
    tower = SimulatedTower(TowerParams(drift=0.5), seed=13)
    inside = {"red": 3, "green": 4}
    for _ in range(200):
        fallen = tower.drift(inside)
        assert all(0 < count <= inside[colour] for colour, count in fallen.items())


def test_drift_follows_its_chance_from_never_to_always():
    inside = {"red": 3, "green": 4}
    assert SimulatedTower(TowerParams(drift=0.0), seed=14).drift(inside) == {}
    assert SimulatedTower(TowerParams(drift=1.0), seed=14).drift(inside) == inside


@pytest.mark.parametrize("params", [
    {"pass_through": 1.5}, {"knock_per_cube": -0.1}, {"drift": 2.0}, {"capacity": 0},
])
def test_tower_params_refuse_impossible_values(params):
    with pytest.raises(ValueError):
        TowerParams(**params)


def test_simulated_source_has_nothing_to_report_before_the_first_throw():
    assert SimulatedTower(seed=15).poll() is None


def test_simulated_source_reports_a_settled_certain_tray_after_a_throw():
    tower = SimulatedTower(seed=16)
    tower.begin_throw(Throw(thrown={"red": 4, "blue": 3}, inside={"green": 6}))
    reading = tower.poll()
    assert reading is not None
    assert reading.stable and reading.confidence == 1.0
    assert sum(reading.counts.values()) <= 13


def test_simulated_source_refuses_a_throw_with_a_negative_count():
    with pytest.raises(RuleError) as refused:
        SimulatedTower(seed=17).begin_throw(Throw(thrown={"red": -1}, inside={}))
    assert refused.value.key == "tray.bad_count"


# --- manual entry ----------------------------------------------------------------------------

def manual_after_throw() -> ManualTraySource:
    source = ManualTraySource(CUBE_COLOURS)
    source.begin_throw(Throw(thrown={"red": 4, "blue": 3}, inside={"red": 1, "green": 5}))
    return source


def test_manual_source_returns_what_was_entered():
    source = manual_after_throw()
    source.enter({"red": 3, "blue": 2, "green": 1})
    reading = source.poll()
    assert reading is not None
    assert reading.counts == {"red": 3, "blue": 2, "green": 1}
    assert reading.stable and reading.confidence == 1.0


def test_manual_source_keeps_only_the_last_entry():
    source = manual_after_throw()
    source.enter({"red": 3})
    source.enter({"blue": 1})
    assert source.poll().counts == {"blue": 1}


def test_manual_source_has_nothing_to_report_until_someone_counts():
    assert manual_after_throw().poll() is None


def test_manual_source_forgets_the_count_when_the_next_throw_begins():
    source = manual_after_throw()
    source.enter({"red": 2})
    source.begin_throw(Throw(thrown={"red": 2}, inside={}))
    assert source.poll() is None


@pytest.mark.parametrize("counts, key", [
    ({"red": -1}, "tray.bad_count"),
    ({"red": 2.0}, "tray.bad_count"),
    ({"red": "2"}, "tray.bad_count"),
    ({"red": True}, "tray.bad_count"),
    ({"orange": 1}, "tray.unknown_colour"),
    ({"red": 6}, "tray.impossible"),
    ({"yellow": 1}, "tray.impossible"),
])
def test_manual_source_refuses_a_count_no_tray_could_show(counts, key):
    source = manual_after_throw()
    source.enter({"red": 1})
    with pytest.raises(RuleError) as refused:
        source.enter(counts)
    assert refused.value.key == key
    assert source.poll().counts == {"red": 1}


def test_manual_source_refuses_a_count_before_any_throw():
    with pytest.raises(RuleError) as refused:
        ManualTraySource(CUBE_COLOURS).enter({"red": 1})
    assert refused.value.key == "tray.no_throw"


# --- the game's cube colours -----------------------------------------------------------------

def test_a_game_picks_its_cube_colours_from_the_kits_palette():
    assert cube_colours(["green", "red"]) == ("green", "red")
    for wrong in (["red", "teal"], ["red", "red"], ["red"]):
        with pytest.raises(ValueError):
            cube_colours(wrong)


def test_every_colour_of_the_palette_has_its_words_in_every_language():
    for lang in LANGUAGES:
        terms = catalog(lang, CATALOGUES[0])["terms"]
        assert set(PALETTE) <= set(terms["colour"]) and set(PALETTE) <= set(terms["cubes"]), lang


def test_manual_entry_refuses_a_colour_the_game_has_no_cubes_of():
    source = ManualTraySource(("red", "blue"))
    source.begin_throw(Throw(thrown={"red": 2, "blue": 2}, inside={}))
    with pytest.raises(RuleError) as refused:
        source.enter({"yellow": 1})
    assert refused.value.key == "tray.unknown_colour"
