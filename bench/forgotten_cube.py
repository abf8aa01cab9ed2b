"""How often the learned counter's calibration accepts a reference photo with one colour's
cube left out, as a group that forgot one would take it: each generator table's reference
photo rendered six times, each time without one of its cubes.

    .venv/bin/python bench/forgotten_cube.py [--tables 1 13]

Every such photo should be refused ("lay exactly one cube of each colour"); one that
calibrates names a colour after a cube of another.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from devtools import tray_photos as synth  # noqa: E402
from vision import learned_counter  # noqa: E402
from vision.calibration import CalibrationError  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs=2, default=(1, 13), metavar=("FIRST", "END"))
    args = parser.parse_args(argv)
    accepted, tried = [], 0
    for seed in range(*args.tables):
        session = synth.make_session(seed)
        rng = np.random.default_rng(session.seed + 1)  # the reference cubes as synth.calibration_pair lays them
        empty, _ = synth.render(session, [], seed=session.seed + 2)
        cubes = synth.reference_cubes(session, rng)
        for k, left_out in enumerate(cubes):
            reference, _ = synth.render(session, cubes[:k] + cubes[k + 1 :], seed=session.seed + 3)
            tried += 1
            try:
                learned_counter.calibrate(empty, reference, session.colours)
            except CalibrationError:
                continue
            accepted.append(f"table {seed} without {left_out.colour}")
    print(f"reference photos with one cube left out that calibrate: {len(accepted)} of {tried}"
          f" (model {learned_counter.MODEL.name})")
    for line in accepted:
        print("   ", line)


if __name__ == "__main__":
    main()
