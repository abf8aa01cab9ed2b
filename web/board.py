"""The table's board steps: what the players must now do with the real pieces, shown large
one player's part at a time until someone at the table taps "done on the board"
(``companion.engine.board`` finds them; the game words them).

Where the table has got to is kept with the table's settings, beside the game, so a restart
shows the same step. The group chooses when the game is made whether each step waits for
the tap, runs on by itself (the table's screen sends the tap after a pause) or is not shown
(``TableSettings.board``). The planning clock does not run while steps wait: the players
are at the board, not at their plans.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import current_app

from companion.engine.board import BoardStep, carried_out, has_board, pending
from companion.errors import RuleError
from web.hub import GameHub
from web.settings import TableSettings

AUTO_SECONDS = 6  # how long a step stays on screen when the steps run by themselves (BOARD_AUTO_SECONDS)
UNDO = 0  # the "command number" of the steps that put back an undone command's changes


def cursor(settings: TableSettings, hub: GameHub) -> tuple[int, int]:
    """Where the table has got to; a game from before the steps starts at its next command."""
    if settings.board_done is None:
        return hub.session.seq + 1, 0
    seq, index = settings.board_done
    return int(seq), int(index)


def steps(hub: GameHub, settings: TableSettings) -> list[BoardStep]:
    """The steps still to do on the board, the undone command's put-backs first."""
    if not has_board(hub.game) or settings.board == "off":
        return []
    undo = [BoardStep(UNDO, i, g["player"], tuple(g["lines"]), undo=True)
            for i, g in enumerate(settings.board_undo)]
    at = cursor(settings, hub)
    return undo + hub.worked_out(("board", at), lambda: pending(hub.game, hub.session.history, at))


def done(settings: TableSettings, hub: GameHub, seq: int, index: int, now: float) -> TableSettings:
    """The settings once the table has carried out step ``(seq, index)``. A step already done
    (the same tap sent again) changes nothing; only the step on screen can be done."""
    waiting = steps(hub, settings)
    if not waiting or (seq, index) != (waiting[0].seq, waiting[0].index):
        if _was_done(settings, hub, seq, index):
            return settings
        raise RuleError("board.not_next")
    if seq == UNDO:
        settings = replace(settings, board_undo=tuple(settings.board_undo[1:]))
    else:
        settings = replace(settings, board_done=(seq, index + 1))
    if len(waiting) == 1:
        settings = replace(settings, board_clear=now)
    return settings


def _was_done(settings: TableSettings, hub: GameHub, seq: int, index: int) -> bool:
    if seq == UNDO:
        return index >= len(settings.board_undo)
    return (seq, index) < cursor(settings, hub)


def after_undo(settings: TableSettings, hub: GameHub, carried: list[BoardStep], seq: int) -> TableSettings:
    """The settings once the host has undone command ``seq``: what the table had already done
    of it on the board is to be put back, before anything else."""
    back = hub.game.undo_steps([{"player": s.player, "lines": list(s.lines)} for s in carried]) \
        if carried else []
    return replace(settings, board_undo=tuple(back) + tuple(settings.board_undo),
                   board_done=min(cursor(settings, hub), (seq, 0)))


def carried(hub: GameHub, settings: TableSettings) -> tuple[int, list[BoardStep]]:
    """The newest command and the steps of it the table has carried out (before an undo)."""
    with hub.lock:
        seq = hub.session.seq
        if settings.board == "off":
            return seq, []
        return seq, carried_out(hub.game, hub.session.history, seq, cursor(settings, hub))


def screen(hub: GameHub, settings: TableSettings) -> dict[str, Any]:
    """What the table's step panel shows: the first step, the places on the board it touches
    (the map marks them, so the players find them on the real board) and how many wait
    behind it."""
    waiting = steps(hub, settings)
    step = waiting[0] if waiting else None
    places = list(dict.fromkeys(p for line in step.lines for p in line.get("places", ()))) if step else []
    return {"step": step, "places": places, "more": max(0, len(waiting) - 1),
            "auto": settings.board == "auto",
            "seconds": current_app.config.get("BOARD_AUTO_SECONDS", AUTO_SECONDS)}
