"""Writers racing: several processes (or threads) released together by a barrier, round after
round, each round on a fresh folder, so a race that goes wrong once in fifty starts shows."""
from __future__ import annotations

import multiprocessing
import queue
import threading
from pathlib import Path
from typing import Any, Callable

ROUNDS = 60
WRITERS = 4

Write = Callable[[Path, str], Any]


def race(folder: Path, write: Write, processes: bool = True,
         rounds: int = ROUNDS) -> list[tuple[int, str, Any]]:
    """Each writer calls ``write(folder/<round>/file.json, its own text)`` once a round, all
    at once; (round, text, what ``write`` returned or the repr of what it raised) for each."""
    if processes:
        ctx = multiprocessing.get_context("fork")
        barrier, results = ctx.Barrier(WRITERS), ctx.Queue()
        writers = [ctx.Process(target=_writer, args=(barrier, folder, results, write, rounds))
                   for _ in range(WRITERS)]
    else:
        barrier, results = threading.Barrier(WRITERS), queue.SimpleQueue()
        writers = [threading.Thread(target=_writer, args=(barrier, folder, results, write, rounds))
                   for _ in range(WRITERS)]
    for w in writers:
        w.start()
    found = [results.get(timeout=30) for _ in range(rounds * WRITERS)]
    for w in writers:
        w.join(timeout=10)
    return found


def _writer(barrier: Any, folder: Path, results: Any, write: Write, rounds: int) -> None:
    for k in range(rounds):
        barrier.wait()
        text = f"{multiprocessing.current_process().name}:{threading.get_ident()}:{k}"
        try:
            results.put((k, text, write(folder / str(k) / "file.json", text)))
        except Exception as exc:  # reported by the test: a writer must never fail
            results.put((k, text, repr(exc)))


def files(folder: Path) -> list[str]:
    """The names of every file left under ``folder``."""
    return sorted(p.name for p in folder.rglob("*") if p.is_file())
