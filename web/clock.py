"""When the decision the game awaits began, and the host's pauses: the planning timer, kept
by the server.

A timer counts from the moment its decision began, and that moment is read from the stored
commands, so a restart of the server gives no time back. Plans coming in one by one do not
restart the clock for those still planning: the wait goes on while the same kind of
decision awaits some of the same seats.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from companion.engine import Decision, Game
from companion.engine.game import Event
from web.settings import TableSettings


def goes_on(before: Decision | None, now: Decision | None) -> bool:
    """Whether ``now`` is the wait ``before`` still going on (fewer seats left to answer)."""
    return (before is not None and now is not None and now.kind == before.kind
            and now.table == before.table and set(now.seats) <= set(before.seats))


def began(game: Game, history: Iterable[list[Event]], times: Iterable[float]) -> float:
    """When the decision awaited after ``history`` began: the time the command that started
    it was made (``times``, one a command)."""
    state, awaited, since = game.new_state(), None, 0.0
    for events, at in zip(history, times):
        for event in events:
            game.apply(state, event)
        decision = game.decision(state)
        if not goes_on(awaited, decision):
            since = at
        awaited = decision
    return since


@dataclass(frozen=True)
class Shown:
    """The timer as the screens show it: it runs out at ``since + timer`` (server time), or
    stands at ``paused_left`` seconds while the host holds it."""

    since: float
    paused_left: float | None = None


def shown(settings: TableSettings, since: float, now: float, board_waits: bool = False) -> Shown:
    """The timer of the wait that began at ``since``, with the host's pauses of it. While the
    table still has steps to do on the board (``board_waits``) it stands at its full time,
    and it runs from the moment the last of them was done: the players were at the board,
    not at their plans (after the winter's scoring, say)."""
    start = max(since, settings.board_clear)
    if board_waits:
        return Shown(start, float(settings.timer))
    if settings.hold_for != since:
        return Shown(start)
    moved = start + settings.hold_paused
    if settings.hold_since is None:
        return Shown(moved)
    return Shown(moved, max(0.0, moved + settings.timer - settings.hold_since))


def held(settings: TableSettings, since: float, pause: bool, now: float) -> TableSettings:
    """The settings once the host has paused (or let run on) the timer of the wait that
    began at ``since``; pausing what is paused, or running what runs, changes nothing."""
    if settings.hold_for != since:
        settings = replace(settings, hold_for=since, hold_paused=0.0, hold_since=None)
    if pause and settings.hold_since is None:
        return replace(settings, hold_since=now)
    if not pause and settings.hold_since is not None:
        return replace(settings, hold_paused=settings.hold_paused + now - settings.hold_since,
                       hold_since=None)
    return settings
