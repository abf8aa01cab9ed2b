"""Complete games of Edo played by random legal players, for ``./run simulate --game edo``
and the property tests: every command accepted, the invariants checked after each one."""
from __future__ import annotations

import random
from typing import Any, Callable

from companion.engine import Session
from companion.engine.simulate import InvariantBroken, to_the_end
from companion.games.edo import agent, buildings
from companion.games.edo.setup import COLOURS
from companion.games.edo.state import EDO, RESOURCES, EdoState

MOST_COMMANDS = 20_000
"""Far beyond a game's length (ten rounds at most)."""


def check_invariants(state: EdoState) -> None:
    """Resources within 0..10, no negative ryo, every official accounted for, at most ten
    plots a city, one trading post a city and none in Edo, a fortress per two houses."""
    if not state.locations:
        return
    cap = state.data["resource_cap"]
    officials = state.printed["edo.start.officials"]
    for seat, p in state.players.items():
        for resource in RESOURCES:
            if not 0 <= p.amount(resource) <= cap:
                raise InvariantBroken(f"{seat} {resource}: {p.amount(resource)}")
        if p.ryo < 0:
            raise InvariantBroken(f"{seat} ryo: {p.ryo}")
        if len(p.figures) != officials:
            raise InvariantBroken(f"{seat} has {len(p.figures)} figures, not {officials}")
    hired = sum(p.shogun + p.shogun_new for p in state.players.values())
    if hired > state.printed["edo.pieces.shogun"]:
        raise InvariantBroken(f"{hired} shogun's officials hired")
    for city, plots in state.cities.items():
        kinds = [b["kind"] for b in plots]
        if len(plots) > state.data["city_plots"]:
            raise InvariantBroken(f"{city}: {len(plots)} buildings")
        if kinds.count("post") > (0 if city == EDO else 1):
            raise InvariantBroken(f"{city}: {kinds.count('post')} trading posts")
        if kinds.count("fortress") > kinds.count("house") // state.data["houses_per_fortress"]:
            raise InvariantBroken(f"{city}: {kinds}")
    for seat in state.players:
        if buildings.built_by(state, seat, "house") > state.printed["edo.pieces.houses"]:
            raise InvariantBroken(f"{seat}: too many houses")


def create_command(players: int, seed: int, referee: bool) -> dict[str, Any]:
    """Referee mode as asked; the table deals the decks in every other game."""
    return {"type": "create", "seed": seed, "referee": referee, "deal": "table" if seed % 2 else "app",
            "players": [{"seat": seat} for seat in COLOURS[:players]]}


def play_game(game: Any, players: int, seed: int, check: bool = False,
              session_factory: Callable[[dict[str, Any]], Session] | None = None,
              referee: bool | None = None) -> Session:
    """One complete game of ``game`` (Edo's rules); ``referee`` None picks the mode from the seed."""
    rng = random.Random(seed)
    create = create_command(players, seed, rng.random() < 0.5 if referee is None else referee)
    session = session_factory(create) if session_factory else Session.create(game, create)
    return to_the_end(game, session, lambda state: agent.choose(state, rng), MOST_COMMANDS,
                      check_invariants if check else None)
