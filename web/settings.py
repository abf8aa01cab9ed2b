"""What the table chose beyond the rules: the host PIN, the tray source, the timer, the mode.

These are the web app's, not the game's: the engine keeps them with the game, unread,
in the same SQLite file (one file to back up), and they survive a restart with the game.
The PIN is stored only as an HMAC under the install's secret.
"""
from __future__ import annotations

import hashlib
import hmac
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

from companion.engine import EventStore

TRAY_SOURCES = ("manual", "simulated", "sensor", "camera")
# The board steps: each waits for a tap, they run on by themselves, or none are shown (the
# group keeps the board by the log; games made by the API or before the steps existed).
BOARD_MODES = ("tap", "auto", "off")
OLDER_TABLE = "web_tables"  # where releases before kept the settings, one row per game


@dataclass(frozen=True)
class TableSettings:
    """``hold_*``: the host's pause of the timer, for the wait that began at ``hold_for``
    (``web.clock``): seconds already paused, and since when it is paused now. ``board_*``:
    the board steps (``web.board``): where the table has got to, the put-backs of an undone
    command, how they are shown (``BOARD_MODES``), and when the last step was done (or a
    screen that holds the clock, in ``seen``, was closed on the table)."""

    pin_hash: str
    tray: str = "manual"
    timer: int = 180
    pass_tablet: bool = False
    hold_for: float = 0.0
    hold_paused: float = 0.0
    hold_since: float | None = None
    board_done: tuple[int, int] | None = None
    board_undo: tuple[dict[str, Any], ...] = ()
    board: str = "off"
    board_clear: float = 0.0
    seen: tuple[str, ...] = ()


def from_row(row: dict[str, Any]) -> TableSettings:
    """The settings as stored (JSON: lists where the settings hold tuples)."""
    done, undo = row.get("board_done"), row.get("board_undo") or ()
    return TableSettings(**{**row, "board_done": tuple(done) if done is not None else None,
                            "board_undo": tuple(undo), "seen": tuple(row.get("seen") or ())})


def pin_hash(secret: bytes, pin: str) -> str:
    return hmac.new(secret, f"pin:{pin}".encode(), hashlib.sha256).hexdigest()


def pin_ok(secret: bytes, settings: TableSettings, pin: object) -> bool:
    return isinstance(pin, str) and hmac.compare_digest(settings.pin_hash, pin_hash(secret, pin))


class SettingsStore:
    """Each game's table settings, kept in the game's own row: a game and its settings are
    stored in one transaction, so no game is ever left without its PIN."""

    def __init__(self, db: Path) -> None:
        self._store = EventStore(db)
        self._lock = threading.Lock()
        self._store.adopt_settings(OLDER_TABLE)

    @staticmethod
    def row(settings: TableSettings) -> dict[str, Any]:
        """The settings as the store keeps them (given when the game is made)."""
        return asdict(settings)

    def change(self, game_id: str, change: Callable[[TableSettings], TableSettings],
               default: TableSettings) -> tuple[TableSettings, TableSettings]:
        """The settings before and after ``change`` (``default`` for a game that has none),
        read, changed and written in one transaction (``EventStore.change_settings``)."""
        seen: list[TableSettings] = []

        def rows(row: dict[str, Any] | None) -> dict[str, Any]:
            seen[:] = [from_row(row) if row is not None else default]
            seen.append(change(seen[0]))
            return self.row(seen[1])

        with self._lock:
            self._store.change_settings(game_id, rows)
        return seen[0], seen[1]

    def get(self, game_id: str) -> TableSettings | None:
        with self._lock:
            found = self._store.settings(game_id)
        return None if found is None else from_row(found)

    def close(self) -> None:
        self._store.close()
