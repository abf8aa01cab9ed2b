"""The learned counter's committed model and its run-time side, with OpenCV and NumPy
only: the training extra (torch) is never installed by ./test."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import numpy as np
import pytest

from training import data, infer
from vision import learned
from vision.learned_counter import MODEL, MODELS


def test_every_committed_model_matches_the_hash_in_its_manifest():
    manifests = sorted(MODELS.glob("*.json"))
    assert manifests, "no model manifest committed"
    for path in manifests:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        model = MODELS / manifest["onnx"]["file"]
        assert hashlib.sha256(model.read_bytes()).hexdigest() == manifest["onnx"]["sha256"], model.name
        assert model.stat().st_size < 5_000_000
        assert (MODELS.parent / "configs" / f"{manifest['name']}.json").exists()


def test_the_manifest_records_the_config_seed_and_versions_that_made_the_model():
    for path in sorted(MODELS.glob("*.json")):
        manifest = json.loads(path.read_text(encoding="utf-8"))
        config = json.loads((MODELS.parent / "configs" / f"{manifest['name']}.json").read_text(encoding="utf-8"))
        assert manifest["config"] == config
        assert manifest["seed"] == config["seed"]
        assert manifest["versions"]["torch"].startswith("2.13.0")
        assert manifest["data"]["samples_sha256"] and manifest["validation"]["samples_sha256"]


def test_no_committed_model_was_trained_or_validated_on_the_generator_that_judges_it():
    for path in sorted(MODELS.glob("*.json")):
        manifest = json.loads(path.read_text(encoding="utf-8"))
        folders = manifest["data"]["folders"] + manifest["validation"]["folders"]
        assert folders and all(folder["renderer"] == "mitsuba3-volpath" for folder in folders), path.name


def test_the_committed_model_counts_a_generated_photo_with_opencv_alone(tmp_path):
    path = next(data.write_generator_samples(tmp_path, [7], 1))
    sample = data.load(path)
    counter = infer.counter_for(MODEL, sample)
    reading = counter.count(sample.image)
    assert set(reading.counts) == set(sample.colours)
    assert all(isinstance(n, int) and n >= 0 for n in reading.counts.values())
    assert sum(reading.counts.values()) == len(reading.cubes)
    assert 0.0 <= reading.confidence <= 1.0
    x, y, w, h = counter.roi
    assert all(x <= c.x <= x + w + 16 / counter.scale and y <= c.y <= y + h + 16 / counter.scale for c in reading.cubes)


COLOURS = ["red", "blue", "yellow", "purple", "black", "green"]
REFERENCE = np.array([[0.1, 0.1, 0.7], [0.6, 0.2, 0.1], [0.1, 0.7, 0.8], [0.4, 0.1, 0.3], [0.1, 0.1, 0.1], [0.1, 0.5, 0.1]], np.float32)


def _cube(output: np.ndarray, row: int, col: int, height: float, colour: np.ndarray) -> None:
    """A peak of ``height`` at (row, col) naming ``colour`` there."""
    yy, xx = np.mgrid[0 : output.shape[1], 0 : output.shape[2]]
    np.maximum(output[0], height * np.exp(-((yy - row) ** 2 + (xx - col) ** 2) / 2.0), out=output[0])
    output[1:, row, col] = colour


def test_peak_decoding_finds_each_cube_centre_and_its_colour():
    output = np.zeros((4, 30, 40), np.float32)
    _cube(output, 5, 5, 0.95, REFERENCE[0] + 0.02)
    _cube(output, 5, 9, 0.9, REFERENCE[0] - 0.02)  # a touching neighbour: four cells apart, one cube at 16 px
    _cube(output, 20, 30, 0.95, REFERENCE[3])
    _cube(output, 12, 12, 0.3, REFERENCE[5])  # a faint peak: not a cube, but a doubt
    reading = learned.decode(output, COLOURS, REFERENCE, (0.5, 100.0, 50.0))
    assert reading.counts == {"red": 2, "blue": 0, "yellow": 0, "purple": 1, "black": 0, "green": 0}
    purple = next(c for c in reading.cubes if c.colour == "purple")
    assert (purple.x, purple.y) == pytest.approx((100 + 30.5 * 4 / 0.5, 50 + 20.5 * 4 / 0.5))
    assert [c.colour for c in reading.doubtful] == ["green"]
    assert reading.confidence == pytest.approx(0.4)


def test_a_cube_whose_colour_lies_between_two_references_makes_the_count_unsure():
    output = np.zeros((4, 10, 10), np.float32)
    _cube(output, 4, 4, 0.99, (REFERENCE[0] + REFERENCE[3]) / 2)
    reading = learned.decode(output, COLOURS, REFERENCE, (1.0, 0.0, 0.0))
    assert sum(reading.counts.values()) == 1
    assert reading.confidence < 0.05


def test_a_game_with_fewer_colours_names_cubes_only_by_its_own():
    output = np.zeros((4, 10, 10), np.float32)
    _cube(output, 4, 4, 0.9, REFERENCE[1])
    _cube(output, 7, 2, 0.9, REFERENCE[4])  # a colour the game does not have: the nearest of its own
    reading = learned.decode(output, ["red", "blue", "green"], REFERENCE[[0, 1, 5]], (1.0, 0.0, 0.0))
    assert reading.counts["blue"] == 1 and sum(reading.counts.values()) == 2


def _two_peaks(cells_apart: int) -> np.ndarray:
    output = np.zeros((4, 12, 16), np.float32)
    output[0, 5, 5], output[0, 5, 5 + cells_apart] = 0.9, 0.8
    output[1:, 5, 5] = output[1:, 5, 5 + cells_apart] = REFERENCE[0]
    return output


def test_two_peaks_nearer_than_six_tenths_of_an_edge_are_one_cube_seen_twice():
    """At 16 input pixels a cube an edge is four heatmap cells; two cubes' tops lie an edge
    apart, less what the camera's tilt takes."""
    apart = learned.peaks_apart(16)
    assert sum(learned.decode(_two_peaks(2), COLOURS, REFERENCE, (1.0, 0.0, 0.0), apart=apart).counts.values()) == 1
    assert sum(learned.decode(_two_peaks(3), COLOURS, REFERENCE, (1.0, 0.0, 0.0), apart=apart).counts.values()) == 2


