"""What a game's simulated sessions say, checked for words left unfilled: every log line and
every board step, in a language, with no ``{placeholder}`` and no raw message key left."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from companion.engine import board
from companion.i18n import Names, render

UNFILLED = re.compile(r"\{[a-z_]+\}")


def _unfilled(key: str, text: str) -> bool:
    return bool(UNFILLED.search(text)) or key in text


def unfilled_log_lines(sessions: Iterable[Any], describe: Callable[[Any, dict, str], str],
                       lang: str) -> list[tuple[dict, str]]:
    """Each log note of ``sessions`` that ``describe`` words with something left unfilled."""
    return [(note, line) for session in sessions for note in session.state.log
            if _unfilled(note["key"], line := describe(session.state, note, lang))]


def unfilled_board_steps(game: Any, session: Any, names: Names) -> list[tuple[dict, str]]:
    """Each line of the board steps ``session`` asked for that renders with something left unfilled."""
    return [(line, text) for step in board.pending(game, session.history, (1, 0)) for line in step.lines
            if _unfilled(line["key"], text := render(line["key"], line["params"], names))]
