"""Complete games played by random legal players with the simulated tower.

Used three ways: ``companion simulate`` to watch the engine play, the property test that
thousands of games end without a rule error and with every cube accounted for, and the
benchmarks. The tower's counts go through the same CountTray command a person's count does.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from companion.engine import Session, find_game
from companion.engine.simulate import InvariantBroken
from companion.games.shogun import agent, dajokan, generals
from companion.games.shogun.colours import PEASANT, PLAYER_COLOURS
from companion.games.shogun.tray import count_command, start_throw
from companion.games.shogun.state import FACE_DOWN, FACE_UP, ShogunState
from companion.kits.tower.simulated import SimulatedTower


def check_invariants(state: ShogunState) -> None:
    """Every cube in exactly one place, no negative counts, no armies in a neutral province
    (an owned one may stand empty after a defence that left none of its armies)."""
    cards = state.catalog.cards
    for colour in list(state.players) + [PEASANT]:
        where = state.cube_locations(colour)
        total = cards["peasant_cubes"] if colour == PEASANT else cards["cubes_per_player"]
        if sum(where.values()) != total or min(where.values()) < 0:
            raise InvariantBroken(f"{colour} cubes: {where}, expected {total} in all")
    for colour, player in state.players.items():
        if player.chests < 0 or player.rice < 0:
            raise InvariantBroken(f"{colour}: chests {player.chests}, rice {player.rice}")
    if state.battle is None:
        for pid, prov in state.provinces.items():
            if prov.owner is None and prov.armies:
                raise InvariantBroken(f"{pid}: owner {prov.owner} with {prov.armies} armies")
    for kind, left in state.tokens.items():
        if left < 0:
            raise InvariantBroken(f"{kind} tokens: {left}")
    _check_generals(state)
    _check_dajokan(state)
    _check_officials(state)


def _check_officials(state: ShogunState) -> None:
    """Tenno's Court: each player's seven officials in his supply, the waiting hall or the
    audience hall, none lost or made."""
    if state.tenno is None:
        return
    total = state.expansions["tenno"]["officials_per_player"]
    for colour, halls in state.tenno.officials.items():
        if sum(halls.values()) != total or min(halls.values()) < 0:
            raise InvariantBroken(f"{colour} officials: {halls}, expected {total} in all")


def _check_generals(state: ShogunState) -> None:
    """A general stands only in a province its player holds; no statue is lost or made."""
    if not generals.playing(state):
        return
    for colour, province in state.generals.items():
        if province is not None and state.provinces[province].owner != colour:
            raise InvariantBroken(f"{colour} general in {province}, held by "
                                  f"{state.provinces[province].owner}")
        if not 0 <= generals.statues_left(state, colour) <= \
                state.expansions["generals"]["statues_per_player"]:
            raise InvariantBroken(f"{colour} statues left: {generals.statues_left(state, colour)}")


def _check_dajokan(state: ShogunState) -> None:
    """Every ministry token in the bag, on its own cell (face up or down) or out of the game
    under the marker that replaced it; every player's 15 markers in his supply or on a cell."""
    if not dajokan.playing(state):
        return
    data = state.expansions["dajokan"]
    grid = set(dajokan.bag(state)) | set(state.dajokan_cells)
    shape = dajokan.shape(state)
    if shape is None:
        if state.dajokan_cells:
            raise InvariantBroken(f"dajokan cells {state.dajokan_cells} on a board of no shape")
        return
    if len(grid) != data["tokens"] or len(dajokan.bag(state)) + len(state.dajokan_cells) != data["tokens"]:
        raise InvariantBroken(f"dajokan tokens: {len(dajokan.bag(state))} in the bag, "
                              f"{len(state.dajokan_cells)} on the board, of {data['tokens']}")
    held = set(state.dajokan_cells.values()) - {FACE_UP, FACE_DOWN}
    if not held <= set(state.players):
        raise InvariantBroken(f"dajokan markers of no player: {held - set(state.players)}")
    for colour in state.seating:
        if not 0 <= dajokan.markers_left(state, colour) <= data["markers_per_player"]:
            raise InvariantBroken(f"{colour} dajokan markers left: {dajokan.markers_left(state, colour)}")
    if sorted(state.dajokan_regions) != sorted(state.board.regions):
        raise InvariantBroken(f"dajokan region tokens: {state.dajokan_regions}")


@dataclass
class Played:
    session: Session
    commands: int

    @property
    def result(self) -> dict:
        return self.session.state.result


def play_game(players: int, seed: int, setup: str | None = None, check: bool = False,
              session_factory: Callable[[dict], Session] | None = None,
              expansions: Sequence[str] = ()) -> Played:
    """One complete game (with ``expansions``, if any); ``check`` verifies the invariants
    after every command."""
    rng = random.Random(seed)
    tower = SimulatedTower(seed=rng.randrange(2**32))
    create = {"type": "create", "seed": seed,
              "players": [{"colour": c} for c in PLAYER_COLOURS[:players]],
              "setup": setup or rng.choice(("draft", "recommended"))}
    if expansions:
        create["expansions"] = list(expansions)
    session = session_factory(create) if session_factory else Session.create(find_game("shogun"), create)
    commands = 1
    while session.state.phase != "over":
        state = session.state
        if state.pending["kind"] == "tray":
            start_throw(state, tower)
            command = count_command(tower)
        else:
            command = agent.choose(state, rng)
        session.execute(command)
        commands += 1
        if check:
            check_invariants(session.state)
    return Played(session, commands)
