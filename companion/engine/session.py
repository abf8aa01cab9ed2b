"""A game in play: commands are validated against the rules, and their events appended.

The session is the only writer of state. A command handler validates first and then emits
events; each event is applied at once, so a handler reads the state its own earlier events
produced. Randomness comes from a generator seeded by the game's seed and the command's
number, and every outcome is written into the events: replay needs no randomness, and
undoing a command then sending it again draws the same cards (undo cannot re-roll).
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine.game import HOST, Actor, Event, Game
from companion.engine.store import EventStore
from companion.errors import RuleError


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def command_rng(seed: int, seq: int) -> random.Random:
    return random.Random(seed * 1_000_003 + seq)


class Session:
    """One game's state, kept in step with its command log (in SQLite or in memory)."""

    def __init__(self, game: Game, store: EventStore | None = None, game_id: str | None = None):
        self.game = game
        self.store = store
        self.game_id = game_id
        self.history: list[list[Event]] = []
        self.state = self._replay()

    @classmethod
    def create(cls, game: Game, command: dict[str, Any], store: EventStore | None = None,
               actor: Actor = HOST) -> "Session":
        """A new game from its creating command; nothing is stored if the rules refuse it."""
        session = cls(game)
        session.execute(command, actor)
        if store is not None:
            game_id = store.new_game(game.name)
            store.append(game_id, 1, command, session.history[0], game.summary(session.state))
            session.store, session.game_id = store, game_id
        return session

    @classmethod
    def replay(cls, game: Game, history: list[list[Event]]) -> "Session":
        """An in-memory session from recorded events (a saved game, a test position)."""
        session = cls(game)
        session.history = [list(events) for events in history]
        session.state = session._fold(session.history)
        return session

    @property
    def seq(self) -> int:
        return len(self.history)

    def execute(self, command: dict[str, Any], actor: Actor = HOST) -> list[Event]:
        """Apply one command (a JSON-shaped dict, as stored) sent by ``actor``; on refusal
        nothing changes and RuleError says why. The command line and simulations hold the
        database themselves and act as the host."""
        if not isinstance(command, dict):
            raise RuleError("command.unknown", type=type(command).__name__)
        seq = self.seq + 1
        seed = self.game.seed_of(self.state) if self.history else _int(command.get("seed"))
        events: list[Event] = []

        def emit(event: Event) -> None:
            self.game.apply(self.state, event)
            events.append(event)

        try:
            self.game.execute(self.state, command, actor, command_rng(seed, seq), emit)
            if self.store is not None and self.game_id is not None:
                self.store.append(self.game_id, seq, command, events, self.game.summary(self.state))
        except BaseException:
            if events:
                self.state = self._replay()
            raise
        self.history.append(events)
        return events

    def undo(self) -> list[Event]:
        """The host's undo: drop the last command, unless it revealed a secret."""
        if len(self.history) <= 1:
            raise RuleError("undo.nothing")
        if not self.game.undoable(self.history[-1]):
            raise RuleError("undo.after_reveal")
        state = self._fold(self.history[:-1])
        if self.store is not None and self.game_id is not None:
            self.store.drop_last(self.game_id, self.seq, self.game.summary(state))
        self.state = state
        return self.history.pop()

    def _replay(self) -> Any:
        if self.store is None or self.game_id is None:
            return self._fold(self.history)
        self.history = [record.events for record in self.store.commands(self.game_id)]
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
