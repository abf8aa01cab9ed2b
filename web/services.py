"""What the running app keeps between requests: the database, the secret, the games' hubs,
the tables' settings, the tray sources and the host PIN's guard (opened on the same
database). Blueprints import this, never the app factory, so no module of the shell imports
another in a circle."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from flask import current_app

from web.hub import Hubs
from web.pin_guard import PinGuard
from web.settings import SettingsStore
from web.tray.sources import TraySources


@dataclass
class Services:
    db: Path
    secret: bytes
    hubs: Hubs
    settings: SettingsStore
    trays: TraySources
    pins: PinGuard = field(init=False)

    def __post_init__(self) -> None:
        self.pins = PinGuard(self.db)

    def close(self) -> None:
        self.trays.close()
        self.hubs.close()
        self.settings.close()
        self.pins.close()


def services() -> Services:
    """The running app's database, secret, hubs, settings, tray sources and PIN guard."""
    return current_app.extensions["companion"]
