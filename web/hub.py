"""One game's live session on the server, and the devices listening to it.

The engine is single-writer: a hub owns the one Session of its game, runs every command
under its lock, and then tells each subscriber that something changed. Subscribers pull
their own view of the new state (computed under the same lock, so never half-applied);
the hub never pushes one device's view to another. A hub knows its game only through the
``Game`` interface: any registered game runs here.
"""
from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import HOST, Actor, Decision, EventStore, Game, Session, find_game
from companion.engine.store import GameRecord, StaleWrite
from companion.errors import RuleError
from companion.kits.tower.source import Throw

CLOSED = -1


@dataclass(frozen=True)
class Snapshot:
    """What one viewer may see at one revision, the options of the decision it is awaited
    for, and when the awaited decision began."""

    rev: int
    seq: int
    view: dict[str, Any]
    since: float
    choices: dict[str, Any] = field(default_factory=dict)


class GameHub:
    """The single writer of one game, and the fan-out of its changes."""

    def __init__(self, db: Path, game_id: str, game: Game) -> None:
        self.game_id = game_id
        self.game = game
        self._store = EventStore(db)
        self.session = Session(game, self._store, game_id)
        self._lock = threading.RLock()
        self._subscribers: set[queue.SimpleQueue[int]] = set()
        self._snapshots: dict[str | None, Snapshot] = {}
        # Revisions go on rising across server restarts (they start at the clock, in
        # microseconds): a screen drawn before a restart at the same number would otherwise
        # take the new run's different state for the one it already shows, and keep it.
        self.rev = time.time_ns() // 1000
        self._since = time.time()
        self._awaited = self.decision()
        self.live: dict[str, Any] | None = None

    @property
    def state(self) -> Any:
        return self.session.state

    def seats(self) -> tuple[str, ...]:
        return self.game.seats(self.session.state)

    def decision(self) -> Decision | None:
        return self.game.decision(self.session.state)

    def execute(self, command: dict[str, Any], actor: Actor = HOST) -> list[dict[str, Any]]:
        """Run one command; a RuleError propagates and nothing changes or is announced."""
        with self._lock:
            try:
                events = self.session.execute(command, actor)
            except StaleWrite:
                # Someone else (the command line) wrote to this game: catch up, try once more.
                self.session = Session(self.game, self._store, self.game_id)
                events = self.session.execute(command, actor)
            self._changed()
        return events

    def undo(self) -> list[dict[str, Any]]:
        with self._lock:
            events = self.session.undo()
            self._changed()
        return events

    def throw_in_progress(self) -> tuple[Throw | None, tuple, dict[str, int]]:
        """The throw awaiting its count (or None), a key that changes with every new throw
        and when a throw ends (not with every command between throws: a cube that falls
        while the players plan must still be counted), and the tower's content."""
        tower = self.game.tower
        with self._lock:
            state = self.session.state
            throw = tower.throw(state)
            key = ("throw", self.session.seq) if throw is not None else ("between",)
            return throw, key, tower.inside(state)

    def set_live(self, reading: dict[str, Any] | None) -> None:
        """What a live tray source sees now; screens are redrawn only when it changes."""
        with self._lock:
            if reading == self.live:
                return
            self.live = reading
            self._changed()

    def poke(self) -> None:
        """Redraw every screen though the game has not changed (a device was set up)."""
        with self._lock:
            self._changed()

    def preview(self, command: dict[str, Any], actor: Actor = HOST) -> list[dict[str, Any]]:
        """The events ``command`` would produce, from a throwaway copy: nothing is stored."""
        with self._lock:
            copy = Session.replay(self.game, self.session.history)
        return copy.execute(command, actor)

    def snapshot(self, seat: str | None) -> Snapshot:
        """``seat``'s view of the current state and its choices (cached per revision)."""
        with self._lock:
            cached = self._snapshots.get(seat)
            if cached is not None and cached.rev == self.rev:
                return cached
            state = self.session.state
            snap = Snapshot(self.rev, self.session.seq, self.game.view(state, seat), self._since,
                            self.game.choices(state, seat))
            self._snapshots[seat] = snap
            return snap

    def subscribe(self) -> "queue.SimpleQueue[int]":
        q: queue.SimpleQueue[int] = queue.SimpleQueue()
        with self._lock:
            self._subscribers.add(q)
        return q

    def unsubscribe(self, q: "queue.SimpleQueue[int]") -> None:
        with self._lock:
            self._subscribers.discard(q)

    def close(self) -> None:
        """Release every listener (their streams end) and the database connection."""
        with self._lock:
            for q in self._subscribers:
                q.put(CLOSED)
            self._subscribers.clear()
            self._store.close()

    def _changed(self) -> None:
        self.rev += 1
        awaited = self.decision()
        if awaited != self._awaited:
            self._awaited, self._since = awaited, time.time()
        for q in self._subscribers:
            q.put(self.rev)


class Hubs:
    """Every game's hub in this process, opened on first use from the database."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self._hubs: dict[str, GameHub] = {}
        self._lock = threading.Lock()
        self._store = EventStore(db)

    def get(self, game_id: str) -> GameHub | None:
        """The game's hub; None when there is no such game or this install cannot run it."""
        with self._lock:
            hub = self._hubs.get(game_id)
            if hub is None:
                record = self._store.game(game_id)
                if record is None:
                    return None
                try:
                    game = find_game(record.game)
                except RuleError:
                    return None
                hub = self._hubs[game_id] = GameHub(self.db, game_id, game)
            return hub

    def create(self, game: Game, command: dict[str, Any], actor: Actor) -> str:
        """A new game from its create command; RuleError if the rules refuse it."""
        with self._lock:
            session = Session.create(game, command, self._store, actor)
        return str(session.game_id)

    def games(self) -> list[GameRecord]:
        with self._lock:
            return self._store.games()

    def close(self) -> None:
        with self._lock:
            for hub in self._hubs.values():
                hub.close()
            self._hubs.clear()
            self._store.close()
