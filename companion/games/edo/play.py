"""Edo's handlers' context (``companion.engine.play``) with the changes its rules make the
same way everywhere: ryo and resources, the turn, the player looked up or refused."""
from __future__ import annotations

from typing import Any

from companion.engine import play as engine_play
from companion.errors import RuleError
from companion.games.edo.state import EdoState, Player


class Play(engine_play.Play[EdoState]):
    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def goods(self, player: str, **delta: int) -> None:
        """Ryo and resources taken (positive) or paid (negative), one event."""
        delta = {k: v for k, v in delta.items() if v}
        if delta:
            self.event("goods", player=player, **delta)

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
