"""What the running app keeps between requests: the database, the secret, the games' hubs,
the tables' settings and the tray sources. Blueprints import this, never the app factory,
so no module of the shell imports another in a circle."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from web.hub import Hubs
from web.settings import SettingsStore
from web.tray.sources import TraySources


@dataclass
class Services:
    db: Path
    secret: bytes
    hubs: Hubs
    settings: SettingsStore
    trays: TraySources

    def close(self) -> None:
        self.trays.close()
        self.hubs.close()
        self.settings.close()


def services() -> Services:
    """The running app's database, secret, hubs and settings."""
    return current_app.extensions["companion"]
