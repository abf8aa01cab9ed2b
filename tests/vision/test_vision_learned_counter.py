"""The learned counter as the product can run it (``vision.learned_counter``): calibrated and
counted on the command line like the rule-based one, refused with what to do, unsure with the
places in doubt outlined. Its accuracy is bench/learned_counter.py's."""
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.kits.tower.source import Throw
from devtools import tray_photos as synth
from generated_tables import photos, throw_coming_to_rest
from vision import learned_calibration, learned_counter
from vision.annotate import annotate
from vision.calibration import Calibration, CalibrationError
from vision.source import CameraTraySource

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vision", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def _write_pair(folder: Path, seed: int) -> tuple[synth.Session, Path, Path]:
    session, empty, reference = photos(seed)
    cv2.imwrite(str(folder / "empty.png"), empty)
    cv2.imwrite(str(folder / "reference.png"), reference)
    return session, folder / "empty.png", folder / "reference.png"


def test_the_learned_counter_is_calibrated_and_counts_on_the_command_line(tmp_path):
    session, empty, reference = _write_pair(tmp_path, 4)
    calib = tmp_path / "calib.json"
    done = _run("calibrate", "--empty", str(empty), "--reference", str(reference), "-o", str(calib), "--counter", "learned")
    assert done.returncode == 0, done.stderr
    assert json.loads(calib.read_text())["counter"] == "learned"
    samples = [synth.scene(session, 300 + k, total=1) for k in range(3)]
    paths = []
    for k, sample in enumerate(samples):
        paths.append(str(tmp_path / f"tray{k}.jpg"))
        cv2.imwrite(paths[-1], sample.image)
    counted = _run("count", "--calibration", str(calib), "--details", *paths)
    assert counted.returncode == 0, counted.stderr
    readings = [json.loads(line) for line in counted.stdout.splitlines()]
    assert [{c: r[c] for c in synth.CUBE_COLOURS} for r in readings] == [s.truth.counts for s in samples]
    assert all(0 <= r["confidence"] <= 1 for r in readings)


def test_a_learned_calibration_for_other_colours_is_refused_on_count(tmp_path):
    _, empty, reference = _write_pair(tmp_path, 4)
    calib = tmp_path / "calib.json"
    _run("calibrate", "--empty", str(empty), "--reference", str(reference), "-o", str(calib), "--counter", "learned")
    done = _run("count", str(empty), "--calibration", str(calib), "--colours", "red,blue,yellow,green")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "cannot use calibration" in done.stderr


def test_a_reference_photo_without_the_cubes_says_to_lay_them_out():
    session, empty, _ = photos(4)
    with pytest.raises(CalibrationError) as refused:
        learned_counter.calibrate(empty, empty, session.colours)
    assert refused.value.key == "calibration.cubes_unclear" and refused.value.params == {"wanted": 6}


def test_a_frame_marked_away_from_the_cubes_says_they_lie_outside_it():
    session, empty, reference = photos(4)
    with pytest.raises(CalibrationError) as refused:
        learned_counter.calibrate(empty, reference, session.colours, marked=(0.0, 0.0, 0.2, 0.2))
    assert refused.value.key == "calibration.cubes_outside_marks"


def test_the_tray_two_taps_mark_is_the_outline_the_counter_keeps():
    session, empty, reference = photos(4)
    calibration = learned_counter.calibrate(empty, reference, session.colours, marked=(0.9, 0.95, 0.1, 0.05))
    h, w = empty.shape[:2]
    assert calibration.tray == [[0.1 * w, 0.05 * h], [0.9 * w, 0.05 * h], [0.9 * w, 0.95 * h], [0.1 * w, 0.95 * h]]
    assert calibration.advice() == []


def test_a_count_below_the_models_sure_threshold_is_unsure_and_outlines_its_doubtful_places():
    session, empty, reference = photos(4)
    counter = learned_counter.LearnedCounter(learned_counter.calibrate(empty, reference, session.colours))
    sample = synth.scene(session, 17)
    count = counter.count(sample.image)
    assert count.confidence < counter.sure and count.unsure
    assert [d.key for d in count.doubts] == ["doubt.cubes_doubtful", "doubt.unchecked"]
    doubtful = [p for p in count.patches if p.doubtful]
    assert doubtful and count.doubts[0].params == {"n": len(doubtful)}
    assert sum(p.cubes for p in count.patches) == sum(count.counts.values())
    assert annotate(sample.image, count, counter.calibration.roi).shape == sample.image.shape


def test_a_count_the_network_reads_alone_is_never_called_sure():
    """«a count called sure is wrong in at most 1 photo in 200»: the network's own confidence
    does not hold beyond its validation photos, so without the rules to check it the players do."""
    session, empty, reference = photos(4)
    counter = learned_counter.LearnedCounter(learned_counter.calibrate(empty, reference, session.colours))
    counter.sure = 0.0
    count = counter.count(synth.scene(session, 17).image)
    assert [d.key for d in count.doubts] == ["doubt.unchecked"] and count.unsure


