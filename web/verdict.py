"""What a tray count would decide, in the device's words, before anyone confirms it."""
from __future__ import annotations

from typing import Any, Mapping

from companion.i18n import Names
from web.hub import GameHub
from web.present import line

OUTCOMES = {"battle.attacker_won", "battle.defender_won", "battle.neutral_held",
            "battle.cleared", "revolt.crushed", "revolt.lost", "tower.seeded"}


def verdict_lines(hub: GameHub, counts: Mapping[str, Any], names: Names) -> list[str]:
    """The log lines the count would write, up to the battle's outcome; RuleError if the
    bookkeeping rules the count out."""
    events = hub.preview({"type": "count_tray", "counts": dict(counts)})
    lines = []
    for e in events:
        if e["type"] == "note" and e["key"] != "tray.counted":
            lines.append(line(e, names))
            if e["key"] in OUTCOMES:
                break
    return lines
