"""Playing a game forward through the web API without caring how: for tests that need a
later position (the first winter) reached by real commands only."""
from __future__ import annotations

from typing import Any, Callable


def next_command(view: dict[str, Any]) -> dict[str, Any]:
    """Everyone plans nothing and bids 0; every throw shows an empty tray; the first revolt
    goes first; nobody moves."""
    pending = view["pending"]
    kind = pending["kind"]
    if kind == "plans":
        return {"type": "plan", "player": pending["waiting"][0], "actions": {},
                "bid": {"chests": 0}}
    if kind == "special":
        return {"type": "choose_special", "player": pending["player"], "slot": pending["free"][0]}
    if kind == "tray":
        return {"type": "count_tray", "counts": {}}
    if kind == "revolt_order":
        return {"type": "choose_revolt", "player": pending["player"],
                "province": pending["provinces"][0]}
    return {"type": "pass", "player": pending["player"]}


def to_winter_scoring(view: Callable[[], dict[str, Any]],
                      send: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Send the table's commands until the first winter is scored; returns that view."""
    for _ in range(200):
        current = view()
        if any(n["key"] == "winter.scored" for n in current["log"]):
            return current
        send(next_command(current))
    raise AssertionError("no winter scoring within 200 commands")
