"""Speed and behaviour of the simulated tower with its default parameters, for the README.

The defaults are estimates (see companion/kits/tower/simulated.py), so the figures printed here are
what the model does, not what a real tower does; they exist so that anyone changing the model
can see at once how far its behaviour moved. Run from the repository root:

    python bench/tower_sim.py [--seed N] [--trials N]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# Run as a plain script from a checkout, the repository root is not on sys.path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.shogun.colours import CUBE_COLOURS, PEASANT, PLAYER_COLOURS  # noqa: E402
from companion.kits.tower.simulated import SimulatedTower, TowerParams  # noqa: E402

ATTACKER, DEFENDER = "red", "blue"


def spread(total: int) -> dict[str, int]:
    """``total`` cubes inside, spread as evenly as possible over all six colours.

    The bench has to assume some mix for "n inside"; an even spread favours neither side.
    """
    return {colour: total // 6 + (i < total % 6) for i, colour in enumerate(CUBE_COLOURS)}


def throughput(tower: SimulatedTower, thrown: dict[str, int], inside: dict[str, int],
               trials: int) -> float:
    drop = tower.drop
    start = time.perf_counter()
    for _ in range(trials):
        drop(thrown, inside)
    return trials / (time.perf_counter() - start)


def share_out(tower: SimulatedTower, thrown: int, inside: int, trials: int) -> tuple[float, float]:
    """Share of thrown cubes, and of stuck cubes, that reach the tray in one throw."""
    thrown_out = stuck_out = 0
    for _ in range(trials):
        tray = tower.drop({ATTACKER: thrown}, {DEFENDER: inside})
        thrown_out += tray.get(ATTACKER, 0)
        stuck_out += tray.get(DEFENDER, 0)
    return thrown_out / (thrown * trials), stuck_out / (inside * trials) if inside else 0.0


def battle_odds(tower: SimulatedTower, stronger: int, weaker: int, inside: int,
                trials: int) -> tuple[float, float, float]:
    """How often the stronger side has more, as many, or fewer cubes in the tray."""
    thrown = {ATTACKER: stronger, DEFENDER: weaker}
    contents = spread(inside)
    more = tie = 0
    for _ in range(trials):
        tray = tower.drop(thrown, contents)
        margin = tray.get(ATTACKER, 0) - tray.get(DEFENDER, 0)
        more += margin > 0
        tie += margin == 0
    return more / trials, tie / trials, (trials - more - tie) / trials


def steady_play(tower: SimulatedTower, battles: int, seed: int) -> dict[str, float]:
    """A long run of battles with the tower's content carried over, as in a real game.

    Starts like a five-player game (7 cubes per player and 10 peasants into the empty tower).
    Each battle throws two random players' armies (2-7 against 1-5, a guess at typical sizes)
    plus whatever of other colours lay in the tray; the two sides' cubes then leave the tray,
    the rest stay in it for the next throw. The tray mixes thrown and knocked-loose cubes, so a
    second tower with the same parameters throws the same numbers with the two kinds labelled
    apart, to measure each kind's share at the numbers real play produces.
    """
    dice = random.Random(seed)
    labelled = SimulatedTower(tower.params, seed=seed)
    inside = dict.fromkeys(CUBE_COLOURS, 0)
    first = {colour: 7 for colour in PLAYER_COLOURS} | {PEASANT: 10}
    tray = tower.drop(first, inside)
    inside = {colour: first[colour] - tray.get(colour, 0) for colour in CUBE_COLOURS}
    after_setup = sum(inside.values())
    thrown_total = inside_total = thrown_out = stuck_out = 0
    for _ in range(battles):
        attacker, defender = dice.sample(PLAYER_COLOURS, 2)
        thrown = dict(tray)
        thrown[attacker] = thrown.get(attacker, 0) + dice.randint(2, 7)
        thrown[defender] = thrown.get(defender, 0) + dice.randint(1, 5)
        throw_size, inside_size = sum(thrown.values()), sum(inside.values())
        thrown_total += throw_size
        inside_total += inside_size
        apart = labelled.drop({"thrown": throw_size}, {"stuck": inside_size})
        thrown_out += apart.get("thrown", 0)
        stuck_out += apart.get("stuck", 0)
        tray = tower.drop(thrown, inside)
        inside = {c: inside[c] + thrown.get(c, 0) - tray.get(c, 0) for c in CUBE_COLOURS}
        tray = {c: n for c, n in tray.items() if c not in (attacker, defender)}
    return {
        "after_setup": after_setup,
        "mean_inside": inside_total / battles,
        "mean_thrown": thrown_total / battles,
        "thrown_out": thrown_out / thrown_total,
        "stuck_out": stuck_out / inside_total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trials", type=int, default=100_000)
    args = parser.parse_args()
    params = TowerParams()
    tower = SimulatedTower(params, seed=args.seed)
    trials = args.trials

    print(f"Simulated tower, {params}")
    print("\nThroughput (one core, SimulatedTower.drop):")
    for stronger, weaker, inside in ((4, 3, 6), (8, 6, 12), (20, 15, 30)):
        rate = throughput(tower, {ATTACKER: stronger, DEFENDER: weaker}, spread(inside), trials)
        print(f"  {stronger} vs {weaker}, {inside:2} inside: {rate:>10,.0f} throws/s"
              f"  ({1e6 / rate:.1f} us a throw)")

    print("\nShare reaching the tray in one throw (thrown cubes | cubes stuck inside):")
    for thrown, inside in ((8, 0), (4, 6), (8, 6), (8, 12), (8, 24), (2, 12), (12, 12)):
        out, loose = share_out(tower, thrown, inside, trials)
        print(f"  {thrown:2} thrown, {inside:2} inside: {out:.3f} | {loose:.3f}")

    print("\nSteady play (Spielbyweb's model: 2/3 of thrown and 1/3 of stuck cubes come out):")
    steady = steady_play(tower, trials, args.seed)
    print(f"  inside after a 45-cube start: {steady['after_setup']}")
    print(f"  mean inside before a battle:  {steady['mean_inside']:.1f}")
    print(f"  mean cubes thrown a battle:   {steady['mean_thrown']:.1f}")
    print(f"  share of thrown cubes out:    {steady['thrown_out']:.3f}")
    print(f"  share of stuck cubes out:     {steady['stuck_out']:.3f}")

    print("\nBattles, inside spread evenly over the six colours (stronger more | tie | fewer):")
    for stronger, weaker, inside in ((4, 3, 6), (4, 3, 0), (5, 3, 6), (6, 3, 6), (8, 6, 12),
                                     (10, 5, 12), (3, 3, 6)):
        more, tie, fewer = battle_odds(tower, stronger, weaker, inside, trials)
        print(f"  {stronger:2} vs {weaker}, {inside:2} inside: "
              f"{more:.3f} | {tie:.3f} | {fewer:.3f}")


if __name__ == "__main__":
    main()
