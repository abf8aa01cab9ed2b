"""The camera's calibration is kept in a file beside the games' database. A server killed while
saving a new one, or a file damaged on disk, never leaves the table with a calibration it
cannot use: the old one stays, or the table is asked to calibrate again."""
from __future__ import annotations

import base64
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from vision.calibration import Calibration, CalibrationError

ROOT = Path(__file__).resolve().parents[2]
# Python ignores SIGXFSZ (a write past the limit raises instead); the child takes it back, so
# the signal kills it at the write that crosses the limit
SAVE_AGAIN = ("import signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_DFL);"
              " from vision.calibration import Calibration; Calibration.load(sys.argv[1]).save(sys.argv[1])")


@pytest.fixture
def saved(sessions, tmp_path: Path) -> Path:
    path = tmp_path / "games.camera.json"
    sessions[0][3].save(path)
    return path


def test_a_saved_calibration_loads_as_it_was(sessions, saved):
    loaded = Calibration.load(saved)
    calibration = sessions[0][3]
    assert loaded.roi == tuple(calibration.roi) and loaded.scale == calibration.scale
    assert np.array_equal(loaded.background, calibration.background)


def test_a_calibration_file_cut_short_is_refused_as_unreadable(saved):
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])
    with pytest.raises(CalibrationError) as refused:
        Calibration.load(saved)
    assert refused.value.key == "calibration.unreadable"


def test_a_calibration_whose_empty_tray_picture_is_damaged_is_refused_as_unreadable(saved):
    data = json.loads(saved.read_text())
    data["background_png"] = base64.b64encode(b"not a picture").decode()
    saved.write_text(json.dumps(data))
    with pytest.raises(CalibrationError) as refused:
        Calibration.load(saved)
    assert refused.value.key == "calibration.unreadable"


def test_a_process_killed_while_saving_a_calibration_leaves_the_one_it_had(saved):
    """The save is cut off half-way by the file size limit, whose signal (SIGXFSZ) kills the
    writer at that very write, as a kill or a dead battery would. Written in place, the file
    would be half a calibration; written beside it and renamed, it is the whole old one."""
    before = saved.read_bytes()
    limit = len(before) // 2
    child = subprocess.run(
        [sys.executable, "-c", SAVE_AGAIN, str(saved)], cwd=ROOT, capture_output=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
    assert child.returncode == -signal.SIGXFSZ, child.stderr.decode()
    assert saved.read_bytes() == before
    Calibration.load(saved)