def test_a_frame_of_another_size_is_refused():
    session, empty, reference = photos(4)
    counter = learned_counter.LearnedCounter(learned_counter.calibrate(empty, reference, session.colours))
    with pytest.raises(ValueError):
        counter.count(np.zeros((480, 640, 3), np.uint8))


def test_a_learned_calibration_survives_its_file_and_the_rule_based_loader_asks_for_a_new_one(tmp_path):
    session, empty, reference = photos(4)
    calibration = learned_counter.calibrate(empty, reference, session.colours)
    calibration.save(tmp_path / "c.json")
    data = json.loads((tmp_path / "c.json").read_text())
    again = learned_counter.LearnedCalibration.from_json(data, session.colours)
    assert (again.roi, again.tray, again.cube_edge_px) == (calibration.roi, calibration.tray, calibration.cube_edge_px)
    assert np.array_equal(again.empty, calibration.empty)
    with pytest.raises(CalibrationError) as refused:
        Calibration.load(tmp_path / "c.json")
    assert refused.value.key == "calibration.other_version"
    with pytest.raises(CalibrationError) as refused:
        learned_counter.LearnedCalibration.from_json({**data, "model": "gone.onnx"})
    assert refused.value.key == "calibration.other_version"


def test_the_live_source_settles_a_still_tray_with_the_learned_counter():
    """«cubes stopping to a settled reading»: the same stability rule as the rules' counter,
    frames compared at the network's scale against the noise calibration measured."""
    session, empty, reference = photos(4)
    source = CameraTraySource(learned_counter.calibrate(empty, reference, session.colours), annotate_frames=False)
    source.begin_throw(Throw(thrown={c: 10 for c in synth.CUBE_COLOURS}, inside={}))
    sample, frames = throw_coming_to_rest(session, still=6)
    readings = [source.push_frame(image, timestamp=i / 30) for i, image in enumerate(frames)]
    assert not any(r.stable for r in readings[:4])
    assert readings[-1].stable and readings[-1].counts == sample.truth.counts


def test_a_saved_learned_calibration_makes_a_camera_source(tmp_path):
    session, empty, reference = photos(4)
    learned_counter.calibrate(empty, reference, session.colours).save(tmp_path / "c.json")
    source = CameraTraySource.from_file(tmp_path / "c.json", session.colours)
    assert isinstance(source.counter, learned_counter.LearnedCounter)
    with pytest.raises(CalibrationError) as refused:
        CameraTraySource.from_file(tmp_path / "c.json", ["red", "blue"])
    assert refused.value.key == "calibration.other_colours"



def test_reference_tops_read_white_and_the_calibration_says_the_colours_may_be_wrong():
    """A lamp mirrored in the six tops lying flat turns their middles white: the counter still
    calibrates, and tells the table why colours may be named wrongly and what to do."""
    _, empty, reference = photos(4)
    clear = learned_counter.calibrate(empty, reference, synth.CUBE_COLOURS)
    assert "calibration.reference_whitened" not in clear.advice()
    found = learned_calibration.calibrate(learned_counter.MODEL, empty, reference, synth.CUBE_COLOURS, clear.roi,
                                          tray=np.array(clear.tray, np.float32))
    glared = reference.copy()
    for x, y in found.tops.values():
        cv2.circle(glared, (round(x), round(y)), round(0.35 * found.cube_edge_px), (250, 250, 250), -1, cv2.LINE_AA)
    assert "calibration.reference_whitened" in learned_counter.calibrate(empty, glared, synth.CUBE_COLOURS).advice()


def test_two_white_tops_make_colours_doubtful_but_a_white_paint_is_allowed_its_own():
    colours = ["red", "blue", "yellow", "purple", "black", "green"]
    read = np.array([[0.2, 0.2, 0.8], [0.8, 0.4, 0.1], [0.78, 0.95, 0.97], [0.5, 0.2, 0.5], [0.1, 0.1, 0.1], [0.2, 0.6, 0.2]])
    assert not learned_calibration.whitened(read, colours)
    read[0] = [0.9, 0.92, 0.99]
    assert learned_calibration.whitened(read, colours)
    assert not learned_calibration.whitened(read, ["white", *colours[1:]])


def test_a_reference_photo_with_one_colour_forgotten_is_refused_not_read_twice():
    """Lay exactly one cube of each colour: with five, the network can put a second peak on
    one of them, two tops then read one colour, and calibration asks again."""
    session = synth.make_session(2)
    rng = np.random.default_rng(session.seed + 1)
    empty, _ = synth.render(session, [], seed=session.seed + 2)
    cubes = synth.reference_cubes(session, rng)
    reference, _ = synth.render(session, cubes[1:], seed=session.seed + 3)
    with pytest.raises(CalibrationError) as refused:
        learned_counter.calibrate(empty, reference, synth.CUBE_COLOURS)
    assert refused.value.key == "calibration.cubes_unclear"
