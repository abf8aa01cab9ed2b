"""Little Empires' handlers' context (``companion.engine.play``) with the changes its rules
make the same way everywhere: food and bushido, the player looked up or refused."""
from __future__ import annotations

from companion.engine import play as engine_play
from companion.errors import RuleError
from companion.games.little_empires.state import LEState, Player


class Play(engine_play.Play[LEState]):
    def goods(self, player: str, **delta: int) -> None:
        """Resources taken (positive) or paid (negative), one event."""
        delta = {k: v for k, v in delta.items() if v}
        if delta:
            self.event("goods", player=player, **delta)

    def player(self, seat: str) -> Player:
        found = self.state.players.get(seat)
        if found is None:
            raise RuleError("le.unknown_player", player=seat)
        return found
