"""One game's live session on the server, and the devices listening to it.

A hub owns the one Session of its game in this process, runs every command under its
lock, and then tells each subscriber that something changed. Subscribers pull their own
view of the new state (computed under the same lock, so never half-applied); the hub never
pushes one device's view to another. A hub knows its game only through the ``Game``
interface: any registered game runs here.

Other writers may share the database (the command line, a second server on the same
file): the store refuses a write decided on an old state, a hub catches up before every
command, and a watcher brings every open game's screens up to date within a second of
another writer's change.
"""
from __future__ import annotations

import queue
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from companion.engine import HOST, Actor, Decision, EventStore, Game, Session, find_game
from companion.engine.draws import Draws
from companion.engine.store import GameRecord, Repeated, StaleWrite
from companion.errors import RuleError
from companion.kits.tower.source import Throw
from web import clock

CLOSED = -1
WATCH_S = 0.5


@dataclass(frozen=True)
class Answered:
    """A request's answer: the game's command count after it, and whether this was a
    request carried out before (sent again), answered as it was the first time."""

    seq: int
    repeated: bool = False


@dataclass(frozen=True)
class Snapshot:
    """What one viewer may see at one revision, the options of the decision it is awaited
    for, and when the awaited decision began."""

    rev: int
    seq: int
    view: dict[str, Any]
    since: float
    choices: dict[str, Any] = field(default_factory=dict)


T = TypeVar("T")


class GameHub:
    """The single writer of one game, and the fan-out of its changes."""

    def __init__(self, db: Path, game_id: str, game: Game) -> None:
        self.game_id = game_id
        self.game = game
        self._store = EventStore(db)
        self.session = Session(game, self._store, game_id)
        self._lock = threading.RLock()
        self._subscribers: dict[queue.SimpleQueue[int], str | None] = {}
        self._devices: dict[queue.SimpleQueue[int], str | None] = {}
        self._snapshots: dict[str | None, Snapshot] = {}
        self._worked_out: tuple[int, dict[Any, Any]] = (0, {})
        # Revisions go on rising across server restarts (they start at the clock, in
        # microseconds): a screen drawn before a restart at the same number would otherwise
        # take the new run's different state for the one it already shows, and keep it.
        self.rev = time.time_ns() // 1000
        self._awaited, self._seq = self.decision(), self.session.seq
        self._since = clock.began(game, self.session.history, self.session.times)
        self.live: dict[str, Any] | None = None

    @property
    def lock(self) -> threading.RLock:
        """Held while reading the session's history beside the hub (``web.board``)."""
        return self._lock

    @property
    def state(self) -> Any:
        return self.session.state

    def seats(self) -> tuple[str, ...]:
        return self.game.seats(self.session.state)

    def decision(self) -> Decision | None:
        return self.game.decision(self.session.state)

    @property
    def since(self) -> float:
        """When the awaited decision began (the timer's start)."""
        return self._since

    def execute(self, command: dict[str, Any], actor: Actor = HOST,
                request: str | None = None) -> Answered:
        """Run one command once: a ``request`` id carried out before is answered as then.
        A RuleError propagates and nothing changes or is announced."""
        with self._lock:
            self.catch_up()
            try:
                return self._run(lambda: self.session.execute(command, actor, request), request)
            except StaleWrite:
                # Another writer came between the catch-up and the write: once more, on its state.
                self._changed()
                return self._run(lambda: self.session.execute(command, actor, request), request)

    def undo(self, request: str | None = None) -> Answered:
        """The host's undo of the newest command. If another writer changed the game while
        the host looked, the host is asked to look again rather than undo a move unseen."""
        with self._lock:
            if self.catch_up():
                raise RuleError("undo.game_changed")
            try:
                return self._run(lambda: self.session.undo(request), request)
            except StaleWrite:
                self._changed()
                raise RuleError("undo.game_changed") from None

    def catch_up(self) -> bool:
        """Reload the game if another writer changed it (and redraw every screen)."""
        with self._lock:
            if not self.session.stale():
                return False
            self.session.reload()
            self._changed()
            return True

    def _run(self, write: Any, request: str | None) -> Answered:
        if request is not None:
            seq = self._store.answered(self.game_id, request)
            if seq is not None:
                return Answered(seq, repeated=True)
        try:
            write()
        except Repeated as first:
            self._changed()
            return Answered(first.seq, repeated=True)
        self._changed()
        return Answered(self.session.seq)

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
            copy = Session.replay(self.game, self.session.history, self.session.draws)
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

    def worked_out(self, key: Any, work: Callable[[], T]) -> T:
        """What ``work`` makes of the game at this revision, made once however many screens
        ask for it (every device's update needs the same board steps)."""
        with self._lock:
            rev, found = self._worked_out
            if rev != self.rev:
                found = {}
                self._worked_out = (self.rev, found)
            if key not in found:
                found[key] = work()
            return found[key]

    def subscribe(self, seat: str | None = None, device: str | None = None) -> "queue.SimpleQueue[int]":
        """A listener to every change; ``seat``: the player whose phone it is (the table
        shows who has joined, so a seat's first phone redraws every screen); ``device``: the
        browser's own id, so another device opening the seat is asked first."""
        q: queue.SimpleQueue[int] = queue.SimpleQueue()
        with self._lock:
            if seat is not None and seat not in self.joined():
                self._changed()
            self._subscribers[q] = seat
            self._devices[q] = device
        return q

    def holders(self, seat: str) -> set[str | None]:
        """The devices whose hands of ``seat`` are open now."""
        with self._lock:
            return {self._devices.get(q) for q, s in self._subscribers.items() if s == seat}

    def unsubscribe(self, q: "queue.SimpleQueue[int]") -> None:
        with self._lock:
            seat = self._subscribers.pop(q, None)
            self._devices.pop(q, None)
            if seat is not None and seat not in self.joined():
                self._changed()

    def joined(self) -> set[str]:
        """The seats whose phones are connected now."""
        with self._lock:
            return {seat for seat in self._subscribers.values() if seat is not None}

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
        if not clock.goes_on(self._awaited, awaited):
            if self.session.seq == self._seq + 1:  # the command just stored began this wait
                self._since = self.session.times[-1]
            else:  # an undo or another writer's commands: read it from the whole game
                self._since = clock.began(self.game, self.session.history, self.session.times)
        self._awaited, self._seq = awaited, self.session.seq
        for q in self._subscribers:
            q.put(self.rev)


