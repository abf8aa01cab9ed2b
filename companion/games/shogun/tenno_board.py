"""Tenno's Court on the real table: the officials' figures and the favour cards, each as a
line telling a player (or the table) what to do (cubes taken out of the tray or put in by
hand are ``by_hand``'s lines)."""
from __future__ import annotations

from typing import Any

from companion.games.shogun.state import ShogunState
from companion.games.shogun.tenno_state import HALLS

Line = dict[str, Any]
KINDS = frozenset({"officials", "favours_laid", "favour_taken", "favours_cleared", "event_removed"})


def line(state: ShogunState, e: dict) -> tuple[str | None, Line] | None:
    kind = e["type"]
    if kind == "officials":
        return e["player"], {"key": f"board.officials_{e['from']}_{e['to']}", "icon": "official",
                             "colour": e["player"],
                             "params": {"player": e["player"], "n": e["n"]}}
    if kind == "favours_laid":
        cards = [c for c in e["offered"] if c is not None]
        return None, {"key": "board.favours_laid", "icon": "favour", "colour": None,
                      "params": {"numbers": cards}}
    if kind == "favour_taken":
        return e["player"], {"key": "board.favour_taken", "icon": "favour", "colour": e["player"],
                             "params": {"player": e["player"], "favour": e["favour"]}}
    if kind == "favours_cleared":
        left = [c for c in state.tenno.offered if c is not None]
        return None, {"key": "board.favours_cleared", "icon": "favour", "colour": None,
                      "params": {"numbers": left}}
    if kind == "event_removed":
        return None, {"key": "board.event_removed", "icon": "favour", "colour": None,
                      "params": {"event": state.event}}
    return None


OPPOSITE = {f"board.officials_{a}_{b}": f"board.officials_{b}_{a}" for a in HALLS for b in HALLS if a != b}
OPPOSITE.update({
    "board.favours_laid": "board.favours_back",
    "board.favours_back": "board.favours_laid",
    "board.favour_taken": "board.favour_returned",
    "board.favour_returned": "board.favour_taken",
    "board.favours_cleared": "board.favours_restored",
    "board.favours_restored": "board.favours_cleared",
    "board.event_removed": "board.event_restored",
    "board.event_restored": "board.event_removed",
})
"""Each line's undoing, for the host's undo."""
