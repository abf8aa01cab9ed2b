"""Folds every game's state needs alike: an event that sets one field, and a log line."""
from __future__ import annotations

from typing import Any, Callable


def setter(name: str) -> Callable[[Any, dict[str, Any]], None]:
    """The fold of an event that carries the new value of the state's field ``name``."""
    def fold(state: Any, event: dict[str, Any]) -> None:
        setattr(state, name, event[name])
    return fold


def noted(state: Any, event: dict[str, Any]) -> None:
    """A ``note`` event: the log line, kept as a key and parameters for each device to word."""
    state.log.append({"key": event["key"], "params": event["params"]})
