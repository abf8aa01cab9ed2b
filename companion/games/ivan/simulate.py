"""Complete games of Ivan played by random legal players, for ``./run simulate --game ivan``
and the property tests: every command accepted, the invariants checked after each one."""
from __future__ import annotations

import random
from typing import Any, Callable

from companion.engine import Session
from companion.engine.simulate import InvariantBroken, to_the_end
from companion.games.ivan import agent, catalog
from companion.games.ivan.state import IvanState

MOST_COMMANDS = 5_000
"""Far beyond a game's length (four decades of at most twelve turns)."""


def check_invariants(state: IvanState, before: dict[str, int] | None = None) -> None:
    """No negative coins or goods; every boyar, seal, warrior and building accounted for; the
    favour track one marker a position; victory points never taken away, each one from
    somewhere the final table names."""
    if not state.data:
        return
    pieces = state.data["pieces"]
    if sorted(state.favour) != sorted(state.seating):
        raise InvariantBroken(f"favour track {state.favour}")
    for seat, p in state.players.items():
        if p.coins < 0 or any(n < 0 for n in p.goods.values()):
            raise InvariantBroken(f"{seat}: coins {p.coins}, goods {p.goods}")
        if not 0 <= p.seals <= pieces["seals"]:
            raise InvariantBroken(f"{seat}: {p.seals} seals")
        if p.warriors < 0 or p.wild < 0 or p.warriors + p.wild > pieces["warriors"]:
            raise InvariantBroken(f"{seat}: warriors {p.warriors} + wild {p.wild}")
        if not 0 <= p.buildings <= pieces["buildings"]:
            raise InvariantBroken(f"{seat}: {p.buildings} buildings")
        boyars = len(state.boyars_in_chambers(seat)) + sum(
            cards.count(seat) for cards in state.on_cards.values())
        if boyars > pieces["boyars"]:
            raise InvariantBroken(f"{seat}: {boyars} boyars out")
        if sum(p.vp_by.values()) != p.vp:
            raise InvariantBroken(f"{seat}: {p.vp} points, {p.vp_by} by where they came from")
        if before is not None and p.vp < before.get(seat, 0):
            raise InvariantBroken(f"{seat}: victory points went down")
    if state.influence_mode == "map":
        _pieces_on_map(state)
    if state.trophies < 0:
        raise InvariantBroken(f"{state.trophies} trophies")
    if any(chamber not in state.chambers for chamber in state.seals):
        raise InvariantBroken(f"seals {state.seals}")


def _pieces_on_map(state: IvanState) -> None:
    """With the map tracked every warrior is in the supply, the Wild Field or a city, and
    every building in the supply or a city: none lost, none made."""
    pieces = state.data["pieces"]
    mustering = state.phase in ("muster", "setup", "keep", "new")
    for seat, p in state.players.items():
        held = {kind: sum(f.get(seat, {}).get(kind, 0) for f in state.cities.values()) for kind in ("warrior", "building")}
        if any(n < 0 for families in state.cities.values() for n in families.get(seat, {}).values()):
            raise InvariantBroken(f"{seat}: a negative count in a city")
        if not mustering and p.warriors + p.wild + held["warrior"] != pieces["warriors"]:
            raise InvariantBroken(f"{seat}: warriors {p.warriors} + wild {p.wild} + map {held['warrior']}")
        if p.buildings + held["building"] != pieces["buildings"]:
            raise InvariantBroken(f"{seat}: buildings {p.buildings} + map {held['building']}")


def create_command(players: int, seed: int, referee: bool, influence: str = "entered") -> dict[str, Any]:
    """Referee mode and the influence as asked; the table deals the assignment cards in every
    other game."""
    return {"type": "create", "seed": seed, "referee": referee, "deal": "table" if seed % 2 else "app",
            "influence": influence,
            "players": [{"seat": seat} for seat in catalog.data()["families"][:players]]}


def play_game(game: Any, players: int, seed: int, check: bool = False,
              session_factory: Callable[[dict[str, Any]], Session] | None = None,
              referee: bool | None = None, influence: str | None = None) -> Session:
    """One complete game of ``game`` (Ivan's rules); ``referee`` None picks the mode from the
    seed, ``influence`` None tracks it from the map in every third game."""
    rng = random.Random(seed)
    create = create_command(players, seed, rng.random() < 0.5 if referee is None else referee,
                            influence or ("map" if seed % 3 == 0 else "entered"))
    session = session_factory(create) if session_factory else Session.create(game, create)
    seen: dict[str, int] = {}

    def checked(state: IvanState) -> None:
        check_invariants(state, seen)
        seen.update({seat: p.vp for seat, p in state.players.items()})

    return to_the_end(game, session, lambda state: agent.choose(state, rng), MOST_COMMANDS,
                      checked if check else None)