class Hubs:
    """Every game's hub in this process, opened on first use from the database, and the
    watcher that keeps them in step with other writers of the same file."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self._hubs: dict[str, GameHub] = {}
        self._lock = threading.Lock()
        self._store = EventStore(db)
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="hubs-watch", daemon=True)
        self._watcher.start()

    def get(self, game_id: str) -> GameHub | None:
        """The game's hub, caught up with any other writer (a page loaded just after the
        command line changed the game shows the change, not the watch's next look); None
        when there is no such game or this install cannot run it."""
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
                self._hubs[game_id] = GameHub(self.db, game_id, game)
                return self._hubs[game_id]
        hub.catch_up()
        return hub

    def create(self, game: Game, command: dict[str, Any], actor: Actor, draws: Draws,
               settings: dict[str, Any], request: str | None = None) -> tuple[str, bool]:
        """A new game from its create command, stored with its draws and the table's
        settings in one transaction; the game's id, and whether ``request`` had made it
        already. RuleError if the rules refuse it."""
        with self._lock:
            try:
                session = Session.create(game, command, self._store, actor, draws, settings, request)
            except Repeated as first:
                return first.game_id, True
        return str(session.game_id), False

    def games(self) -> list[GameRecord]:
        with self._lock:
            return self._store.games()

    def printed(self, game: str) -> dict[str, Any]:
        """The values printed on ``game``'s cards that this install was told."""
        with self._lock:
            return self._store.printed(game)

    def remember(self, game: str, values: dict[str, Any], forget: tuple[str, ...] = ()) -> None:
        with self._lock:
            self._store.remember(game, values, forget)

    def _watch(self) -> None:
        seen = None
        while not self._stop.wait(WATCH_S):
            try:
                with self._lock:
                    now = self._store.changes()
                    hubs = list(self._hubs.values()) if now != seen else []
                seen = now
                for hub in hubs:
                    hub.catch_up()
            except sqlite3.Error:
                # The file cannot be read just now (a full disk, a lock held too long): the
                # next command says so to its sender; the watch goes on and tries again.
                seen = None

    def close(self) -> None:
        self._stop.set()
        self._watcher.join()
        with self._lock:
            for hub in self._hubs.values():
                hub.close()
            self._hubs.clear()
            self._store.close()
