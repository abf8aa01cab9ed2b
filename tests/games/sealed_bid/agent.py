"""A player who makes random legal bids, and whole games played by such players.

Bids are drawn from what the public table shows (who is still to bid, everyone's coins),
now and then changing a bid already handed in, so simulated games exercise every rule and
any RuleError they meet is a bug in the game, not in the player.
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine import EventStore, Session, find_game
from games.sealed_bid.commands import SEATS

NAMES = ("Anna", "Boris", "Chloé", "Dmitri", "Eva")
CHANGE = 0.15


def choose(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal bid, given the table's public view of a game still being bid."""
    waiting = table["waiting"]
    handed_in = [p["seat"] for p in table["players"] if p["bid_in"]]
    seat = rng.choice(handed_in if handed_in and rng.random() < CHANGE else waiting)
    held = next(p["coins"] for p in table["players"] if p["seat"] == seat)
    return {"type": "bid", "seat": seat, "coins": rng.randint(0, held)}


def create_command(players: int, seed: int) -> dict[str, Any]:
    return {"type": "create", "seed": seed,
            "players": [{"seat": s, "name": n} for s, n in zip(SEATS[:players], NAMES)]}


def simulate(players: int, seed: int, store: EventStore | None = None) -> Session:
    """A complete game of ``players`` random players, through an engine session (kept in
    ``store`` when given)."""
    game = find_game("sealed_bid")
    return game.simulate(players, seed, session_factory=lambda create: Session.create(game, create, store))
