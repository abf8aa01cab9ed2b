"""The engine's figures for the README: replay, one command, a thousand games.

    python bench/engine.py [--games 1000]

Targets (issue 2): replaying a complete 5-player game from its events under 50 ms;
validating and applying one command under 2 ms median; 1,000 simulated complete games
under a minute on one core. Prints one line per figure.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine import EventStore, Session  # noqa: E402
from companion.games.shogun.rules import ShogunRules  # noqa: E402
from companion.games.shogun.simulate import play_game  # noqa: E402


def replay_figures(games: int) -> None:
    rules = ShogunRules()
    times, events = [], []
    for seed in range(games):
        history = play_game(5, 1000 + seed).session.history
        events.append(sum(len(e) for e in history))
        start = time.perf_counter()
        Session.replay(rules, history)
        times.append(time.perf_counter() - start)
    print(f"replay a complete 5-player game (in memory): median {1000 * statistics.median(times):.1f} ms, "
          f"max {1000 * max(times):.1f} ms  ({statistics.median(events):.0f} events, {games} games)")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        store = EventStore(db)
        played = play_game(5, 77, session_factory=lambda c: Session.create(rules, c, store))
        game_id = played.session.game_id
        loads = []
        for _ in range(20):
            start = time.perf_counter()
            Session(rules, EventStore(db), game_id)
            loads.append(time.perf_counter() - start)
        print(f"reopen a complete 5-player game from SQLite (read + replay): median "
              f"{1000 * statistics.median(loads):.1f} ms ({played.commands} commands)")


def command_figures(games: int) -> None:
    rules = ShogunRules()
    per_command = []
    stored = []
    for seed in range(games):
        commands = [record for record in _commands_of(5, 2000 + seed)]
        session = Session.create(rules, commands[0])
        for command in commands[1:]:
            start = time.perf_counter()
            session.execute(command)
            per_command.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        commands = _commands_of(5, 31)
        session = Session.create(rules, commands[0], store)
        for command in commands[1:]:
            start = time.perf_counter()
            session.execute(command)
            stored.append(time.perf_counter() - start)
    q = statistics.quantiles(per_command, n=100)
    print(f"validate + apply one command (in memory): median {1000 * statistics.median(per_command):.3f} ms, "
          f"p99 {1000 * q[98]:.3f} ms ({len(per_command)} commands)")
    print(f"validate + apply + commit one command to SQLite (WAL, synchronous=FULL): median "
          f"{1000 * statistics.median(stored):.3f} ms ({len(stored)} commands)")


def _commands_of(players: int, seed: int) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "c.sqlite3")
        played = play_game(players, seed,
                           session_factory=lambda c: Session.create(ShogunRules(), c, store))
        return [r.command for r in store.commands(played.session.game_id)]


def simulation_figure(games: int) -> None:
    start = time.perf_counter()
    for seed in range(games):
        play_game(3 + seed % 3, seed)
    elapsed = time.perf_counter() - start
    print(f"{games} simulated complete games (3-5 players, one core): {elapsed:.1f} s "
          f"({1000 * elapsed / games:.1f} ms a game)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; pinned to one core")
    replay_figures(20)
    command_figures(10)
    simulation_figure(args.games)


if __name__ == "__main__":
    main()
