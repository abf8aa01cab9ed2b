"""The command line the issue specifies, run as a user would run it."""
import json
import subprocess
import sys
from pathlib import Path

import cv2

from devtools import tray_photos as synth
from generated_tables import photos

ROOT = Path(__file__).resolve().parents[2]


def _run(*args):
    return subprocess.run([sys.executable, "-m", "vision", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_calibrate_then_count_one_and_many(sessions, tmp_path):
    session, empty, reference, _, _ = sessions[4]
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    cv2.imwrite(str(tmp_path / "reference.jpg"), reference)
    calib = tmp_path / "calib.json"
    done = _run("calibrate", "--empty", str(tmp_path / "empty.png"), "--reference", str(tmp_path / "reference.jpg"), "-o", str(calib))
    assert done.returncode == 0, done.stderr
    assert json.loads(calib.read_text())["colours"] == list(synth.CUBE_COLOURS)

    samples = [synth.scene(session, 300 + k, total=1) for k in range(3)]
    paths = []
    for k, sample in enumerate(samples):
        paths.append(str(tmp_path / f"tray{k}.jpg"))
        cv2.imwrite(paths[-1], sample.image)

    one = _run("count", paths[0], "--calibration", str(calib))
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == samples[0].truth.counts

    many = _run("count", "--calibration", str(calib), *paths)
    lines = many.stdout.strip().splitlines()
    assert [json.loads(line) for line in lines] == [s.truth.counts for s in samples]


def test_calibration_failure_is_a_message_not_a_traceback(sessions, tmp_path):
    _, empty, _, _, _ = sessions[4]
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    done = _run("calibrate", "--empty", str(tmp_path / "empty.png"), "--reference", str(tmp_path / "empty.png"), "-o", str(tmp_path / "c.json"))
    assert done.returncode == 2
    assert "calibration failed" in done.stderr and "Traceback" not in done.stderr


def test_calibrate_says_on_the_command_line_what_would_make_counts_surer(tmp_path):
    _, empty, reference = photos(2001)  # black felt
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    cv2.imwrite(str(tmp_path / "reference.png"), reference)
    done = _run("calibrate", "--empty", str(tmp_path / "empty.png"), "--reference", str(tmp_path / "reference.png"), "-o", str(tmp_path / "c.json"))
    assert done.returncode == 0, done.stderr
    assert "Put something light under the tray" in done.stderr
