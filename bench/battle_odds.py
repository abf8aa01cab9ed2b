"""How long the odds of an attack take for the largest attack a real game offers, for the README.

The position: five players, the attacker's province with the most neighbours holding 20
armies (19 choices of how many to send), every neighbour a target (players' provinces of 8
to 12 armies, one with a castle, one with unrest, and neutral ones), the attacker holding
the "+1 army attacking" card and a defender the "+1 army defending" card, 24 cubes inside the
tower (four of them peasants) and 3 in the tray. Each run starts with an empty cache, as the
first screen to show a new decision does. Pinned to one core; CPU time is the figure (wall
clock is printed too, and is only as good as the machine is idle). Run from the repository
root:

    python bench/battle_odds.py [--runs N]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# Run as a plain script from a checkout, the repository root is not on sys.path by itself.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine import Session, find_game  # noqa: E402
from companion.games.shogun import odds  # noqa: E402
from companion.games.shogun.state import SUPPLY, TOWER, TRAY, ShogunState, apply  # noqa: E402

PLAYERS = ("red", "blue", "yellow", "purple", "black")
INSIDE = {"red": 4, "blue": 4, "yellow": 4, "purple": 4, "black": 4, "green": 4}
IN_TRAY = {"blue": 1, "yellow": 2}


def position() -> tuple[ShogunState, int]:
    """The position above, made with the engine's own events; and the number of targets."""
    session = Session.create(find_game("shogun"), {
        "type": "create", "seed": 1, "setup": "recommended",
        "players": [{"colour": c} for c in PLAYERS]})
    state = session.state
    board = state.board
    src = max(state.provinces, key=lambda p: len([n for n in board.neighbours[p]
                                                   if n in state.provinces]))
    targets = sorted(n for n in board.neighbours[src] if n in state.provinces)

    def give(province: str, colour: str | None, armies: int) -> None:
        prov = state.provinces[province]
        if prov.owner is not None and prov.armies:
            apply(state, {"type": "cubes", "colour": prov.owner, "n": prov.armies,
                          "from": province, "to": SUPPLY})
        apply(state, {"type": "owner", "province": province, "player": colour})
        if armies:
            apply(state, {"type": "cubes", "colour": colour, "n": armies, "from": SUPPLY,
                          "to": province})

    give(src, "red", 20)
    defenders = ["blue", "yellow", "purple", "black"]
    for i, target in enumerate(targets):
        if i % 3 == 2:
            give(target, None, 0)
        else:
            give(target, defenders[i % len(defenders)], 8 + (i % 5))
    apply(state, {"type": "building", "province": targets[0], "kind": "castle", "built": True})
    apply(state, {"type": "unrest", "province": targets[1], "n": 1})
    for colour in list(state.tower):
        for place, want in ((TOWER, INSIDE), (TRAY, IN_TRAY)):
            have = getattr(state, place)[colour]
            if have != want.get(colour, 0):
                apply(state, {"type": "cubes", "colour": colour, "n": want.get(colour, 0) - have,
                              "from": SUPPLY, "to": place})
    state.specials = {"red": "attack", state.provinces[targets[0]].owner: "defence"}
    state.pending = {"kind": "move", "player": "red", "action": "battle1", "province": src,
                     "attack": True}
    return state, len(targets)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    state, targets = position()
    cpu, wall = [], []
    for _ in range(args.runs):
        odds._CACHE.clear()
        start, clock = time.process_time(), time.perf_counter()
        result = odds.attack_odds(state)
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - clock) * 1000)
    start = time.process_time()
    odds.attack_odds(state)
    cached = (time.process_time() - start) * 1000
    rows = sum(len(r) for r in result.values())
    print(f"{targets} targets, {rows} army counts in all, 24 cubes inside, 3 in the tray")
    print(f"odds of every choice, CPU time on one core: median {statistics.median(cpu):.1f} ms, "
          f"max {max(cpu):.1f} ms over {args.runs} runs (wall clock: median "
          f"{statistics.median(wall):.1f} ms, higher when other processes share the core); "
          f"the same decision again (cached): {cached:.2f} ms")


if __name__ == "__main__":
    main()