def test_at_twelve_pixels_a_cube_a_peak_is_higher_than_its_eight_neighbours():
    apart = learned.peaks_apart(12)
    assert sum(learned.decode(_two_peaks(2), COLOURS, REFERENCE, (1.0, 0.0, 0.0), apart=apart).counts.values()) == 2
    diagonal = np.zeros((4, 12, 16), np.float32)
    diagonal[0, 5, 5], diagonal[0, 6, 6] = 0.9, 0.8
    assert [(r, c) for r, c, _ in learned.peaks(diagonal[0], apart=apart)] == [(5, 5)]


def test_a_cube_lying_beside_the_tray_is_not_counted_nor_doubted():
    """"loose cubes outside the tray": the network sees the tray's box, the outline says which
    peaks lie in the tray."""
    output = np.zeros((4, 30, 40), np.float32)
    _cube(output, 10, 10, 0.95, REFERENCE[0])  # at frame (42, 42): in the tray
    _cube(output, 25, 35, 0.95, REFERENCE[1])  # at frame (142, 102): beside it
    _cube(output, 5, 33, 0.5, REFERENCE[2])  # a doubtful peak beside it too, at (134, 22)
    tray = np.array([[0, 0], [120, 0], [120, 90], [0, 90]], np.float32)
    reading = learned.decode(output, COLOURS, REFERENCE, (1.0, 0.0, 0.0), tray=tray)
    assert reading.counts == {"red": 1, "blue": 0, "yellow": 0, "purple": 0, "black": 0, "green": 0}
    assert reading.doubtful == [] and reading.confidence > 0.8


def test_the_run_time_side_imports_no_torch():
    """The product counts with OpenCV's ``dnn``: torch is the training extra's alone."""
    modules = "vision.learned, vision.learned_calibration, vision.learned_input, training.infer, training.data"
    script = f"import sys, {modules}; print('torch' in sys.modules)"
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=MODELS.parent.parent)
    assert ran.stdout.strip() == "False"


