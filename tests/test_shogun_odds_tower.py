"""The tray's exact distribution (``companion.kits.tower.odds``) against the simulated tower it
describes: many throws with a fixed seed, each tray's frequency within a few binomial standard
errors of the chance the odds give it."""
import math
from collections import Counter

import pytest

from companion.kits.tower.odds import tray_distribution, tray_distributions
from companion.kits.tower.simulated import SimulatedTower, TowerParams

THROWS = 20_000
Z = 4.5
"""Standard errors allowed: with some 150 trays compared per case, a correct model fails one
by chance about once in 10,000 runs (the seed is fixed, so never twice)."""
WATCHED = ["red", "blue", "green"]
CASES = {
    "an empty tower": ({"red": 5, "blue": 3, "green": 1}, {}),
    "steady play, 16 cubes inside": ({"red": 6, "blue": 4, "yellow": 2, "green": 1},
                                     {"red": 3, "blue": 2, "green": 3, "black": 4, "purple": 4}),
    "more inside than the ledges hold": ({"red": 4, "blue": 4},
                                         {"red": 10, "blue": 10, "green": 10, "black": 30}),
}


def thrown_trays(thrown, inside, seed):
    tower = SimulatedTower(seed=seed)
    return Counter(tuple(tray.get(c, 0) for c in WATCHED)
                   for tray in (tower.drop(thrown, inside) for _ in range(THROWS)))


def misfits(odds, seen):
    """The trays whose frequency is further from their chance than the tolerance (trays
    expected at least 10 times, where the binomial's normal approximation holds)."""
    out = []
    for tray, chance in ((t, float(odds[t])) for t in zip(*odds.nonzero())):
        if chance * THROWS < 10:
            continue
        error = math.sqrt(chance * (1 - chance) / THROWS)
        if abs(seen[tray] / THROWS - chance) > Z * error:
            out.append((tray, chance, seen[tray] / THROWS))
    return out


@pytest.mark.parametrize("case", CASES)
def test_every_tray_comes_out_as_often_as_the_odds_say(case):
    thrown, inside = CASES[case]
    odds = tray_distribution(thrown, inside, WATCHED)
    seen = thrown_trays(thrown, inside, seed=37)
    assert sum(seen[t] for t in seen if odds[t] == 0) == 0, "a tray the odds call impossible"
    assert misfits(odds, seen) == []


def test_the_comparison_tells_a_tower_letting_more_cubes_through_apart():
    """The check above has the power to fail: a model whose empty tower lets 60% through
    instead of 55% is told apart on the same throws."""
    thrown, inside = CASES["steady play, 16 cubes inside"]
    wrong = tray_distribution(thrown, inside, WATCHED, TowerParams(pass_through=0.60))
    assert misfits(wrong, thrown_trays(thrown, inside, seed=37)) != []


def test_the_chances_of_all_trays_add_up_to_one():
    thrown, inside = CASES["steady play, 16 cubes inside"]
    assert tray_distribution(thrown, inside, WATCHED).sum() == pytest.approx(1.0, abs=1e-12)


def test_odds_for_several_army_counts_at_once_are_those_of_each_throw_alone():
    thrown, inside = CASES["steady play, 16 cubes inside"]
    together = tray_distributions(thrown, inside, WATCHED, "blue", 5)
    for more in range(6):
        alone = tray_distribution({**thrown, "blue": thrown["blue"] + more}, inside, WATCHED)
        assert together[more][tuple(slice(0, n) for n in alone.shape)] == \
            pytest.approx(alone, abs=1e-12)
