"""Complete games played by random legal players, for ``./run simulate --game
little-empires`` and the property tests: every command accepted, the invariants checked
after each one."""
from __future__ import annotations

import random
from typing import Any, Callable

from companion.engine import Session
from companion.engine.simulate import InvariantBroken, to_the_end
from companion.games.little_empires import agent, catalog, geo
from companion.games.little_empires.state import RESOURCES, LEState

MOST_COMMANDS = 5_000
"""Far beyond a game's length (three eras of at most 24 tokens)."""


def check_invariants(state: LEState) -> None:
    """Armies 0..16 on the board a player, no negative count anywhere; no negative
    resources; castles: at most three a player, one a region, none in a capital; every
    order token either behind its screen or in a cell; a player covered at most once a
    round; the cells never hold more tokens than placed."""
    if not state.cards:
        return
    data = state.data
    for seat, p in state.players.items():
        if not 0 <= state.on_board(seat) <= data["start"]["armies"]:
            raise InvariantBroken(f"{seat}: {state.on_board(seat)} armies on the board")
        for resource in RESOURCES:
            if getattr(p, resource) < 0:
                raise InvariantBroken(f"{seat} {resource}: {getattr(p, resource)}")
        castles = [prov for prov, owner in state.castles.items() if owner == seat]
        if len(castles) > data["start"]["castles"] or \
                len({geo.region_of(c) for c in castles}) != len(castles):
            raise InvariantBroken(f"{seat} castles: {castles}")
        on_cells = sum(1 for stack in state.cells for t in stack if t["owner"] == seat)
        if on_cells + sum(p.tokens.values()) != data["order_tokens"] or min(p.tokens.values()) < 0:
            raise InvariantBroken(f"{seat} tokens: {p.tokens}, {on_cells} on the board")
    for province, here in state.armies.items():
        if any(n <= 0 for n in here.values()):
            raise InvariantBroken(f"{province}: {here}")
    if any(geo.is_capital(c) for c in state.castles):
        raise InvariantBroken("a castle in a capital")
    if len(state.played) > catalog.data()["destiny_cards"]:
        raise InvariantBroken("more destiny cards played than the deck holds")


def create_command(players: int, seed: int, referee: bool, variants: list[str]) -> dict[str, Any]:
    colours = catalog.data()["colours"]
    return {"type": "create", "seed": seed, "referee": referee, "variants": variants,
            "players": [{"seat": seat} for seat in colours[:players]]}


def play_game(game: Any, players: int, seed: int, check: bool = False,
              session_factory: Callable[[dict[str, Any]], Session] | None = None,
              referee: bool | None = None) -> Session:
    """One complete game; ``referee`` None picks the mode (and the variants) from the seed."""
    rng = random.Random(seed)
    create = create_command(players, seed, rng.random() < 0.5 if referee is None else referee,
                            [v for v in catalog.data()["variants"] if rng.random() < 0.5])
    session = session_factory(create) if session_factory else Session.create(game, create)
    return to_the_end(game, session, lambda state: agent.choose(state, rng), MOST_COMMANDS,
                      check_invariants if check else None)
