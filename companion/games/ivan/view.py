"""What one device may see: the whole open table, plus that seat's own project hand.

«выбирает из них одну и оставляет на руке (не показывая остальным)»: the kinds in a hand
are in no other seat's view and not the table's; the others see how many cards it holds.
The sixth assignment card lies face down and is in no view at all.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.games.ivan import cities, effects, incomes, kremlin, projects, regional, regions, setup, titles
from companion.games.ivan.state import IvanState


def _player(state: IvanState, seat: str, viewer: str | None) -> dict[str, Any]:
    p = state.players[seat]
    return {"seat": seat, "name": p.name, "coins": p.coins, "goods": dict(p.goods), "vp": p.vp,
            "favour": state.rank(seat) + 1, "seals": p.seals, "warriors": p.warriors,
            "wild": p.wild, "buildings": p.buildings, "hand_size": len(p.hand),
            "hand": list(p.hand) if viewer == seat else None,
            "completed": dict(p.completed), "titles": p.titles, "estates": p.estates,
            "turned": state.turned_by.get(seat, 0),
            "trophies": p.trophies, "tokens": p.tokens, "kept": p.kept,
            "unplaced": kremlin.unplaced(state, seat) if state.phase == "planning" else 0}


def view(state: IvanState, seat: str | None = None) -> dict[str, Any]:
    """The state as ``seat`` may see it (None: the public table)."""
    own = seat if seat in state.players else None
    return {
        "game": "ivan", "viewer": own, "phase": state.phase, "decade": state.decade,
        "first": state.first, "turn_order": state.turn_order if state.created else [],
        "referee": state.referee, "influence": state.influence_mode,
        "players": [_player(state, s, own) for s in state.seating],
        "favour": list(state.favour), "favour_tokens": list(state.favour_tokens),
        "assignments": dict(state.assignments),
        "chambers": copy.deepcopy(state.chambers),
        "significant": kremlin.significant(state) if state.chambers else {},
        "seals": dict(state.seals),
        "on_cards": copy.deepcopy(state.on_cards),
        "trophies": state.trophies,
        "turn": copy.deepcopy(state.turn),
        "waiting": setup.waiting_to_keep(state),
        "region": copy.deepcopy(state.region),
        "next_region": regions.next_region(state) if state.phase == "regions" else None,
        "regional_tokens": regional.usable(state) if state.phase == "regions" and not state.referee else [],
        "titles_known": titles.usable(state) if state.phase == "titles" else [],
        "titles_asked": [per for per in titles.choices(state.data, "per") if not titles.tracked(state, per)] if state.created else [],
        "cities": copy.deepcopy(state.cities),
        "counted": _counted(state),
        "scored": copy.deepcopy(state.scored),
        "pending": copy.deepcopy(state.pending),
        "log": copy.deepcopy(state.log[-30:]),
        "result": copy.deepcopy(state.result),
    }


def _counted(state: IvanState) -> dict[str, dict[str, int]]:
    """With the map tracked, each region's influence as counted from the pieces."""
    if not cities.tracked(state) or not state.printed.get(f"ivan.city.{state.data['cities'][0]}.region"):
        return {}
    return {region: cities.influence(state, region) for region in state.data["regions"]}


def _map_choices(state: IvanState, seat: str) -> dict[str, Any]:
    """The cities a tracked map lets ``seat`` name now, so a phone offers only those."""
    if not cities.tracked(state):
        return {}
    every = list(state.data["cities"])
    mine = [c for c in every if cities.count(state, seat, c)]
    chosen: dict[str, Any] = {"cities": every, "mine": mine,
                              "warriors_at": [c for c in every if cities.count(state, seat, c, ("warrior",))],
                              "boyars_at": [c for c in every if cities.count(state, seat, c, ("boyar",))],
                              "movable": [c for c in every if cities.count(state, seat, c, ("warrior", "boyar"))],
                              "building": cities.building_cities(state, seat)}
    chamber = state.turn.get("chamber") if state.turn else None
    if chamber:
        card = state.assignments[chamber]
        chosen["boyar_to"] = [] if card == kremlin.KREMLIN else cities.boyar_cities(state, card)
    return {"map": chosen}


def _face_choices(state: IvanState, seat: str) -> dict[str, Any]:
    """The faces ``seat``'s phone may tap: the known project cards of the kinds in its hand,
    the cities it may name for income with the income known of each, the known trophies,
    trade tokens, board effects and its unturned estates."""
    if state.referee:
        return {}
    kinds = dict.fromkeys(state.players[seat].hand)
    every = state.data["cities"]
    named = [c for c in every if cities.count(state, seat, c)] if cities.tracked(state) else list(every)
    return {"projects": [card for kind in kinds for card in projects.usable(state, kind)],
            "income": {"cities": named, "known": incomes.shown(state)},
            "effects": [face for kind in effects.kinds(state) for face in effects.usable(state, kind, seat)]}


def choices(state: IvanState, seat: str | None) -> dict[str, Any]:
    """What ``seat`` may do now: the chambers it may enter or leave, and whether it may seal."""
    if seat not in state.players or state.turn is None or state.turn.get("player") != seat:
        return {}
    if state.phase == "muster":
        return {"muster": [c for c in state.data["cities"] if not cities.anyone(state, c, "warrior")]}
    if state.phase == "planning":
        return {"chambers": [c for c in state.data["chambers"]
                             if not any(b["player"] == seat for b in state.chambers[c])],
                "coins": state.players[seat].coins}
    if state.phase == "actions" and state.turn["chamber"] is None:
        top = kremlin.significant(state)
        return {**_map_choices(state, seat), **_face_choices(state, seat), "leave": {c: {"significant": top[c] == seat,
                              "may_seal": top[c] == seat and c not in state.seals
                              and state.players[seat].seals > 0}
                          for c in state.boyars_in_chambers(seat)}}
    if state.phase == "actions":
        return {"chamber": state.turn["chamber"], "left": dict(state.turn["left"]),
                **_map_choices(state, seat), **_face_choices(state, seat)}
    return {}
