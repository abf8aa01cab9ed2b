"""Generated sessions shared by the vision tests: rendering and calibrating cost about a second each."""
from __future__ import annotations

import pytest

from devtools import tray_photos as synth
from vision.calibration import calibrate
from vision.counter import Counter

# Fixed seeds spanning the generator's range: oblique camera on dark wood, straight above on
# light wood, burgundy cloth, navy felt. Chosen for variety, not for passing.
SEEDS = (0, 1, 4, 9)


@pytest.fixture(scope="session")
def sessions():
    out = {}
    for seed in SEEDS:
        session = synth.make_session(seed)
        empty, reference = synth.calibration_pair(session)
        calibration = calibrate(empty, reference)
        out[seed] = (session, empty, reference, calibration, Counter(calibration))
    return out
