"""The rules of sealed bids, as command handlers that validate and then emit events.

Rules: each player starts with 10 coins; 4 lots are auctioned, one per round, each worth
points drawn at creation from a shuffled deck (1 to 6), only the lot on offer face up.
Every player hands in a sealed bid of 0 up to the coins they hold, and may change it until
the last bid is in; then all bids are revealed at once. The single highest bid wins the
lot and pays its bid. A tie for the highest bid: nobody wins the lot and nobody pays (the
lot is discarded). After the last lot, the most points wins; a tie for most shares the win.
"""
from __future__ import annotations

import random
from typing import Any

from companion.engine.game import Emit
from companion.errors import RuleError
from games.sealed_bid import lots
from games.sealed_bid.commands import Bid, Create
from games.sealed_bid.state import SealedBidState


def _note(emit: Emit, key: str, **params: Any) -> None:
    emit({"type": "note", "key": key, "params": params})


def create(state: SealedBidState, cmd: Create, versions: dict[str, Any],
           rng: random.Random, emit: Emit) -> None:
    """Seat the players and deal the lots face down: the draw is written into the event."""
    if state.created:
        raise RuleError("sealed_bid.already_created")
    table = lots.load()
    deck = list(table.lot_points)
    rng.shuffle(deck)
    config = {"coins": table.starting_coins, "lots": deck[:table.rounds],
              "players": [{"seat": p.seat, "name": p.name} for p in cmd.players]}
    emit({"type": "created", "versions": versions, "config": config})
    _note(emit, "sealed_bid.created", count=len(cmd.players), coins=table.starting_coins,
          rounds=table.rounds)


def bid(state: SealedBidState, cmd: Bid, emit: Emit) -> None:
    """Hand in (or change) a sealed bid; the last one in reveals them all."""
    if not state.created:
        raise RuleError("sealed_bid.not_created")
    if state.over:
        raise RuleError("sealed_bid.game_over")
    player = state.players.get(cmd.seat)
    if player is None:
        raise RuleError("sealed_bid.unknown_seat", seat=cmd.seat)
    if cmd.coins < 0:
        raise RuleError("sealed_bid.negative_coins", coins=cmd.coins)
    if cmd.coins > player.coins:
        raise RuleError("sealed_bid.too_many_coins", coins=cmd.coins, held=player.coins)
    changed = cmd.seat in state.bids
    emit({"type": "bid", "seat": cmd.seat, "coins": cmd.coins})
    _note(emit, "sealed_bid.bid_changed" if changed else "sealed_bid.bid_in", seat=cmd.seat)
    if not state.waiting:
        _reveal(state, emit)


def _reveal(state: SealedBidState, emit: Emit) -> None:
    bids = {seat: state.bids[seat] for seat in state.players}
    top = max(bids.values())
    highest = [seat for seat, coins in bids.items() if coins == top]
    winner = highest[0] if len(highest) == 1 else None
    round_, points = state.round + 1, state.lots[state.round]
    emit({"type": "revealed", "round": round_, "points": points, "bids": bids,
          "winner": winner, "paid": top if winner is not None else 0})
    if winner is not None:
        _note(emit, "sealed_bid.won", round=round_, seat=winner, points=points, coins=top)
    else:
        _note(emit, "sealed_bid.tie", round=round_, seats=highest, coins=top)
    if state.round == len(state.lots):
        _finish(state, emit)


def _finish(state: SealedBidState, emit: Emit) -> None:
    best = max(p.points for p in state.players.values())
    winners = [seat for seat, p in state.players.items() if p.points == best]
    emit({"type": "over", "winners": winners})
    _note(emit, "sealed_bid.over" if len(winners) == 1 else "sealed_bid.shared", winners=winners)
