"""Generated tables made once per test process and shared read-only by every vision test module.

Rendering a table's two calibration photos costs about a second and calibrating on them about
two; the same tables serve tests in several modules (a table that calibration tests pick for
what it shows is often one a counting test counts on).
"""
from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

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


class Tables(Mapping):
    """Tables by seed, each made when a test first asks for it: a test process that runs only
    tests on one table never pays for the others."""

    def __init__(self, seeds: tuple[int, ...]):
        self.seeds = seeds

    def __getitem__(self, seed: int) -> tuple[synth.Session, np.ndarray, np.ndarray, Calibration, Counter]:
        if seed not in self.seeds:
            raise KeyError(seed)
        return table(seed)

    def __iter__(self) -> Iterator[int]:
        return iter(self.seeds)

    def __len__(self) -> int:
        return len(self.seeds)
