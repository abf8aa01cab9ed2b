"""The context a command handler works in: the live state, the event emitter, the draws.

Handlers change nothing directly: every change is an event, folded at once, so a handler
reads what its own earlier events did; ``note`` writes the log line that says why.
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine.game import Emit
from companion.errors import RuleError
from companion.games.edo.state import EdoState, Player


class Play:
    def __init__(self, state: EdoState, emit: Emit, rng: random.Random) -> None:
        self.state = state
        self.emit = emit
        self.rng = rng

    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def event(self, type_: str, **fields: Any) -> None:
        self.emit({"type": type_, **fields})

    def note(self, key: str, **params: Any) -> None:
        self.emit({"type": "note", "key": key, "params": params})

    def goods(self, player: str, **delta: int) -> None:
        """Ryo and resources taken (positive) or paid (negative), one event."""
        delta = {k: v for k, v in delta.items() if v}
        if delta:
            self.event("goods", player=player, **delta)

    def pending(self, kind: str | None, **fields: Any) -> None:
        self.event("pending", pending=None if kind is None else {"kind": kind, **fields})

    def turn(self, seat: str) -> dict[str, Any]:
        """The card being carried out, if it is ``seat``'s, else the refusal saying whose it is."""
        s = self.state
        self.player(seat)
        if s.phase != "execution" or s.turn is None or s.pending is not None:
            raise RuleError("edo.not_now")
        if s.turn["player"] != seat:
            raise RuleError("edo.not_your_turn", player=seat, waiting=s.turn["player"])
        return s.turn

    def player(self, seat: str) -> Player:
        found = self.state.players.get(seat)
        if found is None:
            raise RuleError("edo.unknown_player", player=seat)
        return found