def test_the_sure_threshold_lies_just_above_the_most_confident_wrong_photo():
    assert infer.sure_threshold([(True, 0.9), (False, 0.4), (True, 0.2), (False, 0.1)]) == pytest.approx(0.401)
    assert infer.sure_threshold([(True, 0.9), (True, 0.2)]) == 0.0


def test_a_data_entry_names_the_set_ups_a_run_read_while_renderers_write_on(tmp_path):
    for index in (0, 1, 2, 3):
        (tmp_path / f"p000001-{index:06d}_000.json").write_text("{}")
    (tmp_path / "dataset.json").write_text("{}")
    folder, paths = data.selected({"folder": str(tmp_path), "setups": [1, 3]})
    assert folder == tmp_path and [p.name for p in paths] == ["p000001-000001_000.json", "p000001-000002_000.json"]
    assert len(data.selected(str(tmp_path))[1]) == 4
    every_second = data.selected({"folder": str(tmp_path), "setups": [1, 4, 2]})[1]
    assert [p.name for p in every_second] == ["p000001-000001_000.json", "p000001-000003_000.json"]


def _loose(top: list[float]) -> dict:
    """A photo of a 200 x 100 px tray (floor inside its rim), cubes of 20 px, one cube labelled
    loose outside the tray with its top at ``top``, one counted in the tray."""
    floor = [[110, 110], [290, 110], [290, 190], [110, 190]]
    rim = [[100, 100], [300, 100], [300, 200], [100, 200]]
    return {"tray": floor + rim, "cube_edge_px": 20.0, "cubes": [
        {"colour": "red", "top": [200, 150], "counted": True, "pose": "flat"},
        {"colour": "blue", "top": top, "counted": False, "pose": "outside"}]}


def test_a_loose_cube_labelled_outside_but_lying_in_a_corner_of_the_tray_makes_the_label_doubtful():
    assert data.loose_cube_near_tray(_loose([285, 115]))


def test_a_loose_cube_through_the_trays_wall_makes_the_label_doubtful():
    assert data.loose_cube_near_tray(_loose([305, 150]))


def test_a_loose_cube_clear_of_the_tray_keeps_its_photo():
    assert not data.loose_cube_near_tray(_loose([340, 150]))


def test_a_cube_half_hidden_in_the_tray_is_no_loose_cube():
    photo = _loose([400, 150])
    photo["cubes"].append({"colour": "red", "top": [150, 150], "counted": False, "pose": "cluster"})
    assert not data.loose_cube_near_tray(photo)


def test_a_data_entry_can_leave_out_the_photos_whose_loose_cube_may_lie_in_the_tray(tmp_path):
    (tmp_path / "p000007-000000_000.json").write_text(json.dumps(_loose([285, 115])))
    (tmp_path / "p000007-000000_001.json").write_text(json.dumps(_loose([340, 150])))
    entry = {"folder": str(tmp_path), "setups": [0, 1]}
    assert len(data.selected(entry)[1]) == 2
    kept = data.selected(entry | {"skip": data.SKIP_LOOSE_NEAR_TRAY})[1]
    assert [p.name for p in kept] == ["p000007-000000_001.json"]


def test_a_data_entry_refuses_to_skip_what_it_cannot_tell(tmp_path):
    with pytest.raises(ValueError, match="cannot skip"):
        data.selected({"folder": str(tmp_path), "setups": [0, 1], "skip": "hands"})


def test_a_model_counts_a_cube_from_the_peak_height_its_validation_chose(tmp_path):
    output = np.zeros((4, 10, 10), np.float32)
    _cube(output, 4, 4, 0.4, REFERENCE[2])
    assert sum(learned.decode(output, COLOURS, REFERENCE, (1.0, 0.0, 0.0)).counts.values()) == 0
    reading = learned.decode(output, COLOURS, REFERENCE, (1.0, 0.0, 0.0), cube_at=0.3)
    assert reading.counts["yellow"] == 1
    assert reading.confidence == pytest.approx((0.4 - 0.3) / 0.7, abs=1e-3)
    model = tmp_path / "m.onnx"
    model.with_suffix(".json").write_text(json.dumps({"validation": {"cube_at": 0.3, "sure_confidence": 0.2}}))
    assert learned.cube_threshold(model) == 0.3 and learned.cube_threshold(tmp_path / "none.onnx") == learned.CUBE_AT
