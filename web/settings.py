"""What the table chose beyond the rules: the host PIN, the tray source, the timer, the mode.

These are the web app's, not the game's, so they are kept beside the engine's tables in
the same SQLite file (one file to back up) and survive a restart with the game. The PIN is
stored only as an HMAC under the install's secret.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

TRAY_SOURCES = ("manual", "simulated", "sensor", "camera")

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_tables (
    game_id TEXT PRIMARY KEY,
    settings TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class TableSettings:
    pin_hash: str
    tray: str = "manual"
    timer: int = 180
    pass_tablet: bool = False


def pin_hash(secret: bytes, pin: str) -> str:
    return hmac.new(secret, f"pin:{pin}".encode(), hashlib.sha256).hexdigest()


def pin_ok(secret: bytes, settings: TableSettings, pin: object) -> bool:
    return isinstance(pin, str) and hmac.compare_digest(settings.pin_hash, pin_hash(secret, pin))


class SettingsStore:
    """Each game's table settings, one JSON row per game."""

    def __init__(self, db: Path) -> None:
        self._db = sqlite3.connect(str(db), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def put(self, game_id: str, settings: TableSettings) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO web_tables (game_id, settings) VALUES (?, ?)",
                             (game_id, json.dumps(asdict(settings))))

    def get(self, game_id: str) -> TableSettings | None:
        with self._lock:
            row = self._db.execute("SELECT settings FROM web_tables WHERE game_id = ?",
                                   (game_id,)).fetchone()
        return None if row is None else TableSettings(**json.loads(row[0]))

    def close(self) -> None:
        self._db.close()
