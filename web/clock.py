"""When the decision the game awaits began: the planning timer's start, kept by the server.

A timer counts from the moment its decision began, and that moment is read from the stored
commands, so a restart of the server gives no time back. Plans coming in one by one do not
restart the clock for those still planning: the wait goes on while the same kind of
decision awaits some of the same seats.
"""
from __future__ import annotations

from typing import Iterable

from companion.engine import Decision, Game
from companion.engine.store import CommandRecord


def goes_on(before: Decision | None, now: Decision | None) -> bool:
    """Whether ``now`` is the wait ``before`` still going on (fewer seats left to answer)."""
    return (before is not None and now is not None and now.kind == before.kind
            and now.table == before.table and set(now.seats) <= set(before.seats))


def began(game: Game, records: Iterable[CommandRecord]) -> tuple[Decision | None, float]:
    """The decision awaited after ``records`` and when it began: the time the command that
    started it was stored."""
    state, awaited, since = game.new_state(), None, 0.0
    for record in records:
        for event in record.events:
            game.apply(state, event)
        decision = game.decision(state)
        if not goes_on(awaited, decision):
            since = record.at
        awaited = decision
    return awaited, since
