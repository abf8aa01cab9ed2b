"""What a game with the battle tower tells the tower kit: the throw awaiting its count, and
the commands a tray count becomes. The camera, the sensor board and the tray's web routes
speak to a game only through this, so any game with a tower can use them."""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from companion.kits.tower.source import Throw

class TowerRules(Protocol):
    colours: tuple[str, ...]
    """The game's cube colours, names from ``companion.kits.tower.colours.PALETTE``: what the
    camera is calibrated for and the sensor board's reading is counted in."""

    def throw(self, state: Any) -> Throw | None:
        """The throw awaiting its count, or None."""

    def inside(self, state: Any) -> dict[str, int]:
        """What the bookkeeping says is inside the tower now, by colour."""

    def expected(self, state: Any) -> dict[str, int]:
        """What the bookkeeping says lies in the tray now, by colour: what a device that sees
        the resting tray should find there."""

    def by_hand(self, state: Any) -> list[dict[str, Any]]:
        """The changes made to the tray by hand since the last throw, oldest first: each a
        ``player`` (the cubes' colour), ``n`` (below 0 when taken out), ``cause`` and ``card``."""

    def count_command(self, counts: Mapping[str, int]) -> dict[str, Any]:
        """The game's command that a settled count of the tray becomes."""

    def fell_command(self, counts: Mapping[str, int]) -> dict[str, Any]:
        """The game's command for cubes that fell out of the tower by themselves."""

    def outcome(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log notes a count's events write, up to the battle's outcome: what the
        table is shown before it confirms the count."""
