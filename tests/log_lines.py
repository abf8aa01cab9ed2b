"""Every line of a game's log as each language reads it: no placeholder left unfilled, no
message key or bracketed value shown in its place."""
from __future__ import annotations

import re
from typing import Any, Iterable

from companion.games.shogun.text import describe
from companion.i18n import LANGUAGES

UNFILLED = re.compile(r"\{[a-z_]+\}")


def assert_every_line_reads(states: Iterable[Any], prefix: str) -> None:
    """Each note of each state's log, in every language, is a finished sentence; ``prefix``:
    the message keys of the part under test (``"samurai."``), never shown raw."""
    for lang in LANGUAGES:
        for state in states:
            for note in state.log:
                line = describe(state, note, lang)
                assert not UNFILLED.search(line) and prefix not in line, (note, line)
                assert "[" not in line, line
