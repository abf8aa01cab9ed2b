"""Calibration photos the rule-based calibration cannot part, for the camera's web tests."""
from __future__ import annotations

import dataclasses

import numpy as np

from devtools import tray_photos as synth


def touching_reference(seed: int) -> tuple[synth.Session, np.ndarray, np.ndarray]:
    """Table ``seed``'s session and calibration photos with the second reference cube laid
    against the first, turned alike: to the rules, one piece of two colours."""
    session = synth.make_session(seed)
    empty, _ = synth.render(session, [], seed=session.seed + 2)
    cubes = synth.reference_cubes(session, np.random.default_rng(session.seed + 1))
    cubes[1] = dataclasses.replace(cubes[1], centre=cubes[0].centre + np.array([1.05 * synth.CUBE, 0, 0]),
                                   rotation=cubes[0].rotation)
    return session, empty, synth.render(session, cubes, seed=session.seed + 3)[0]
