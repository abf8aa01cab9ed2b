"""A stochastic model of the Shogun battle tower, for play without a tower and for win odds.

The real tower is unpredictable because of its memory: ledges inside keep some of the thrown
cubes and the next throw knocks some of them loose, so a battle can turn out more cubes of a
colour than were thrown. The model keeps exactly those mechanisms and nothing else:

* each thrown cube falls through or sticks on a ledge; the ledges hold a finite number of
  cubes, so a cube is less likely to stick the fuller they already are;
* each cube already inside is knocked loose with a chance that grows with the number of
  cubes thrown in (every falling cube is one more chance to hit it);
* between battles a stuck cube may drop by itself (the table is bumped, the tower moved).

Where the numbers come from. No published measurement of the real tower was found. The one
documented model is the one used by the online Wallenstein at Spielbyweb, quoted in the
BGDF forum thread "Queen Games seeking new Cube Tower game" (http://www.bgdf.com/node/180,
2008): a thrown cube comes out with chance 2/3, a cube stuck from earlier with chance 1/3;
the poster calls it an anecdotal approximation, and the thread asks, unanswered, whether the
stuck cubes' chance should depend on how many cubes are thrown (here it does). A student
implementation of Wallenstein (github.com/locojoetive/WallensteinOnlineSrc, Tower.java)
guesses 70% out on the first throw into the empty tower, then 50% for thrown and 60% for
stuck cubes; those are guesses too. The defaults below are therefore estimates, chosen so
that in steady play the model reproduces the Spielbyweb figures: about two thirds of thrown
cubes out and one third of stuck cubes knocked loose per battle. "Steady play" is the run in
``bench/tower_sim.py``: a five-player start, then battles of 2-7 against 1-5 armies plus the
cubes of other colours left in the tray, about 16 cubes a throw with about 16 inside. Other
parameter sets fit those two figures as well (0.5 with capacity 40, 0.6 with capacity 80);
the middle one was taken. Capacity and drift have no source at all.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from companion.kits.tower.manual import checked_counts
from companion.kits.tower.source import Throw, TrayReading


@dataclass(frozen=True)
class TowerParams:
    """The few numbers that make one tower differ from another (see the module docstring).

    ``pass_through``: chance that a thrown cube falls through an empty tower.
    ``capacity``: how many cubes the ledges can hold at most; a thrown cube sticks with chance
    ``(1 - pass_through) * free / capacity``, where ``free`` is the room left on the ledges.
    ``knock_per_cube``: chance that one falling cube knocks a given stuck cube loose; with
    ``n`` cubes thrown a stuck cube comes out with chance ``1 - (1 - knock_per_cube) ** n``.
    ``drift``: chance that a stuck cube drops by itself between two battles.
    """

    pass_through: float = 0.55
    capacity: int = 50
    knock_per_cube: float = 0.025
    drift: float = 0.01

    def __post_init__(self) -> None:
        for name in ("pass_through", "knock_per_cube", "drift"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"TowerParams.{name} must be a probability, got {value!r}")
        if self.capacity < 1:
            raise ValueError(f"TowerParams.capacity must be at least 1, got {self.capacity!r}")


class SimulatedTower:
    """A tray source that throws the cubes into a model of the tower instead of a real one.

    The tower's content is not kept here: the engine's bookkeeping hands it over with every
    throw, so one instance can serve any number of simulated games. Given the same seed (or
    the same ``random.Random`` state) it produces the same trays.

    What the tray can show, per colour, is bounded by conservation: never more than was thrown
    plus what was inside. For the thrown cubes alone, each one comes out with a chance between
    ``pass_through`` (empty ledges) and 1 (full ledges).
    """

    name = "simulated"

    def __init__(
        self,
        params: TowerParams | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if seed is not None and rng is not None:
            raise TypeError("give SimulatedTower a seed or a random.Random, not both")
        self.params = params if params is not None else TowerParams()
        self._random = rng if rng is not None else random.Random(seed)
        self._reading: TrayReading | None = None

    def begin_throw(self, throw: Throw) -> None:
        """Throw at once: a simulated tray has settled the moment the cubes go in."""
        self._reading = TrayReading(
            counts=self.drop(checked_counts(throw.thrown), checked_counts(throw.inside))
        )

    def poll(self) -> TrayReading | None:
        """The tray of the last throw, or None before the first one."""
        return self._reading

    def drop(self, thrown: Mapping[str, int], inside: Mapping[str, int]) -> dict[str, int]:
        """What lands in the tray, by colour (zeros left out).

        The hot path of win-odds simulations, so it takes plain counts without building a
        Throw or TrayReading and trusts them to be non-negative ints. Stuck cubes are knocked
        loose first, then the thrown cubes settle one by one into the room that is left; which
        thrown cubes stuck is then a uniform choice among them, so no colour is favoured by
        the order in which colours happen to be listed.
        """
        rnd = self._random.random
        params = self.params
        colours = [colour for colour, count in thrown.items() if count]
        counts = [thrown[colour] for colour in colours]
        total = sum(counts)
        tray: dict[str, int] = {}

        remaining = 0
        stay = (1.0 - params.knock_per_cube) ** total
        for colour, count in inside.items():
            loose = 0
            for _ in range(count):
                if rnd() >= stay:
                    loose += 1
            if loose:
                tray[colour] = loose
            remaining += count - loose

        capacity = params.capacity
        hold = (1.0 - params.pass_through) / capacity
        stuck = 0
        for _ in range(total):
            free = capacity - remaining - stuck
            if free > 0 and rnd() < hold * free:
                stuck += 1

        for colour, passed in zip(colours, self._passed_by_colour(counts, total, stuck)):
            if passed:
                tray[colour] = tray.get(colour, 0) + passed
        return tray

    def _passed_by_colour(self, counts: list[int], total: int, stuck: int) -> list[int]:
        """Split ``total - stuck`` passed cubes over the colours as a uniform random draw.

        Draws whichever of the two groups (passed or stuck) is smaller, cube by cube without
        replacement, so a mostly-passing throw costs only a few random numbers.
        """
        passed = total - stuck
        if stuck == 0:
            return list(counts)
        if passed == 0:
            return [0] * len(counts)
        rnd = self._random.random
        left = list(counts)
        drawn = [0] * len(counts)
        pool = total
        for _ in range(min(passed, stuck)):
            pick = int(rnd() * pool)
            index = 0
            while pick >= left[index]:
                pick -= left[index]
                index += 1
            left[index] -= 1
            drawn[index] += 1
            pool -= 1
        if passed <= stuck:
            return drawn
        return [count - taken for count, taken in zip(counts, drawn)]

    def drift(self, inside: Mapping[str, int]) -> dict[str, int]:
        """Cubes that drop out of the tower by themselves between two battles, by colour.

        Separate from ``drop`` because it happens with no throw at all; a simulation calls it
        between battles and moves what it returns from the tower to the tray.
        """
        rnd = self._random.random
        chance = self.params.drift
        fallen: dict[str, int] = {}
        for colour, count in inside.items():
            out = 0
            for _ in range(count):
                if rnd() < chance:
                    out += 1
            if out:
                fallen[colour] = out
        return fallen
