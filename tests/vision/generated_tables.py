"""Generated tables made once per test process and shared read-only by every vision test module.

Rendering a table's two calibration photos costs about a second and calibrating on them about
two; the same tables serve tests in several modules (a table that calibration tests pick for
what it shows is often one a counting test counts on).
"""
from __future__ import annotations

import fcntl
import functools
import pickle
from collections.abc import Iterator, Mapping
from pathlib import Path

import numpy as np

from devtools import tray_photos as synth
from vision.calibration import Calibration, calibrate
from vision.counter import Counter


@functools.cache
def photos(seed: int, colours: tuple[str, ...] = synth.CUBE_COLOURS) -> tuple[synth.Session, np.ndarray, np.ndarray]:
    """Table ``seed`` with cubes of ``colours`` (Shogun's six unless said): the session, its
    empty tray photo and its reference photo (one cube of each colour)."""
    session = synth.make_session(seed, colours)
    return (session, *synth.calibration_pair(session))


@functools.cache
def calibrated(seed: int, colours: tuple[str, ...] = synth.CUBE_COLOURS) -> tuple[synth.Session, np.ndarray, np.ndarray, Calibration]:
    """Table ``seed`` calibrated on its two photos."""
    session, empty, reference = photos(seed, colours)
    return session, empty, reference, calibrate(empty, reference, session.colours)


@functools.cache
def table(seed: int, colours: tuple[str, ...] = synth.CUBE_COLOURS) -> tuple[synth.Session, np.ndarray, np.ndarray, Calibration, Counter]:
    """Table ``seed`` calibrated, with a counter on that calibration."""
    calibration = calibrated(seed, colours)
    return (*calibration, Counter(calibration[3]))


@functools.cache
def shared_table(folder: Path, seed: int) -> tuple[synth.Session, np.ndarray, np.ndarray, Calibration, Counter]:
    """Table ``seed`` made by whichever test process of the run asks first and kept in
    ``folder`` for the others, which wait for it (making one costs about seven seconds of CPU,
    reading it back a fifth of one)."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"table-{seed}.pickle"
    with open(folder / f"table-{seed}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        made = table(seed)
        part = kept.with_suffix(".part")
        part.write_bytes(pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
        part.replace(kept)
        return made


class Tables(Mapping):
    """Tables by seed, each made when a test first asks for it: a test process that runs only
    tests on one table never pays for the others. Given a ``shared`` folder (one for the run's
    test processes), a table is made once for them all."""

    def __init__(self, seeds: tuple[int, ...], shared: Path | None = None):
        self.seeds = seeds
        self.shared = shared

    def __getitem__(self, seed: int) -> tuple[synth.Session, np.ndarray, np.ndarray, Calibration, Counter]:
        if seed not in self.seeds:
            raise KeyError(seed)
        return table(seed) if self.shared is None else shared_table(self.shared, seed)

    def __iter__(self) -> Iterator[int]:
        return iter(self.seeds)

    def __len__(self) -> int:
        return len(self.seeds)


def throw_coming_to_rest(session: synth.Session, still: int) -> tuple[synth.Sample, list[np.ndarray]]:
    """A throw as a camera sees it: three frames of cubes still falling (other scenes), then
    ``still`` frames of the settled tray with a little sensor noise each; the settled sample."""
    sample = synth.scene(session, 300, total=1)
    moving = [synth.scene(session, 400 + k, total=1).image for k in range(3)]
    rng = np.random.default_rng(3)
    rest = [np.clip(sample.image + rng.normal(0, 2.0, sample.image.shape), 0, 255).astype(np.uint8) for _ in range(still)]
    return sample, moving + rest
