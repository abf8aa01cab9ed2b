"""Append-only SQLite store of every game's commands and the events they produced.

One row per accepted command, holding the command and its events as JSON, written in one
transaction: a game is never half-updated, and a server killed at any moment reopens with
every accepted command and nothing else. WAL lets the table's screens read while a
command is written. Events are kept per command because undo drops exactly one command.
"""
from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    summary TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS commands (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    command TEXT NOT NULL,
    events TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StaleWrite(RuntimeError):
    """Another writer appended to the game first; reload and try again."""


@dataclass(frozen=True)
class GameRecord:
    id: str
    game: str
    created: float
    updated: float
    commands: int
    summary: dict[str, Any]


@dataclass(frozen=True)
class CommandRecord:
    seq: int
    command: dict[str, Any]
    events: list[dict[str, Any]]


class EventStore:
    """Games and their command log in one SQLite file (``":memory:"`` for throwaway games)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def new_game(self, game: str) -> str:
        game_id = uuid.uuid4().hex[:10]
        now = time.time()
        self._db.execute("INSERT INTO games (id, game, created, updated) VALUES (?, ?, ?, ?)",
                         (game_id, game, now, now))
        return game_id

    def append(self, game_id: str, seq: int, command: dict[str, Any],
               events: list[dict[str, Any]], summary: dict[str, Any] | None = None) -> None:
        """Store one accepted command; ``seq`` must be the next number, else StaleWrite."""
        now = time.time()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            last = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game_id = ?",
                                    (game_id,)).fetchone()[0]
            if seq != last + 1:
                raise StaleWrite(f"game {game_id}: expected command {last + 1}, got {seq}")
            self._db.execute("INSERT INTO commands (game_id, seq, command, events, at) "
                             "VALUES (?, ?, ?, ?, ?)",
                             (game_id, seq, _dump(command), _dump(events), now))
            if summary is not None:
                self._db.execute("UPDATE games SET updated = ?, summary = ? WHERE id = ?",
                                 (now, _dump(summary), game_id))
            self._db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def commands(self, game_id: str) -> Iterator[CommandRecord]:
        rows = self._db.execute("SELECT seq, command, events FROM commands WHERE game_id = ? "
                                "ORDER BY seq", (game_id,))
        for seq, command, events in rows:
            yield CommandRecord(seq, json.loads(command), json.loads(events))

    def drop_last(self, game_id: str, seq: int,
                  summary: dict[str, Any] | None = None) -> CommandRecord | None:
        """Remove command ``seq`` (the host's undo), only if it is still the newest: a
        writer that has not seen a later command must not undo that one instead."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute("SELECT seq, command, events FROM commands WHERE game_id = ? "
                                   "ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
            if row is not None and row[0] != seq:
                raise StaleWrite(f"game {game_id}: command {row[0]} is newer than {seq}")
            if row is not None:
                self._db.execute("DELETE FROM commands WHERE game_id = ? AND seq = ?",
                                 (game_id, row[0]))
                if summary is not None:
                    self._db.execute("UPDATE games SET updated = ?, summary = ? WHERE id = ?",
                                     (time.time(), _dump(summary), game_id))
            self._db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return None if row is None else CommandRecord(row[0], json.loads(row[1]), json.loads(row[2]))

    def games(self, game_id: str | None = None) -> list[GameRecord]:
        """Every game, newest first (or just ``game_id``), with its command count."""
        where, args = ("WHERE g.id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self._db.execute(
            "SELECT g.id, g.game, g.created, g.updated, g.summary, "
            "(SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id) "
            f"FROM games g {where} ORDER BY g.updated DESC", args)
        return [GameRecord(i, g, c, u, n, json.loads(s)) for i, g, c, u, s, n in rows]

    def game(self, game_id: str) -> GameRecord | None:
        found = self.games(game_id)
        return found[0] if found else None


    def _rollback(self) -> None:
        """Undo an unfinished write. SQLite has already rolled back after some failures (a
        full disk among them); a second rollback would then hide the real error."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
