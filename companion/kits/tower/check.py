"""The tray as a device sees it, held against what the bookkeeping says lies there.

Between battles the players change the tray by hand (a card puts cubes in, another takes a
player's own cubes out), and nothing but their hands does it: no throw, no count. A camera
that sees the resting tray can catch a cube forgotten or one too many before the next battle
throws them all, when the mistake would turn into a wrong result nobody notices. The check
only says what differs and what to do about it; it never changes the bookkeeping, because a
camera's miscount and a player's slip look the same from here, and only the players can
tell them apart.

>>> [d.note() for d in differences({"blue": 2}, {"blue": 1})]
[{'key': 'tray.check_short', 'params': {'colour': 'blue', 'shown': 1, 'expected': 2, 'n': 1}}]
>>> differences({"blue": 2}, {"blue": 2, "red": 0})
[]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class Difference:
    """One colour the device counts otherwise than the bookkeeping expects."""

    colour: str
    shown: int
    expected: int

    def note(self) -> dict[str, Any]:
        """What to do about it, as a message key and parameters for any language: put the
        missing cubes in, or take the extra ones out (unless they fell out of the tower by
        themselves, which only the players can tell)."""
        key = "tray.check_short" if self.shown < self.expected else "tray.check_over"
        return {"key": key, "params": {"colour": self.colour, "shown": self.shown,
                                       "expected": self.expected,
                                       "n": abs(self.expected - self.shown)}}


def differences(expected: Mapping[str, int], shown: Mapping[str, int]) -> list[Difference]:
    """The colours where ``shown`` (a device's reading of the resting tray) is not
    ``expected`` (the bookkeeping's tray), in ``expected``'s order, then any other colour."""
    colours = list(expected) + [c for c in shown if c not in expected]
    found = [Difference(c, int(shown.get(c, 0)), int(expected.get(c, 0))) for c in colours]
    return [d for d in found if d.shown != d.expected]
