"""Tray counts typed in by a person: the source that always works, with no hardware at all.

A person's count is trusted completely (confidence 1.0), so it must be refused at the door if
it cannot be right: a count that is not a whole number, a colour the game does not have, or
more cubes of a colour than the throw and the tower together could have let out. A typo
caught here would otherwise become a wrong battle result that nobody notices.
"""
from __future__ import annotations

from numbers import Integral
from typing import Collection, Mapping

from companion.errors import RuleError
from companion.kits.tower.source import Throw, TrayReading


def checked_counts(counts: Mapping[str, object], colours: Collection[str] | None = None) -> dict[str, int]:
    """Counts by colour as plain ints, zeros left out; refuses what no tray could show.

    Shared by every source that is handed counts from outside, so that a bad count is refused
    with the same message key wherever it comes from. ``colours``, the game's cube colours,
    refuses any other; without it (counts the game's own bookkeeping made) any name passes.
    """
    checked: dict[str, int] = {}
    for colour, count in counts.items():
        if colours is not None and colour not in colours:
            raise RuleError("tray.unknown_colour", colour=colour)
        if isinstance(count, bool) or not isinstance(count, Integral) or count < 0:
            raise RuleError("tray.bad_count", colour=colour, count=count)
        if count:
            checked[colour] = int(count)
    return checked


class ManualTraySource:
    """A tray source whose reading is whatever a person last entered for the current throw,
    of the game's cube ``colours``."""

    name = "manual"

    def __init__(self, colours: Collection[str]) -> None:
        self.colours = tuple(colours)
        self._throw: Throw | None = None
        self._counts: dict[str, int] | None = None

    def begin_throw(self, throw: Throw) -> None:
        """Forget the previous count: the tray has been emptied into the tower again."""
        self._throw = throw
        self._counts = None

    def enter(self, counts: Mapping[str, object]) -> None:
        """Take a person's count of the tray; a later entry replaces an earlier one.

        Counts are checked against the throw because the bookkeeping knows how many cubes of
        each colour could possibly have come out; more than that is a typo, not a miracle.
        """
        if self._throw is None:
            raise RuleError("tray.no_throw")
        checked = checked_counts(counts, self.colours)
        for colour, count in checked.items():
            possible = self._throw.thrown.get(colour, 0) + self._throw.inside.get(colour, 0)
            if count > possible:
                raise RuleError("tray.impossible", colour=colour, counted=count, most=possible)
        self._counts = checked

    def poll(self) -> TrayReading | None:
        """The last entered count, or None while nobody has counted this throw yet."""
        if self._counts is None:
            return None
        return TrayReading(counts=dict(self._counts))
