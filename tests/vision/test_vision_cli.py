"""The command line the issue specifies, run as a user would run it."""
import json
import subprocess
import sys
from pathlib import Path

import cv2

from devtools import tray_photos as synth
from generated_tables import photos, table

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
    saved = json.loads(calib.read_text())
    assert saved["counter"] == "checked", "both counters, as the table's camera runs them"
    assert saved["rules"]["colours"] == saved["learned"]["colours"] == list(synth.CUBE_COLOURS)

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


def test_the_colours_to_calibrate_for_are_given_on_the_command_line(tmp_path):
    four = ("red", "blue", "yellow", "green")
    session, empty, reference = photos(1004, four)
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    cv2.imwrite(str(tmp_path / "reference.png"), reference)
    calib = tmp_path / "calib.json"
    done = _run("calibrate", "--empty", str(tmp_path / "empty.png"), "--reference", str(tmp_path / "reference.png"),
                "-o", str(calib), "--colours", ",".join(four))
    assert done.returncode == 0, done.stderr
    assert json.loads(calib.read_text())["rules"]["colours"] == list(four)
    sample = synth.scene(session, 100400)
    cv2.imwrite(str(tmp_path / "tray.png"), sample.image)
    counted = _run("count", str(tmp_path / "tray.png"), "--calibration", str(calib), "--colours", ",".join(four))
    assert counted.returncode == 0, counted.stderr
    assert json.loads(counted.stdout) == sample.truth.counts


def test_counting_with_a_calibration_for_other_colours_is_refused(tmp_path):
    calib = tmp_path / "calib.json"
    table(1004, ("red", "blue", "yellow", "green"))[3].save(calib)
    done = _run("count", str(calib), "--calibration", str(calib), "--colours", "red,blue,yellow,purple,black,green")
    assert done.returncode == 2
    assert "calibrated for other cube colours" in done.stderr and "Traceback" not in done.stderr


def test_a_colour_the_tower_kit_does_not_know_is_refused_with_the_ones_it_knows(tmp_path):
    done = _run("calibrate", "--empty", "e.png", "--reference", "r.png", "-o", str(tmp_path / "c.json"),
                "--colours", "red,teal")
    assert done.returncode == 2
    assert "no cube colour 'teal'" in done.stderr and "red, blue, yellow" in done.stderr


def test_a_count_by_the_rules_alone_is_never_called_sure(sessions, tmp_path):
    session, empty, reference, _, _ = sessions[4]
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    cv2.imwrite(str(tmp_path / "reference.png"), reference)
    calib = tmp_path / "calib.json"
    done = _run("calibrate", "--empty", str(tmp_path / "empty.png"), "--reference", str(tmp_path / "reference.png"),
                "-o", str(calib), "--counter", "rules")
    assert done.returncode == 0, done.stderr
    sample = synth.scene(session, 300, total=1)
    cv2.imwrite(str(tmp_path / "tray.png"), sample.image)
    counted = _run("count", str(tmp_path / "tray.png"), "--calibration", str(calib), "--details")
    assert counted.returncode == 0, counted.stderr
    assert "no second counter checks this count" in json.loads(counted.stdout)["note"]
