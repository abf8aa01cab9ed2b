"""What a tray count would decide, in the device's words, before anyone confirms it."""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine import TABLE
from companion.i18n import Names, sentence
from web.hub import GameHub


def verdict_lines(hub: GameHub, counts: Mapping[str, Any], names: Names) -> list[str]:
    """The log lines the count would write, up to the battle's outcome; RuleError if the
    bookkeeping rules the count out."""
    tower = hub.game.tower
    events = hub.preview(tower.count_command(counts), TABLE)
    return [sentence(note, names) for note in tower.outcome(events)]
