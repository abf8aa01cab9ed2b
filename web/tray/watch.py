"""A live tray source (the sensor board, the camera) followed for one game.

The table should not have to type what a device already saw. While a throw waits for its
count, the watch polls the table's source and hands each new reading to the hub, which
redraws the battle screen: cubes appear as they fall, and once the source says the tray
has settled, the verdict is shown for one tap. Between battles, cubes the sensor board sees
falling by themselves become a ``cubes_fell`` command, checked by the cube bookkeeping
like any count. A camera cannot tell that: it sees the whole tray, with the cubes the last
battle left in it, so a cube that fell by itself is simply thrown with the next battle. What
the camera sees of the resting tray is shown instead, its ``between`` naming the tray the
bookkeeping expected then, so that after the players change the tray by hand the table can
hold it against the bookkeeping. The source
never writes the game: only a person's tap confirms a count.
"""
from __future__ import annotations

import threading

from companion.engine import TABLE
from companion.errors import RuleError
from companion.kits.tower.source import Throw, TrayReading, TraySource
from web.hub import GameHub
from web.tray.readings import reading_dict

POLL_S = 0.1


class TrayWatch:
    """Polls one source for one game's hub, in a daemon thread, until stopped."""

    def __init__(self, hub: GameHub, source: TraySource, poll_s: float = POLL_S) -> None:
        self.hub = hub
        self.source = source
        self.poll_s = poll_s
        self._throw: tuple | None = None
        self._look: Throw | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name=f"tray-watch-{hub.game_id}")

    def start(self) -> "TrayWatch":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def _run(self) -> None:
        # A throw begun before the board has said hello cannot know its first cubes.
        wait_ready = getattr(self.source, "wait_ready", None)
        if wait_ready is not None:
            wait_ready(timeout=10.0)
        while not self._stop.wait(self.poll_s):
            self.step()

    def step(self) -> None:
        """One look at the game and the source (the thread calls this; so can a test)."""
        throw, key, inside = self.hub.throw_in_progress()
        resting = self._resting(throw, inside)
        if key != self._throw or (throw is None and self.source.name == "camera" and resting != self._look):
            followed, self._throw, self._look = self._throw is not None, key, resting
            self.source.begin_throw(throw or resting)
            if followed:  # the last throw's reading is stale; one made for this throw (a photo) is not
                self.hub.set_live(None)
            return
        reading = self.source.poll()
        if reading is None:
            return
        if throw is not None:
            self.hub.set_live(reading_dict(reading, self.source.name))
        elif reading.stable and "arrivals" in reading.extra and any(reading.counts.values()):
            self._fell(reading, inside)
        elif self.source.name == "camera" and self._checking():
            self.hub.set_live({**reading_dict(reading, "camera"), "between": dict(resting.thrown)})

    def _checking(self) -> bool:
        """Whether the tray was changed by hand since the last throw: only then is a look at
        the resting tray worth showing (every new reading redraws every screen)."""
        with self.hub.lock:
            return bool(self.hub.game.tower.by_hand(self.hub.state))

    def _resting(self, throw: Throw | None, inside: dict[str, int]) -> Throw:
        """The tray between battles as a camera may see it: what the bookkeeping says lies
        there, and what may fall out of the tower by itself. For the sensor board nothing
        lies there yet: it counts only what falls from now on."""
        if throw is not None or self.source.name != "camera":
            return Throw({}, inside)
        with self.hub.lock:
            expected = self.hub.game.tower.expected(self.hub.state)
        return Throw(expected, inside)

    def _fell(self, reading: TrayReading, inside: dict[str, int]) -> None:
        """Ruling: cubes that fall between battles stay in the tray for the next one."""
        try:
            self.hub.execute(self.hub.game.tower.fell_command(reading.counts), TABLE)
        except RuleError:
            pass  # not now (the draft) or impossible by the bookkeeping: never applied
        self.source.begin_throw(Throw({}, inside))
