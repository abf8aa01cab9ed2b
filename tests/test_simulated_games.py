"""The property test: complete games of random legal players with the simulated tower end
without a rule error, with every cube accounted for after every command, and rank the
players by score, then chests.

1,500 games in all: 250 for each player count (3, 4, 5) and set-up (draft, recommended),
in blocks of 50 seeds so a failure names a small range. ``play_game(check=True)`` runs
``check_invariants`` after every command: each colour's cubes add up to the box's total
with none negative, no negative chests or rice or building tokens, and outside a battle
every owned province is manned and every manned province owned. Each game is played once
and its outcome shared by the tests below.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pytest

from companion.errors import RuleError
from companion.games.shogun.simulate import play_game

GAMES_PER_KIND = 250
BLOCK = 50
KINDS = [(players, setup) for players in (3, 4, 5) for setup in ("draft", "recommended")]
BLOCKS = [(players, setup, start) for players, setup in KINDS
          for start in range(0, GAMES_PER_KIND, BLOCK)]
IDS = [f"{players}p-{setup}-{start}" for players, setup, start in BLOCKS]


@dataclass(frozen=True)
class Outcome:
    seed: int
    error: str | None = None
    phase: str | None = None
    setup: str | None = None
    seating: tuple[str, ...] = ()
    scores: dict | None = None
    chests: dict | None = None
    result: dict | None = None


def seeds(players: int, setup: str, start: int) -> range:
    """Different seeds for every kind of game, so no two kinds replay one random stream."""
    base = 10_000 * players + (5_000 if setup == "recommended" else 0)
    return range(base + start, base + start + BLOCK)


@functools.lru_cache(maxsize=None)
def outcomes(players: int, setup: str, start: int) -> tuple[Outcome, ...]:
    played = []
    for seed in seeds(players, setup, start):
        try:
            state = play_game(players, seed, setup, check=True).session.state
        except (RuleError, AssertionError) as exc:  # InvariantBroken is an AssertionError
            played.append(Outcome(seed, error=repr(exc)))
            continue
        played.append(Outcome(
            seed, phase=state.phase, setup=state.setup, seating=tuple(state.seating),
            scores={c: state.players[c].score for c in state.seating},
            chests={c: state.players[c].chests for c in state.seating}, result=state.result))
    return tuple(played)


@pytest.mark.parametrize("players,setup,start", BLOCKS, ids=IDS)
def test_random_games_end_without_rule_errors_and_keep_every_cube(players, setup, start):
    games = outcomes(players, setup, start)
    failed = [f"seed {g.seed}: {g.error}" for g in games if g.error]
    assert not failed, f"{players} players, {setup}: " + "; ".join(failed)
    assert [g.phase for g in games] == ["over"] * BLOCK
    assert {g.setup for g in games} == {setup}
    assert {len(g.seating) for g in games} == {players}


@pytest.mark.parametrize("players,setup,start", BLOCKS, ids=IDS)
def test_the_result_ranks_by_score_then_chests_and_names_the_winners(players, setup, start):
    for game in outcomes(players, setup, start):
        if game.error:
            continue  # reported by the test above
        result = game.result
        assert sorted(result["ranking"]) == sorted(game.seating), f"seed {game.seed}"
        keys = [(result["scores"][c], result["chests"][c]) for c in result["ranking"]]
        assert keys == sorted(keys, reverse=True), f"seed {game.seed}: {keys}"
        assert result["scores"] == game.scores, f"seed {game.seed}"
        assert result["chests"] == game.chests, f"seed {game.seed}"
        winners = [c for c, key in zip(result["ranking"], keys) if key == keys[0]]
        assert result["winners"] == winners, f"seed {game.seed}"
