"""What one device may see: the public board, plus that seat's own plan.

A plan's actions are face down until each card is turned up: until then the table and the
other phones learn only that a plan is in and, once all are in, how many officials stand
before each card, as they would see them on the real planning boards.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.games.edo import buildings, income, planning, roads, values
from companion.games.edo.state import EdoState

PUBLIC_SLOT = ("officials", "shogun")


def _player(state: EdoState, seat: str, all_in: bool, viewer: str | None) -> dict[str, Any]:
    """One player's pieces; his ryo, while he keeps them covered, only for himself until the
    end: «Игроки могут хранить деньги тайно, складывая их в стопки»."""
    p = state.players[seat]
    plan = state.plans.get(seat)
    shown = viewer == seat or state.over or not p.covered
    return {"seat": seat, "name": p.name, "ryo": p.ryo if shown else None, "covered": p.covered,
            "rice": p.rice, "wood": p.wood,
            "stone": p.stone, "power": p.power, "samurai": dict(p.samurai),
            "officials": len(p.officials), "shogun": p.shogun, "shogun_new": p.shogun_new,
            "cards": list(p.cards), "plan_in": plan is not None,
            "before_cards": [{k: slot[k] for k in PUBLIC_SLOT} for slot in plan]
            if plan is not None and all_in else None,
            "revealed": copy.deepcopy(state.reveals.get(seat, []))}


def _roads(state: EdoState) -> dict[str, Any] | None:
    """The board's roads once the install knows them all, with the fewest steps from where
    each figure stands (every figure's place is public), so a form can show a move's ryo."""
    network = roads.network(state) if state.locations else None
    if network is None:
        return None
    stands = [at for p in state.players.values() for at in p.samurai.values()]
    return {"network": network, "steps": roads.steps(network, stands + [state.merchant_at])}


def _income(state: EdoState) -> dict[str, Any] | None:
    """The city paying now, its builders by rank, its profit last round, and the splits the
    install's income table knows (and the rulebook suggests) for that many builders."""
    if state.phase != "income" or not state.queue:
        return None
    city = state.queue[0]
    ranking = buildings.ranking(state, city)
    return {"city": city, "ranking": ranking, "profit": state.profits.get(city),
            "profits": list(income.profits(state.data)),
            "known": {str(p): shares for p, shares in income.known(state, len(ranking)).items()},
            "suggested": {str(p): shares for p, shares in income.suggested(state, len(ranking)).items()}}


def view(state: EdoState, seat: str | None = None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the public table)."""
    own = seat if seat in state.players else None
    all_in = state.phase not in ("planning", "new", "setup")
    return {
        "game": "edo", "viewer": own, "phase": state.phase, "round": state.round,
        "first": state.first, "turn_order": state.turn_order if state.created else [],
        "referee": state.referee,
        "players": [_player(state, s, all_in, own) for s in state.seating],
        "waiting": planning.waiting(state),
        "my_plan": copy.deepcopy(state.plans.get(own)) if own is not None else None,
        "turn": {k: v for k, v in state.turn.items()} if state.turn else None,
        "merchant": {"at": state.merchant_at, "card": state.merchant_card,
                     "deck": len(state.merchant_deck), "offer": values.merchant_offer(state)},
        "special": {"display": list(state.special_display), "deck": len(state.special_deck)},
        "cities": copy.deepcopy(state.cities),
        "locations": dict(state.locations),
        "roads": _roads(state),
        "roads_told": [list(pair) for pair in roads.told(state)],
        "pending": copy.deepcopy(state.pending),
        "queue": list(state.queue) if state.queue else None,
        "income": _income(state),
        "log": copy.deepcopy(state.log[-30:]),
        "result": copy.deepcopy(state.result),
    }


def choices(state: EdoState, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may plan now: its cards' actions with their limits, its officials."""
    if state.phase != "planning" or seat not in state.players:
        return {}
    p = state.players[seat]
    return {"cards": {card: {action: planning.officials_limit(state, card, action)
                             for action in values.card_actions(state, card)} for card in p.cards},
            "officials": len(p.officials), "shogun": p.shogun}
