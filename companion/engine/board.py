"""The board steps: what the players must do with the real pieces, one player's part of
one command at a time, until the table says it is done on the board.

A game that opts in (capability ``board``) words each command's changes to the pieces as
groups of lines (``Game.board_steps``); this module finds the groups the table has not yet
carried out. Where the table has got to is a cursor, ``(seq, index)``: every group of the
commands before ``seq``, and the first ``index`` groups of command ``seq``, are done.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.engine.game import Event, Game

BOARD = "board"


@dataclass(frozen=True)
class BoardStep:
    """One player's part (``player`` None: the table's) of command ``seq``'s changes, its
    ``index``-th; ``undo``: it puts back what an undone command had changed."""

    seq: int
    index: int
    player: str | None
    lines: tuple[dict[str, Any], ...]
    undo: bool = False


def has_board(game: Game) -> bool:
    return BOARD in game.capabilities


def _fold(game: Game, history: list[list[Event]]) -> Any:
    state = game.new_state()
    for events in history:
        for event in events:
            game.apply(state, event)
    return state


def steps_of(game: Game, history: list[list[Event]], seq: int) -> list[BoardStep]:
    """Every group command ``seq`` asks for."""
    state = _fold(game, history[: seq - 1])
    return [BoardStep(seq, i, g["player"], tuple(g["lines"]))
            for i, g in enumerate(game.board_steps(state, history[seq - 1]))]


def pending(game: Game, history: list[list[Event]], done: tuple[int, int]) -> list[BoardStep]:
    """The groups from the cursor ``done`` on, oldest first."""
    if not has_board(game):
        return []
    first, skip = done
    state = _fold(game, history[: max(0, first - 1)])
    found = []
    for seq in range(max(1, first), len(history) + 1):
        for i, g in enumerate(game.board_steps(state, history[seq - 1])):
            if (seq, i) >= (first, skip):
                found.append(BoardStep(seq, i, g["player"], tuple(g["lines"])))
    return found


def carried_out(game: Game, history: list[list[Event]], seq: int, done: tuple[int, int]) -> list[BoardStep]:
    """The groups of command ``seq`` the table has already carried out on the board."""
    if not has_board(game) or done <= (seq, 0):
        return []
    groups = steps_of(game, history, seq)
    return groups if done[0] > seq else groups[: done[1]]


Group = dict[str, Any]
"""``{"player": seat or None, "lines": [line, ...]}``: one player's part of a command."""


def grouped(state: Any, events: list[Event], lines: Callable[[Any, Event], list[tuple[str | None, dict[str, Any]]]],
            apply: Callable[[Any, Event], None]) -> list[Group]:
    """The groups of lines ``events`` ask for, one group per run of one player's pieces, for
    a game whose ``lines`` words one event (seen from the state before it) as its players'
    lines; ``state`` is the state before the events and is advanced through them."""
    groups: list[Group] = []
    for event in events:
        joined(groups, lines(state, event))
        apply(state, event)
    return groups


def joined(groups: list[Group], lines: list[tuple[str | None, dict[str, Any]]]) -> None:
    """Adds each (player, line) to ``groups``: to the last group while the player is the
    same, else as a new group (a game whose events cannot be worded one by one uses this)."""
    for player, line in lines:
        if groups and groups[-1]["player"] == player:
            groups[-1]["lines"].append(line)
        else:
            groups.append({"player": player, "lines": [line]})


def reversed_groups(done: list[Group], opposite: Callable[[dict[str, Any]], dict[str, Any]]) -> list[Group]:
    """The groups that put the board back as it was before ``done``: each line's
    ``opposite``, the last first."""
    return [{"player": group["player"], "lines": [opposite(line) for line in reversed(group["lines"])]}
            for group in reversed(done)]
