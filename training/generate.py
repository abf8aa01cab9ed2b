"""Writes training or held-out samples from the project's generator (``devtools/tray_photos.py``).

    .venv/bin/python -m training.generate DIR --sessions 1000:1040 --scenes 8 [--workers 2]

Sessions are the generator's seeds (a table, camera and light each); keep training and
held-out ranges apart so no table is seen by both."""
from __future__ import annotations

import argparse
import json
from multiprocessing import Pool
from pathlib import Path

from training.data import write_generator_samples


def _one(args: tuple[str, int, int]) -> int:
    folder, session, scenes = args
    return len(list(write_generator_samples(Path(folder), [session], scenes)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sessions", required=True, help="START:STOP, the generator's session seeds")
    parser.add_argument("--scenes", type=int, default=8, help="throws per session")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    start, stop = (int(v) for v in args.sessions.split(":"))
    jobs = [(str(args.folder), s, args.scenes) for s in range(start, stop)]
    with Pool(args.workers) as pool:
        written = sum(pool.imap_unordered(_one, jobs))
    description = {"renderer": "devtools/tray_photos.py", "sessions": [start, stop], "scenes": args.scenes, "samples": written}
    (args.folder / "dataset.json").write_text(json.dumps(description, indent=1), encoding="utf-8")
    print(json.dumps(description))


if __name__ == "__main__":
    main()
