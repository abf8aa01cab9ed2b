"""What one device may see: the public table, plus that seat's own sealed bid.

Until the last bid of a round is in, another seat's bid is absent from every view but its
owner's: the table and the other phones learn only that it has been handed in. The lots
still to come are face down: a view shows how many are left, never what they are worth.
"""
from __future__ import annotations

import copy
from typing import Any

from games.sealed_bid.state import SealedBidState


def phase(state: SealedBidState) -> str:
    return "new" if not state.created else "over" if state.over else "bidding"


def current_round(state: SealedBidState) -> int:
    """The round being bid for (1 to the number of lots); when over, the last one played."""
    return state.round + 1 if phase(state) == "bidding" else state.round


def view(state: SealedBidState, seat: str | None = None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the public table)."""
    bidding = phase(state) == "bidding"
    own = seat if seat in state.players else None
    return {
        "game": "sealed_bid",
        "viewer": own,
        "phase": phase(state),
        "round": current_round(state),
        "rounds": len(state.lots),
        "lot": state.lots[state.round] if bidding else None,
        "lots_left": len(state.lots) - state.round - 1 if bidding else 0,
        "players": [{"seat": p.seat, "name": p.name, "coins": p.coins, "points": p.points,
                     "bid_in": p.seat in state.bids} for p in state.players.values()],
        "waiting": state.waiting,
        "my_bid": state.bids.get(own) if own is not None else None,
        "reveals": copy.deepcopy(state.reveals),
        "log": copy.deepcopy(state.log[-30:]),
        "result": copy.deepcopy(state.result),
    }
