"""One game's live session on the server, and the devices listening to it.

The engine is single-writer: a hub owns the one Session of its game, runs every command
under its lock, and then tells each subscriber that something changed. Subscribers pull
their own view of the new state (computed under the same lock, so never half-applied);
the hub never pushes one device's view to another.
"""
from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import EventStore, Session
from companion.engine.store import StaleWrite
from companion.games.shogun.rules import ShogunRules

RULES = ShogunRules()
CLOSED = -1


@dataclass(frozen=True)
class Snapshot:
    """What one viewer may see at one revision, plus when the awaited decision began."""

    rev: int
    seq: int
    view: dict[str, Any]
    since: float
    extras: dict[str, Any] = field(default_factory=dict)


class GameHub:
    """The single writer of one game, and the fan-out of its changes."""

    def __init__(self, db: Path, game_id: str) -> None:
        self.game_id = game_id
        self._store = EventStore(db)
        self.session = Session(RULES, self._store, game_id)
        self._lock = threading.RLock()
        self._subscribers: set[queue.SimpleQueue[int]] = set()
        self._snapshots: dict[str | None, Snapshot] = {}
        # Revisions go on rising across server restarts (they start at the clock, in
        # microseconds): a screen drawn before a restart at the same number would otherwise
        # take the new run's different state for the one it already shows, and keep it.
        self.rev = time.time_ns() // 1000
        self._since = time.time()
        self._awaited = self._decision()
        self.live: dict[str, Any] | None = None

    @property
    def state(self) -> Any:
        return self.session.state

    def execute(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Run one command; a RuleError propagates and nothing changes or is announced."""
        with self._lock:
            try:
                events = self.session.execute(command)
            except StaleWrite:
                # Someone else (the command line) wrote to this game: catch up, try once more.
                self.session = Session(RULES, self._store, self.game_id)
                events = self.session.execute(command)
            self._changed()
        return events

    def undo(self) -> list[dict[str, Any]]:
        with self._lock:
            events = self.session.undo()
            self._changed()
        return events

    def throw_in_progress(self) -> tuple[dict[str, Any] | None, tuple, dict[str, int]]:
        """The throw awaiting its count (or None), a key that changes with every new throw
        and when a throw ends (not with every command between throws: a cube that falls
        while the players plan must still be counted), and the tower's content."""
        with self._lock:
            state = self.session.state
            battle = state.battle if state.pending and state.pending["kind"] == "tray" else None
            inside = {c: n for c, n in state.tower.items() if n}
            key = ("throw", self.session.seq) if battle is not None else ("between",)
            return battle, key, inside

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

    def preview(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        """The events ``command`` would produce, from a throwaway copy: nothing is stored."""
        with self._lock:
            copy = Session.replay(RULES, self.session.history)
        return copy.execute(command)

    def snapshot(self, viewer: str | None, extras: Any = None) -> Snapshot:
        """``viewer``'s view of the current state (cached per revision)."""
        with self._lock:
            cached = self._snapshots.get(viewer)
            if cached is not None and cached.rev == self.rev:
                return cached
            view = RULES.view(self.session.state, viewer)
            more = extras(self.session.state) if extras is not None else {}
            snap = Snapshot(self.rev, self.session.seq, view, self._since, more)
            self._snapshots[viewer] = snap
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

    def _decision(self) -> tuple:
        pending = self.session.state.pending or {}
        return (self.session.state.phase, pending.get("kind"), pending.get("player"),
                self.session.state.season, self.session.state.year)

    def _changed(self) -> None:
        self.rev += 1
        awaited = self._decision()
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
        with self._lock:
            hub = self._hubs.get(game_id)
            if hub is None:
                record = self._store.game(game_id)
                if record is None or record.game != RULES.name:
                    return None
                hub = self._hubs[game_id] = GameHub(self.db, game_id)
            return hub

    def create(self, command: dict[str, Any]) -> str:
        """A new game from its create command; RuleError if the rules refuse it."""
        with self._lock:
            session = Session.create(RULES, command, self._store)
        return str(session.game_id)

    def games(self) -> list[Any]:
        with self._lock:
            return [g for g in self._store.games() if g.game == RULES.name]

    def close(self) -> None:
        with self._lock:
            for hub in self._hubs.values():
                hub.close()
            self._hubs.clear()
            self._store.close()
