"""The command loop of a game built as a table of handlers (Edo, Ivan, Little Empires).

Such a game gives each command kind one handler and each phase one step that the rules settle
without a person. What happens around them is the same in every such game, so it lives here:
who may send the command, its shape, the game made before anything else and nothing after
its end, the handler, then the phases' steps up to the next decision. A game's rules object
subclasses ``HandledGame`` and names its parts.
"""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Mapping

from companion.engine import senders
from companion.engine.game import Actor, Emit
from companion.engine.play import Play
from companion.errors import RuleError


class Seated:
    """A handler-table game's state as the loop reads it: made once it has players, over once
    it has a result (the game's state dataclass keeps ``players`` and ``result``)."""

    players: Any
    result: Any

    @property
    def created(self) -> bool:
        return bool(self.players)

    @property
    def over(self) -> bool:
        return self.result is not None


class HandledGame:
    table_only: ClassVar[frozenset[str]]  # command kinds the table alone sends (``senders.check``)
    handlers: ClassVar[Mapping[type, Callable[[Any, Any], None]]]  # command record type -> handler(play, command)
    steps: ClassVar[Mapping[str, Callable[[Any], bool]]]  # phase -> step(play), true while it moved the game on
    create_type: ClassVar[type]  # the command record that makes the game
    play_type: ClassVar[type[Play]]  # the game's handler context
    game_over: ClassVar[str]  # message key refusing a command after the end

    def parse(self, command: Mapping[str, Any]) -> Any:
        """The command as the game's record type (refused with the field's path otherwise)."""
        raise NotImplementedError

    def create(self, play: Play, command: Any) -> None:
        """Make the game from its create command."""
        raise NotImplementedError

    def after(self, play: Play, command: Any) -> None:
        """What the rules check after any handler (nothing, unless the game says)."""

    def execute(self, state: Any, command: Mapping[str, Any], actor: Actor,
                rng: random.Random, emit: Emit) -> None:
        senders.check(command, actor, self.table_only)
        cmd = self.parse(command)
        play = self.play_type(state, emit, rng)
        if isinstance(cmd, self.create_type):
            self.create(play, cmd)
        elif not state.created:
            raise RuleError("game.not_created")
        elif state.over:
            raise RuleError(self.game_over)
        else:
            self.handlers[type(cmd)](play, cmd)
            self.after(play, cmd)
        self.proceed(play)

    def proceed(self, play: Play) -> None:
        """Run every step the rules settle alone, up to the next decision or the end."""
        s = play.state
        while s.pending is None and s.phase in self.steps and self.steps[s.phase](play):
            pass

    def seats(self, state: Any) -> tuple[str, ...]:
        return tuple(state.seating)
