"""The context a game's command handlers work in: the live state, the event emitter, the draws.

Handlers change nothing directly: every change is an event, folded into the state at once
(the session does), so a handler reads what its own earlier events did; ``note`` writes the
log line that says why. A game subclasses it with the changes its rules make the same way
everywhere (paying, gaining, moving pieces)."""
from __future__ import annotations

import random
from typing import Any, Generic, TypeVar

from companion.engine.game import Emit

S = TypeVar("S")


class Play(Generic[S]):
    def __init__(self, state: S, emit: Emit, rng: random.Random) -> None:
        self.state = state
        self.emit = emit
        self.rng = rng

    def event(self, type_: str, **fields: Any) -> None:
        self.emit({"type": type_, **fields})

    def note(self, key: str, **params: Any) -> None:
        self.emit({"type": "note", "key": key, "params": params})

    def pending(self, kind: str | None, **fields: Any) -> None:
        """Awaits a step outside the game's regular turns (a question to the table, a choice
        one rule gives a player), or, with None, closes it."""
        self.event("pending", pending=None if kind is None else {"kind": kind, **fields})
