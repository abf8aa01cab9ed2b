"""Sealed bids for an engine session: the ``Game`` the registry finds by name.

The rules themselves are in ``play`` (a tie for the highest bid wins nothing and costs
nothing); this module is the seam: who may send what, what the game waits for, what each
device sees, and which commands undo may take back.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from companion.engine.game import Actor, Decision, Emit, versions
from companion.engine.session import Session
from companion.i18n import Names
from companion.errors import RuleError
from games.sealed_bid import agent, lots, play
from games.sealed_bid.commands import SEATS, Create, parse
from games.sealed_bid.screens import SCREENS
from games.sealed_bid.state import SealedBidState, apply
from games.sealed_bid.text import names, render
from games.sealed_bid.view import current_round, phase, view

# Raised when events change meaning, so an older release refuses a newer game.
RULES_VERSION = 1


def check_sender(command: Mapping[str, Any], actor: Actor) -> None:
    """Only the table (or the host) makes the game; a phone bids only for its own seat,
    the table for any seat (the group may pass the tablet). Checked before the command's
    shape, so a phone learns nothing from a command it may not send."""
    kind = command.get("type") if isinstance(command, Mapping) else None
    if kind == "create" and not actor.is_table:
        raise RuleError("sealed_bid.table_only")
    if kind == "bid":
        seat = command.get("seat")
        if not actor.may_play(seat if isinstance(seat, str) else None):
            raise RuleError("sealed_bid.not_your_seat", seat=actor.seat)


class SealedBidRules:
    """Sealed bids, 3 to 5 players, for an engine session."""

    name = "sealed_bid"
    rules_version = RULES_VERSION
    capabilities: frozenset[str] = frozenset()
    screens = SCREENS

    def titles(self) -> Mapping[str, str]:
        return {"ru": "Ставки в конвертах", "cs": "Nabídky v obálkách", "en": "Sealed bids"}

    def data_version(self) -> str:
        return lots.version()

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The players as given, [{"seat", "name"}] in seating order, or the new-game form's
        ``name_<seat>`` fields, a seat for every name filled in."""
        players = options.get("players")
        if players is None:
            players = [{"seat": seat, "name": str(options[f"name_{seat}"]).strip()}
                       for seat in SEATS if str(options.get(f"name_{seat}") or "").strip()]
        return {"type": "create", "players": players}

    def new_state(self) -> SealedBidState:
        return SealedBidState()

    def apply(self, state: SealedBidState, event: dict[str, Any]) -> None:
        apply(state, event)

    def execute(self, state: SealedBidState, command: Mapping[str, Any], actor: Actor,
                rng: random.Random, emit: Emit) -> None:
        check_sender(command, actor)
        cmd = parse(command)
        if isinstance(cmd, Create):
            play.create(state, cmd, versions(self), rng, emit)
        else:
            play.bid(state, cmd, emit)

    def decision(self, state: SealedBidState) -> Decision | None:
        if not state.created or state.over:
            return None
        return Decision("bids", seats=tuple(state.waiting))

    def seats(self, state: SealedBidState) -> tuple[str, ...]:
        return tuple(state.players)

    def view(self, state: SealedBidState, seat: str | None = None) -> dict[str, Any]:
        return view(state, seat)

    def choices(self, state: SealedBidState, seat: str | None) -> dict[str, Any]:
        return {}

    def facts(self, state: SealedBidState) -> None:
        """Nothing beyond the view: the lots' values are secret until their round."""

    def names(self, state: SealedBidState, lang: str) -> Names:
        return names(lang, {p.seat: p.name for p in state.players.values() if p.name})

    def text(self, state: SealedBidState, lang: str, log: int) -> list[str]:
        names = {p.seat: p.name or p.seat for p in state.players.values()}
        lines = [f"{phase(state)}, round {current_round(state)} of {len(state.lots)}"]
        lines += [f"  {names[p.seat]:12} coins {p.coins:3} points {p.points:3}"
                  for p in state.players.values()]
        lines += ["  · " + render(note["key"], note["params"], lang, names)
                  for note in state.log[-log:]] if log else []
        return lines

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict[str, Any]], Session] | None = None) -> Session:
        rng = random.Random(seed)
        create = agent.create_command(players, seed)
        session = session_factory(create) if session_factory else Session.create(self, create)
        while self.decision(session.state) is not None:
            session.execute(agent.choose(self.view(session.state, None), rng))
        return session

    def summary(self, state: SealedBidState) -> dict[str, Any]:
        return {"phase": phase(state), "round": current_round(state), "rounds": len(state.lots),
                "players": [{"seat": p.seat, "name": p.name, "score": p.points}
                            for p in state.players.values()],
                "result": state.result}

    def undoable(self, events: list[dict[str, Any]]) -> bool:
        """A command whose events revealed the bids cannot be undone: nobody can unsee them."""
        return not any(event["type"] == "revealed" for event in events)


GAME = SealedBidRules()
