"""The context a command handler works in: the live state, the event emitter, the draws.

Handlers change nothing directly: every change is an event, folded at once, so a handler
reads what its own earlier events did; ``note`` writes the log line that says why.
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine.game import Emit
from companion.errors import RuleError
from companion.games.little_empires.state import LEState, Player


class Play:
    def __init__(self, state: LEState, emit: Emit, rng: random.Random) -> None:
        self.state = state
        self.emit = emit
        self.rng = rng

    def event(self, type_: str, **fields: Any) -> None:
        self.emit({"type": type_, **fields})

    def note(self, key: str, **params: Any) -> None:
        self.emit({"type": "note", "key": key, "params": params})

    def goods(self, player: str, **delta: int) -> None:
        """Resources taken (positive) or paid (negative), one event."""
        delta = {k: v for k, v in delta.items() if v}
        if delta:
            self.event("goods", player=player, **delta)

    def pending(self, kind: str | None, **fields: Any) -> None:
        self.event("pending", pending=None if kind is None else {"kind": kind, **fields})

    def player(self, seat: str) -> Player:
        found = self.state.players.get(seat)
        if found is None:
            raise RuleError("le.unknown_player", player=seat)
        return found
