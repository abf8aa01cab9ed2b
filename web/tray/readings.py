"""A tray reading as the battle screen shows it: plain data, safe to cache, compare and send.

Doubts travel as message keys and parameters, never as sentences, so each screen words them
in its own language. Only what the screen shows is kept: the hub redraws every screen when
the reading changes, and a camera's confidence wavers with each frame's noise while the
counts, their stability and the doubts hold (a redraw would also undo a correction being
made on the steppers).
"""
from __future__ import annotations

from typing import Any

from companion.kits.tower.source import TrayReading


def reading_dict(reading: TrayReading, source: str) -> dict[str, Any]:
    """The reading of ``source`` ("camera", "sensor") for ``GameHub.set_live``."""
    return {"source": source, "counts": {c: n for c, n in reading.counts.items() if n},
            "stable": reading.stable,
            "doubts": [{"key": d.key, "params": dict(d.params)} for d in reading.doubts],
            "arrivals": list(reading.extra.get("arrivals", []))}
