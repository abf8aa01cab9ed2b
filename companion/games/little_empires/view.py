"""What one device may see: the public board, plus that seat's own screen.

Behind a player's screen, and so only on his phone: his destiny hand and the card he chose,
his order tokens left, his food and bushido («За ширмами вы будете скрывать жетоны
приказов, бусидо и пищи»), and what his own face-down tokens are. The table and the other
phones see a face-down token only as its colour and cell, and nobody's resources until the
final count.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.errors import RuleError
from companion.games.little_empires import expedition, geo, orders, planning, roads, values
from companion.games.little_empires.state import LEState


def _token(token: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    seen = token["face_up"] or token["owner"] == viewer
    return {"owner": token["owner"], "round": token["round"], "face_up": token["face_up"],
            "kind": token["kind"] if seen else None}


def _player(state: LEState, seat: str) -> dict[str, Any]:
    p = state.players[seat]
    return {"seat": seat, "name": p.name, "vp": p.vp, "influence": dict(p.influence),
            "armies_on_board": state.on_board(seat) if state.armies else 0,
            "supply": geo.supply(state, seat) if state.armies else 0,
            "castles": sorted(province for province, owner in state.castles.items() if owner == seat),
            "hand_size": len(p.hand), "chosen": p.chosen is not None,
            "tokens_left": sum(p.tokens.values()), "placed": p.placed}


def _own(state: LEState, seat: str) -> dict[str, Any]:
    p = state.players[seat]
    return {"food": p.food, "bushido": p.bushido,
            "hand": [{"card": card, "region": state.cards[card]} for card in p.hand],
            "chosen": p.chosen, "tokens": dict(p.tokens),
            "cover_price": planning.cover_price(state, seat) if state.round == 2 else None}


def view(state: LEState, seat: str | None = None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the public table)."""
    own = seat if seat in state.players else None
    at = orders.current(state)
    return {
        "game": "little-empires", "viewer": own, "phase": state.phase, "era": state.era,
        "round": state.round, "order": list(state.order), "referee": state.referee,
        "variants": list(state.variants),
        "players": [_player(state, s) for s in state.seating],
        "me": _own(state, own) if own is not None and state.cards else None,
        "choosing": planning.choosing(state), "placer": planning.placer(state),
        "quota": planning.quota(state) if state.round else 0,
        "cells": [[_token(t, own) for t in stack] for stack in state.cells],
        "covered": dict(state.covered),
        "current": None if at is None else {"cell": at[0] + 1, "player": at[1]["owner"],
                                            "action": at[1]["kind"]},
        "armies": copy.deepcopy(state.armies), "castles": dict(state.castles),
        "resources_on_map": dict(state.resource_at), "shrines": dict(state.shrine_at),
        "played": copy.deepcopy(state.played), "deck_size": len(state.deck),
        "mountains": {m: {"road": list(values.mountain_road(state, m)),
                          "flipped": state.mountains_flipped.get(m)} for m in state.mountain_faces},
        "agenda": {region: {**laid, **state.data["agenda"][laid["token"]][laid["side"]],
                            "law": state.data["agenda"][laid["token"]]["law"],
                            "done": list(state.agenda_done.get(region, []))}
                   for region, laid in state.agenda.items()},
        "control": {p: geo.controller(state, p) for p in geo.provinces(state.data)} if state.armies else {},
        "pending": copy.deepcopy(state.pending),
        "log": copy.deepcopy(state.log[-30:]),
        "result": copy.deepcopy(state.result),
    }


def choices(state: LEState, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may do now: the cells its token may go into (with the cover's price
    and each cell's quick action), its tokens; or the action it is to carry out."""
    if seat not in state.players:
        return {}
    pending = state.pending
    if pending is not None and pending["kind"] == "expedition" and pending["player"] == seat:
        return {"expedition": {"effect": pending["effect"], "region": pending["region"],
                               "actions": expedition.region_quick(state, pending["region"])}}
    if state.phase == "destiny" and state.pending is None:
        return {"cards": list(state.players[seat].hand)}
    if planning.placer(state) == seat:
        cells = {}
        for n in range(1, len(state.cells) + 1):
            try:
                how = planning.where(state, seat, n)
            except RuleError:
                continue
            cells[n] = {"how": how, "region": values.cell_region(state, n),
                        "quick": values.cell_quick(state, n),
                        "price": planning.cover_price(state, seat) if how == "cover" else 0}
        mine = [p for p in geo.provinces(state.data) if geo.armies(state, p, seat)]
        return {"cells": cells, "tokens": {k: v for k, v in state.players[seat].tokens.items() if v},
                "reach": roads.reachable(state, mine, 1)}
    at = orders.current(state)
    if at is not None and at[1]["owner"] == seat:
        region = values.cell_region(state, at[0] + 1)
        return {"act": {"cell": at[0] + 1, "action": at[1]["kind"], "region": region,
                        **_reach(state, seat, region, at[1]["kind"])}}
    return {}


def _reach(state: LEState, seat: str, region: str, kind: str) -> dict[str, Any]:
    """Where this seat's armies in ``region`` can go by the token's moves (its paid extra
    included) and by ship, as far as the map is known: every province until it is."""
    rule = state.data["orders"].get(kind, {})
    if "moves" not in rule:
        return {}
    mine = [p for p in geo.provinces(state.data) if geo.region_of(p) == region and geo.armies(state, p, seat)]
    moves = rule["moves"] + (1 if "paid" in rule else 0)
    every = geo.provinces(state.data)
    coast = [p for p in every if roads.coastal(state, p)] if roads.known(state) else every
    return {"reach": roads.reachable(state, mine, moves), "coast": coast}
