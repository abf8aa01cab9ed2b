"""The tray sources this server has, and the live one each game follows.

One tower stands at the table, so one sensor board serves the server: it is opened once,
when the first game that counts with it is opened, and every such game's watch reads it.
Manual entry is always there; the simulated tower is always there for demos. "Best
present" means the sensor board when one is plugged in or configured, else manual entry.
"""
from __future__ import annotations

import threading

from companion.tower.source import TraySource
from web.hub import GameHub
from web.tray_watch import TrayWatch

LIVE = ("sensor",)


class TraySources:
    def __init__(self, sensor_port: str | None = None) -> None:
        self.sensor_port = sensor_port
        self._sensor: TraySource | None = None
        self._watches: dict[str, TrayWatch] = {}
        self._lock = threading.Lock()

    def present(self) -> tuple[str, ...]:
        found = ("manual", "simulated")
        if self.sensor_port or _board_plugged_in():
            found += ("sensor",)
        return found

    def best(self) -> str:
        return "sensor" if "sensor" in self.present() else "manual"

    def follow(self, hub: GameHub, tray: str) -> None:
        """Start following the game's live source, once per game per process."""
        if tray not in LIVE:
            return
        with self._lock:
            if hub.game_id in self._watches:
                return
            self._watches[hub.game_id] = TrayWatch(hub, self._sensor_source()).start()

    def _sensor_source(self) -> TraySource:
        if self._sensor is None:
            from sensor import SensorTraySource
            self._sensor = SensorTraySource(self.sensor_port)
        return self._sensor

    def close(self) -> None:
        with self._lock:
            for watch in self._watches.values():
                watch.stop()
            self._watches.clear()
            if self._sensor is not None:
                self._sensor.close()
                self._sensor = None


def _board_plugged_in() -> bool:
    from sensor.link import find_board_port
    return bool(find_board_port())
