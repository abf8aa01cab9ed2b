"""The tray sources this server has, and the live one each game follows.

One tower stands at the table, so one sensor board and one camera serve the server: each
is opened once, when the first game that counts with it is opened, and every such game's
watch reads it, counting in the game's cube colours (the camera once it is calibrated for
them: its frames come from a webcam on the server or from the table's browser). Manual
entry is always there; the simulated tower is always there for demos; the camera is always
offered (its photos need only a calibration).
"Best present" means the sensor board when one is plugged in or configured, else a
calibrated webcam on the server, else manual entry.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from companion.kits.tower.source import TraySource
from web.tray.camera import Camera
from web.hub import GameHub
from web.tray.watch import TrayWatch

if TYPE_CHECKING:
    from sensor import SensorLink

LIVE = ("sensor", "camera")


class TraySources:
    def __init__(self, db: Path, sensor_port: str | None = None,
                 camera_device: str | int | None = None) -> None:
        self.sensor_port = sensor_port
        self.camera = Camera(db, camera_device)
        self._sensor: SensorLink | None = None
        self._watches: dict[str, TrayWatch] = {}
        self._confirmed: dict[str, str] = {}
        self._lock = threading.Lock()

    def present(self) -> tuple[str, ...]:
        found = ("manual", "simulated", "camera")
        if self.sensor_port or _board_plugged_in():
            found += ("sensor",)
        return found

    def best(self) -> str:
        if "sensor" in self.present():
            return "sensor"
        if self.camera.device is not None and self.camera.calibrated():
            return "camera"
        return "manual"

    def follow(self, hub: GameHub, tray: str) -> None:
        """Start following the game's live source, once per game per process."""
        if tray not in LIVE:
            return
        with self._lock:
            if hub.game_id in self._watches:
                return
            colours = hub.game.tower.colours
            source = self._sensor_source(colours) if tray == "sensor" else self.camera.live_source(colours)
            if source is not None:
                self._watches[hub.game_id] = TrayWatch(hub, source).start()

    def confirm(self, game_id: str, key: str) -> None:
        """The table says the tray holds what the bookkeeping expects (``key``, from
        ``web.tray.screen.changes_key``) though a look at it differs: the camera misread."""
        with self._lock:
            self._confirmed[game_id] = key

    def confirmed(self, game_id: str) -> str | None:
        """The tray the table last confirmed for the game, if any."""
        with self._lock:
            return self._confirmed.get(game_id)

    def _sensor_source(self, colours: Sequence[str]) -> TraySource:
        """The board, read in ``colours``: one link for the server, a source per game."""
        from sensor import SensorLink, SensorTraySource
        if self._sensor is None:
            self._sensor = SensorLink(self.sensor_port)
            self._sensor.start()
        return SensorTraySource(colours=colours, link=self._sensor, start=False)

    def close(self) -> None:
        with self._lock:
            for watch in self._watches.values():
                watch.stop()
            self._watches.clear()
            if self._sensor is not None:
                self._sensor.stop()
                self._sensor = None
            self.camera.close()


def _board_plugged_in() -> bool:
    from sensor.link import find_board_port
    return bool(find_board_port())
