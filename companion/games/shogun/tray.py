"""Connecting a tray source to a game: the throw goes out, the reading comes back as a count.

The source never touches the game; its reading becomes the same CountTray command a
person's count does, so the cube bookkeeping checks every source alike.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.games.shogun import by_hand
from companion.games.shogun.battle import throw_of
from companion.games.shogun.colours import CUBE_COLOURS
from companion.games.shogun.state import ShogunState
from companion.kits.tower.source import Throw, TraySource


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
    return ShogunTower().count_command(reading.counts)


OUTCOMES = frozenset({"battle.attacker_won", "battle.defender_won", "battle.neutral_held",
                      "battle.cleared", "revolt.crushed", "revolt.lost", "tower.seeded"})


def score(note: Mapping[str, Any]) -> dict[str, Any] | None:
    """The score of a battle's outcome note with each side named ("Anna 4 : Denis 1 +
    peasants 1"), for the verdict's first line: a bare "4:1" does not say whose 4 it is."""
    p = note["params"]
    if note["key"].startswith("revolt."):
        return {"type": "note", "key": "revolt.score",
                "params": {"player": p["player"], "own": p["own"], "peasants": p["peasants"]}}
    if not note["key"].startswith("battle.") or "a" not in p:
        return None
    defender = p.get("defender")
    if defender is None:
        return {"type": "note", "key": "battle.score_neutral",
                "params": {"attacker": p["attacker"], "a": p["a"], "d": p["d"]}}
    own, peasants = p.get("own", p["d"]), p.get("peasants", 0)
    key = "battle.score_peasants" if peasants else "battle.score"
    return {"type": "note", "key": key, "params": {"attacker": p["attacker"], "a": p["a"],
                                                   "defender": defender, "own": own,
                                                   "peasants": peasants}}


class ShogunTower:
    """Shogun's side of the tower kit (``companion.kits.tower.rules.TowerRules``): its six
    cube colours are what the camera is calibrated for and the sensor board counts."""

    colours = CUBE_COLOURS

    def throw(self, state: ShogunState) -> Throw | None:
        tray_awaited = state.pending is not None and state.pending["kind"] == "tray"
        return throw_of(state.battle) if tray_awaited and state.battle is not None else None

    def inside(self, state: ShogunState) -> dict[str, int]:
        return {c: n for c, n in state.tower.items() if n}

    def expected(self, state: ShogunState) -> dict[str, int]:
        return by_hand.expected_tray(state)

    def by_hand(self, state: ShogunState) -> list[dict[str, Any]]:
        return by_hand.since_last_throw(state)

    def count_command(self, counts: Mapping[str, int]) -> dict[str, Any]:
        return {"type": "count_tray", "counts": {c: n for c, n in counts.items() if n}}

    def fell_command(self, counts: Mapping[str, int]) -> dict[str, Any]:
        return {"type": "cubes_fell", "counts": {c: n for c, n in counts.items() if n}}

    def outcome(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        notes = []
        for e in events:
            if e["type"] == "note" and e["key"] != "tray.counted":
                if e["key"] in OUTCOMES:
                    scored = score(e)
                    notes += [scored, e] if scored else [e]
                    break
                notes.append(e)
        return notes
