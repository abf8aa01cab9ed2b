"""The sensor board as a tray source for the engine and the web app."""
from __future__ import annotations

import time
from typing import Collection

from companion.kits.tower.source import Throw, TrayReading
from sensor.link import SensorLink


class SensorTraySource:
    """Counts the tray, in the game's cube ``colours``, from the cubes the board saw fall
    since the last ``begin_throw``.

    ``poll`` shows cubes as they arrive (``extra["arrivals"]``, in order) and becomes
    stable only once the board has said the tray settled and every announced cube is in
    hand; anything that may be missing lowers ``confidence`` and is named in ``note``.
    Several sources may share one ``link`` (one board at the table, games with other colours).
    """

    name = "sensor"

    def __init__(self, port: str | None = None, *, colours: Collection[str],
                 link: SensorLink | None = None, start: bool = True) -> None:
        self.colours = tuple(colours)
        self.link = link or SensorLink(port)
        if start:
            self.link.start()

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Wait for the board's hello; a throw begun before it cannot know its first cubes.

        Create the source when the table starts, not at the first battle, and this is
        long done by then.
        """
        deadline = time.monotonic() + timeout
        while not self.link.with_session(lambda s: s.hello_ok):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    def begin_throw(self, throw: Throw) -> None:
        now = time.monotonic()
        self.link.with_session(lambda s: s.begin_throw(now))

    def poll(self) -> TrayReading | None:
        return self.link.with_session(lambda s: s.reading(self.colours))

    def calibrate(self, colour: str, cubes: int = 5) -> None:
        """Ask the board to learn ``colour`` from the next ``cubes`` cubes dropped through it."""
        self.link.with_session(lambda s: s.command("CAL", ("c", colour), ("k", cubes)))

    def close(self) -> None:
        self.link.stop()

    def __enter__(self) -> SensorTraySource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
