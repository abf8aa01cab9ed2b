"""Connecting a tray source to a game: the throw goes out, the reading comes back as a count.

The source never touches the game; its reading becomes the same CountTray command a
person's count does, so the cube bookkeeping checks every source alike.
"""
from __future__ import annotations

from typing import Any

from companion.games.shogun.battle import throw_of
from companion.games.shogun.state import ShogunState
from companion.kits.tower.source import TraySource


def start_throw(state: ShogunState, source: TraySource) -> None:
    """Tell ``source`` which cubes are being thrown now (the tray was just emptied)."""
    if state.battle is None:
        raise ValueError("no throw is waiting for its count")
    source.begin_throw(throw_of(state.battle))


def count_command(source: TraySource) -> dict[str, Any] | None:
    """The CountTray command for the source's settled reading, or None while it settles."""
    reading = source.poll()
    if reading is None or not reading.stable:
        return None
    return {"type": "count_tray", "counts": {c: n for c, n in reading.counts.items() if n}}
