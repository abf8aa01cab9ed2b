"""A game in play: commands are validated against the rules, and their events appended.

The session is the only writer of state. A command handler validates first and then emits
events; each event is applied at once, so a handler reads the state its own earlier events
produced. Randomness comes from the game's draws (``companion.engine.draws``) and the
command's number, and every outcome is written into the events: replay needs no
randomness, and undoing a command then sending it again draws the same cards.
"""
from __future__ import annotations

import time
from typing import Any

from companion.engine.draws import Draws
from companion.engine.game import HOST, Actor, Event, Game
from companion.engine.store import EventStore, Repeated, StaleWrite
from companion.errors import RuleError


class Session:
    """One game's state, kept in step with its command log (in SQLite or in memory)."""

    def __init__(self, game: Game, store: EventStore | None = None, game_id: str | None = None,
                 draws: Draws | None = None) -> None:
        self.game = game
        self.store = store
        self.game_id = game_id
        self.draws = draws or Draws.seeded(0)
        self.writes = 0
        self.history: list[list[Event]] = []
        self.times: list[float] = []  # when each command was made (seconds since the epoch)
        self.state = self._replay()

    @classmethod
    def create(cls, game: Game, command: dict[str, Any], store: EventStore | None = None,
               actor: Actor = HOST, draws: Draws | None = None,
               settings: dict[str, Any] | None = None, request: str | None = None) -> "Session":
        """A new game from its creating command; nothing is stored if the rules refuse it.
        Without ``draws``, a game whose command gives a ``seed`` (a simulation, a test, the
        command line) draws from it, any other from a new secret key."""
        if draws is None:
            seed = command.get("seed") if isinstance(command, dict) else None
            wanted = isinstance(seed, int) and not isinstance(seed, bool)
            draws = Draws.seeded(seed) if wanted else Draws.secret()
        session = cls(game, draws=draws)
        session.execute(command, actor)
        if store is not None:
            session.game_id = store.create(game.name, command, session.history[0],
                                           game.summary(session.state), draws, settings, request,
                                           session.times[0])
            session.store, session.writes = store, 1
        return session

    @classmethod
    def replay(cls, game: Game, history: list[list[Event]], draws: Draws | None = None) -> "Session":
        """An in-memory session from recorded events (a saved game, a test position)."""
        session = cls(game, draws=draws)
        session.history = [list(events) for events in history]
        session.times = [0.0] * len(history)
        session.state = session._fold(session.history)
        return session

    @property
    def seq(self) -> int:
        return len(self.history)

    def execute(self, command: dict[str, Any], actor: Actor = HOST,
                request: str | None = None) -> list[Event]:
        """Apply one command (a JSON-shaped dict, as stored) sent by ``actor``; on refusal
        nothing changes and RuleError says why. The command line and simulations hold the
        database themselves and act as the host. A stored session raises Repeated when
        ``request`` was carried out before and StaleWrite when another writer changed the
        game first; either way the session has caught up with the store."""
        if not isinstance(command, dict):
            raise RuleError("command.unknown", type=type(command).__name__)
        seq = self.seq + 1
        at = time.time()
        events: list[Event] = []

        def emit(event: Event) -> None:
            self.game.apply(self.state, event)
            events.append(event)

        try:
            self.game.execute(self.state, command, actor, self.draws.rng(seq), emit)
            if self.store is not None and self.game_id is not None:
                self.writes = self.store.append(self.game_id, self.writes, seq, command, events,
                                                self.game.summary(self.state), request, at)
        except (Repeated, StaleWrite):
            self.reload()
            raise
        except BaseException:
            if events:
                # Back to what was stored, from this session's own history: the store may be
                # the very thing that failed (a damaged file, a full disk).
                self.state = self._fold(self.history)
            raise
        self.history.append(events)
        self.times.append(at)
        return events

    def undo(self, request: str | None = None) -> list[Event]:
        """The host's undo: drop the last command, unless it revealed a secret."""
        if len(self.history) <= 1:
            raise RuleError("undo.nothing")
        if not self.game.undoable(self.history[-1]):
            raise RuleError("undo.after_reveal")
        state = self._fold(self.history[:-1])
        if self.store is not None and self.game_id is not None:
            try:
                self.writes = self.store.drop_last(self.game_id, self.writes, self.seq,
                                                   self.game.summary(state), request)
            except (Repeated, StaleWrite):
                self.reload()
                raise
        self.state = state
        self.times.pop()
        return self.history.pop()

    def stale(self) -> bool:
        """Whether another writer (the command line, a second server) changed the game."""
        return (self.store is not None and self.game_id is not None
                and self.store.writes(self.game_id) != self.writes)

    def reload(self) -> None:
        """Catch up with the store."""
        self.state = self._replay()

    def _replay(self) -> Any:
        if self.store is None or self.game_id is None:
            return self._fold(self.history)
        loaded = self.store.load(self.game_id)
        self.history = [record.events for record in loaded.records]
        self.times = [record.at for record in loaded.records]
        self.draws, self.writes = loaded.draws, loaded.writes
        if self.history and self.history[0]:
            self._check_made_by(self.history[0][0])
        return self._fold(self.history)

    def _check_made_by(self, created: Event) -> None:
        """A game saved by a newer release may hold events these rules cannot fold: refuse
        to open it rather than show a wrong table. Games saved before versions were
        recorded carry none and are version 1."""
        made = created.get("versions") or {}
        if made.get("game", self.game.name) != self.game.name:
            raise RuleError("game.other_game", game=str(made.get("game")))
        if int(made.get("rules", 1)) > self.game.rules_version:
            raise RuleError("game.newer_rules", made=int(made.get("rules", 1)),
                            known=self.game.rules_version)

    def _fold(self, history: list[list[Event]]) -> Any:
        state = self.game.new_state()
        apply = self.game.apply
        for events in history:
            for event in events:
                apply(state, event)
        return state
