"""A game's session held by its tests as the table holds it: commands sent as the table (or
another device), and positions laid out with the game's own events, replayed."""
from __future__ import annotations

from typing import Any, ClassVar

from companion.engine import Session
from companion.engine.game import TABLE, Actor


class SessionTable:
    game: ClassVar[Any]
    session: Session

    @property
    def state(self):
        return self.session.state

    def do(self, command: dict[str, Any], actor: Actor = TABLE) -> list[dict[str, Any]]:
        return self.session.execute(command, actor)

    def events(self, *events: dict[str, Any]) -> None:
        """Lay out a position with the game's own events (a piece here, a building there)."""
        self.session = Session.replay(self.game, self.session.history + [list(events)])
