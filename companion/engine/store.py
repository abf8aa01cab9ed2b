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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from companion.engine import printed
from companion.engine.draws import Draws

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
CREATE TABLE IF NOT EXISTS requests (
    game_id TEXT NOT NULL REFERENCES games(id),
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, key)
);
CREATE TABLE IF NOT EXISTS printed (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, key)
);
"""

# Columns added to ``games`` since the first release, with what a game stored before holds.
ADDED_COLUMNS = {
    "draws": "TEXT",  # Draws.stored(); filled from the create command's seed for old games
    "settings": "TEXT",  # the table's own choices (PIN hash, tray, timer), opaque here
    "writes": "INTEGER NOT NULL DEFAULT 0",  # rises with every append and undo
    "request": "TEXT",  # the id of the request that made the game
}


class StaleWrite(RuntimeError):
    """Another writer changed the game first; reload and try again."""


class Repeated(Exception):
    """This request was carried out before: ``seq`` (or ``game_id``) is its first answer."""

    def __init__(self, seq: int = 0, game_id: str = "") -> None:
        super().__init__(f"request already answered (command {seq}, game {game_id})")
        self.seq = seq
        self.game_id = game_id


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
    at: float = 0.0  # when it was stored (seconds since the epoch)


@dataclass(frozen=True)
class Loaded:
    """A game as one read of the store saw it: its commands, its draws and its write count."""

    writes: int
    draws: Draws
    records: list[CommandRecord]


class EventStore:
    """Games and their command log in one SQLite file (``":memory:"`` for throwaway games).

    Every write names the write count it was decided on (``writes``): a writer that has
    not seen another's command or undo gets StaleWrite instead of writing past it. A
    request's id, when given, is kept with the command it made, in the same transaction:
    the same request sent again (a double tap, a phone resending after a lost answer, two
    servers racing) is answered with its first answer and never applied twice.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout=10000")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        with self._writing():
            self._upgrade()

    def close(self) -> None:
        self._db.close()

    def create(self, game: str, command: dict[str, Any], events: list[dict[str, Any]],
               summary: dict[str, Any], draws: Draws, settings: dict[str, Any] | None = None,
               request: str | None = None, at: float | None = None) -> str:
        """Store a new game with its creating command, its draws and the table's settings,
        all or nothing; Repeated(game_id=...) if ``request`` made a game already."""
        game_id = uuid.uuid4().hex[:10]
        now = time.time() if at is None else at
        with self._writing():
            if request is not None:
                made = self._db.execute("SELECT id FROM games WHERE request = ?", (request,)).fetchone()
                if made is not None:
                    raise Repeated(game_id=made[0])
            self._db.execute(
                "INSERT INTO games (id, game, created, updated, summary, draws, settings, writes, "
                "request) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)",
                (game_id, game, now, now, _dump(summary), draws.stored(),
                 None if settings is None else _dump(settings), request))
            self._db.execute("INSERT INTO commands (game_id, seq, command, events, at) "
                             "VALUES (?, 1, ?, ?, ?)", (game_id, _dump(command), _dump(events), now))
        return game_id

    def append(self, game_id: str, writes: int, seq: int, command: dict[str, Any],
               events: list[dict[str, Any]], summary: dict[str, Any],
               request: str | None = None, at: float | None = None) -> int:
        """Store one accepted command as number ``seq`` (made at ``at``, now unless given),
        decided on the game as it was after ``writes`` writes; the new write count.
        Repeated if ``request`` was answered, StaleWrite if another writer came first."""
        now = time.time() if at is None else at
        with self._writing():
            self._check(game_id, writes, request)
            self._db.execute("INSERT INTO commands (game_id, seq, command, events, at) "
                             "VALUES (?, ?, ?, ?, ?)",
                             (game_id, seq, _dump(command), _dump(events), now))
            told = {k: v for e in events if e.get("type") == printed.EVENT
                    for k, v in e["values"].items()}
            if told:
                game = self._db.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()[0]
                self._remember(game, told, now)
            return self._wrote(game_id, seq, summary, request, now)

    def drop_last(self, game_id: str, writes: int, seq: int, summary: dict[str, Any],
                  request: str | None = None) -> int:
        """Remove command ``seq``, the newest (the host's undo); the new write count."""
        now = time.time()
        with self._writing():
            self._check(game_id, writes, request)
            last = self._db.execute("SELECT MAX(seq) FROM commands WHERE game_id = ?",
                                    (game_id,)).fetchone()[0]
            if last != seq:
                raise StaleWrite(f"game {game_id}: command {last} is the newest, not {seq}")
            self._db.execute("DELETE FROM commands WHERE game_id = ? AND seq = ?", (game_id, seq))
            return self._wrote(game_id, seq - 1, summary, request, now)

    def load(self, game_id: str) -> Loaded:
        """The game's commands, draws and write count, read together."""
        with self._reading():
            row = self._db.execute("SELECT writes, draws FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            rows = self._db.execute("SELECT seq, command, events, at FROM commands "
                                    "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        records = [CommandRecord(seq, json.loads(c), json.loads(e), at) for seq, c, e, at in rows]
        return Loaded(row[0], Draws.parse(row[1]), records)

    def commands(self, game_id: str) -> Iterator[CommandRecord]:
        yield from self.load(game_id).records

    def writes(self, game_id: str) -> int | None:
        """How many writes the game has seen (None: no such game): a cheap test of whether
        another writer changed it."""
        row = self._db.execute("SELECT writes FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    def answered(self, game_id: str, request: str) -> int | None:
        """The command number ``request`` was answered with, if it was carried out."""
        row = self._db.execute("SELECT seq FROM requests WHERE game_id = ? AND key = ?",
                               (game_id, request)).fetchone()
        return None if row is None else row[0]

    def changes(self) -> int:
        """A number that changes whenever another connection commits to the file."""
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def settings(self, game_id: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None or row[0] is None else json.loads(row[0])

    def change_settings(self, game_id: str,
                        change: Callable[[dict[str, Any] | None], dict[str, Any]]) -> dict[str, Any]:
        """Read, change and write the settings in one transaction, so two devices changing
        them at once (a step done while the host pauses the timer), even through two servers,
        never lose one of the changes. The settings as written."""
        with self._writing():
            row = self._db.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            before = None if row is None or row[0] is None else json.loads(row[0])
            after = change(before)
            if after != before:
                self._db.execute("UPDATE games SET settings = ? WHERE id = ?", (_dump(after), game_id))
        return after

    def adopt_settings(self, table: str) -> None:
        """Move settings kept by an older release in ``table`` (rows of ``game_id`` and
        ``settings``) into the games' rows, then drop that table, in one transaction."""
        with self._writing():
            found = self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                     (table,)).fetchone()
            if found is None:
                return
            self._db.execute(f"UPDATE games SET settings = (SELECT t.settings FROM {table} t "
                             "WHERE t.game_id = games.id) WHERE settings IS NULL")
            self._db.execute(f"DROP TABLE {table}")

    def printed(self, game: str) -> dict[str, Any]:
        """The values printed on ``game``'s cards and boards that tables of this install
        have told it (``companion.engine.printed``), by key."""
        rows = self._db.execute("SELECT key, value FROM printed WHERE game = ? ORDER BY key", (game,))
        return {key: json.loads(value) for key, value in rows}

    def remember(self, game: str, values: dict[str, Any], forget: tuple[str, ...] = ()) -> None:
        """Keep these printed values for the install (the group corrected or imported them)
        and forget those named in ``forget``, in one transaction. A game told a value keeps
        it as told: its events hold it."""
        with self._writing():
            self._remember(game, values, time.time())
            self._db.executemany("DELETE FROM printed WHERE game = ? AND key = ?",
                                 [(game, key) for key in forget])

    def _remember(self, game: str, values: dict[str, Any], now: float) -> None:
        self._db.executemany(
            "INSERT INTO printed (game, key, value, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, at = excluded.at",
            [(game, key, _dump(value), now) for key, value in values.items()])

    def games(self, game_id: str | None = None) -> list[GameRecord]:
        """Every game, newest first (or just ``game_id``), with its command count. A game
        with no command was never made (its making was cut short by an older release,
        which stored it in steps) and is left out."""
        where, args = ("AND g.id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self._db.execute(
            "SELECT g.id, g.game, g.created, g.updated, g.summary, "
            "(SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id) AS n "
            f"FROM games g WHERE n > 0 {where} ORDER BY g.updated DESC", args)
        return [GameRecord(i, g, c, u, n, json.loads(s)) for i, g, c, u, s, n in rows]

    def game(self, game_id: str) -> GameRecord | None:
        found = self.games(game_id)
        return found[0] if found else None

    def _check(self, game_id: str, writes: int, request: str | None) -> None:
        if request is not None:
            seq = self.answered(game_id, request)
            if seq is not None:
                raise Repeated(seq=seq)
        now = self.writes(game_id)
        if now != writes:
            raise StaleWrite(f"game {game_id}: {now} writes, this writer saw {writes}")

    def _wrote(self, game_id: str, seq: int, summary: dict[str, Any], request: str | None,
               now: float) -> int:
        self._db.execute("UPDATE games SET updated = ?, summary = ?, writes = writes + 1 "
                         "WHERE id = ?", (now, _dump(summary), game_id))
        if request is not None:
            self._db.execute("INSERT INTO requests (game_id, key, seq, at) VALUES (?, ?, ?, ?)",
                             (game_id, request, seq, now))
        return self._db.execute("SELECT writes FROM games WHERE id = ?", (game_id,)).fetchone()[0]

    def _upgrade(self) -> None:
        """Bring a file written by an older release up to this schema, in place."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for column, kind in ADDED_COLUMNS.items():
            if column not in have:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
        self._db.execute("CREATE UNIQUE INDEX IF NOT EXISTS games_request ON games(request)")
        for game_id, command in self._db.execute(
                "SELECT g.id, c.command FROM games g JOIN commands c "
                "ON c.game_id = g.id AND c.seq = 1 WHERE g.draws IS NULL").fetchall():
            seed = json.loads(command).get("seed")
            seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
            self._db.execute("UPDATE games SET draws = ? WHERE id = ?",
                             (Draws.seeded(seed).stored(), game_id))

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction, taken at once so two writers queue rather than deadlock."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    @contextmanager
    def _reading(self) -> Iterator[None]:
        self._db.execute("BEGIN")
        try:
            yield
        finally:
            self._rollback()

    def _rollback(self) -> None:
        """Undo an unfinished write. SQLite has already rolled back after some failures (a
        full disk among them); a second rollback would then hide the real error."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
