"""Complete games played by a game's random legal player, for ``./run simulate`` and the
property tests: every command the player chooses must be accepted, and the game's invariants
hold after each one."""
from __future__ import annotations

from typing import Any, Callable

from companion.engine.game import Game
from companion.engine.session import Session


class InvariantBroken(AssertionError):
    """The engine let the game into a state the physical game cannot reach."""


def to_the_end(game: Game, session: Session, choose: Callable[[Any], dict[str, Any]], most: int,
               check: Callable[[Any], None] | None = None) -> Session:
    """Plays ``choose``'s commands until the game awaits nothing; ``most`` commands, far beyond
    a game's length, end it as a bug (a loop), not a hang."""
    for _ in range(most):
        if game.decision(session.state) is None:
            return session
        session.execute(choose(session.state))
        if check is not None:
            check(session.state)
    raise InvariantBroken(f"no end after {most} commands")
