"""What one device may see: the public table, plus one player's own secrets.

Hidden information stays on the server. Before the reveal, another player's plan and bid
are absent from every view but their owner's; after it, bids are public, and a planned
action becomes public only when its card is turned, when the player carries it out. The
order of the decks (provinces, events) is never shown; the tower's content is public
because the bookkeeping knows it and any player could work it out.
"""
from __future__ import annotations

from typing import Any

from companion.games.shogun import dajokan, generals, samurai, tenno
from companion.games.shogun.state import ShogunState


def _plan_seen(state: ShogunState, owner: str, viewer: str | None) -> dict[str, Any] | None:
    plan = state.plans.get(owner)
    if plan is None:
        return None
    if viewer == owner:
        return {"actions": dict(plan["actions"]), "bid": plan["bid"], "ready": True}
    acted = state.acted.get(owner, {})
    seen = {a: p for a, p in plan["actions"].items() if a in acted}
    return {"actions": seen, "bid": plan["bid"] if state.bids is not None else "hidden",
            "ready": True}


def view(state: ShogunState, viewer: str | None = None) -> dict[str, Any]:
    """The state as ``viewer`` (a player's colour, or None for the table) may see it."""
    board = state.board if state.catalog else None
    players = []
    for colour in state.seating:
        p = state.players[colour]
        players.append({"colour": colour, "name": p.name, "chests": p.chests, "rice": p.rice,
                        "score": p.score, "supply": p.supply, "groups": list(p.groups),
                        "provinces": state.owned(colour),
                        "special": state.specials.get(colour),
                        "plan": _plan_seen(state, colour, viewer)})
    provinces = {pid: {"owner": prov.owner, "armies": prov.armies,
                       "buildings": list(prov.buildings), "unrest": prov.unrest}
                 for pid, prov in state.provinces.items()}
    actions = [a if i < state.revealed_actions else None
               for i, a in enumerate(state.action_cards)]
    seen = {
        "viewer": viewer,
        "phase": state.phase,
        "pending": state.pending,
        "year": state.year,
        "season": state.season,
        "side": board.side if board else None,
        "setup": state.setup,
        "players": players,
        "seating": list(state.seating),
        "provinces": provinces,
        "tower": {c: n for c, n in state.tower.items() if n},
        "tray": {c: n for c, n in state.tray.items() if n},
        "peasants": state.peasants,
        "tokens": dict(state.tokens),
        "draft": {"face_up": list(state.face_up), "deck": len(state.deck)}
        if state.phase == "draft" else None,
        "year_events": list(state.year_events),
        "event": state.event,
        "actions": actions,
        "special_slots": list(state.special_slots),
        "pick_order": list(state.pick_order),
        "turn_order": list(state.turn_order),
        "bids": dict(state.bids) if state.bids is not None else None,
        "cursor": list(state.cursor),
        "battle": state.battle,
        "winter": state.winter or None,
        "log": state.log[-50:],
        "result": state.result,
    }
    if state.expansions:
        # Only a game with expansions shows them: a base game's view stays as it always was.
        seen["expansions"] = list(state.expansions)
        seen.update(samurai.view(state))
        seen.update(generals.view(state))
        seen.update(tenno.view(state))
        for player in players:
            court = tenno.court_seen(state, player["colour"], viewer)
            if court is not None and player["plan"] is not None:
                player["plan"]["court"] = court
        seen.update(dajokan.view(state))
    return seen
