"""The state of a game of sealed bids, and the fold that builds it from events.

The fold records facts only: who bid what, what a reveal decided, who won. Every rule is
decided before an event is written, so replay needs neither checks nor randomness.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine.handled import Seated


@dataclass
class Player:
    seat: str
    name: str
    coins: int
    points: int = 0


@dataclass
class SealedBidState(Seated):
    players: dict[str, Player] = field(default_factory=dict)
    lots: list[int] = field(default_factory=list)
    round: int = 0
    bids: dict[str, int] = field(default_factory=dict)
    reveals: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def waiting(self) -> list[str]:
        """The seats whose bid for the lot on offer is not in yet, in seating order."""
        if not self.created or self.over:
            return []
        return [seat for seat in self.players if seat not in self.bids]


def _created(state: SealedBidState, event: dict[str, Any]) -> None:
    config = event["config"]
    state.players = {p["seat"]: Player(p["seat"], p["name"], config["coins"])
                     for p in config["players"]}
    state.lots = list(config["lots"])


def _bid(state: SealedBidState, event: dict[str, Any]) -> None:
    state.bids[event["seat"]] = event["coins"]


def _revealed(state: SealedBidState, event: dict[str, Any]) -> None:
    winner = event["winner"]
    if winner is not None:
        state.players[winner].coins -= event["paid"]
        state.players[winner].points += event["points"]
    state.reveals.append({k: v for k, v in event.items() if k != "type"})
    state.bids = {}
    state.round += 1


def _over(state: SealedBidState, event: dict[str, Any]) -> None:
    state.result = {"winners": list(event["winners"]),
                    "points": {seat: p.points for seat, p in state.players.items()}}


def _note(state: SealedBidState, event: dict[str, Any]) -> None:
    state.log.append({"key": event["key"], "params": event["params"]})


FOLD: dict[str, Callable[[SealedBidState, dict[str, Any]], None]] = {
    "created": _created, "bid": _bid, "revealed": _revealed, "over": _over, "note": _note,
}


def apply(state: SealedBidState, event: dict[str, Any]) -> None:
    FOLD[event["type"]](state, event)
