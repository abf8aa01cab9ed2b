"""Calibration finds the tray, the cube size and the six colours from two photos."""
import cv2
import numpy as np
import pytest

from vision import synth
from vision.calibration import Calibration, CalibrationError, calibrate
from vision.counter import Counter


def test_tray_found_where_the_generator_put_it(sessions):
    for seed, (session, _, _, calibration, _) in sessions.items():
        assert calibration.tray is not None, seed
        outline = session.camera.project(np.vstack([synth._tray_corners(0), synth._tray_corners(synth.WALL_H)]))
        hull = cv2.convexHull(outline.astype(np.float32))
        found = np.array(calibration.tray, np.float32)
        inter, _ = cv2.intersectConvexConvex(hull, found)
        assert inter / cv2.contourArea(hull) > 0.9, seed


def test_reference_counts_one_of_each(sessions):
    for seed, (_, _, reference, _, counter) in sessions.items():
        assert set(counter.count(reference).counts.values()) == {1}, seed


def test_rise_points_down_for_an_oblique_camera_and_vanishes_from_above(sessions):
    oblique, above = sessions[0][3], sessions[4][3]
    assert oblique.rise[1] > 0.9 and oblique.rise_length[0] > 2
    assert above.rise_length[0] < 2


def test_json_round_trip_counts_the_same(sessions, tmp_path):
    session, _, reference, calibration, counter = sessions[1]
    path = tmp_path / "calib.json"
    calibration.save(path)
    again = Counter(Calibration.load(path))
    sample = synth.scene(session, 5, total=8)
    assert again.count(sample.image).counts == counter.count(sample.image).counts


def test_refuses_a_reference_without_six_cubes(sessions):
    session, empty, _, _, _ = sessions[4]
    rng = np.random.default_rng(3)
    five = synth.reference_cubes(session, rng)[:5]
    image, _ = synth.render(session, five, seed=9)
    with pytest.raises(CalibrationError, match="cube"):
        calibrate(empty, image)


def test_refuses_photos_of_different_sizes(sessions):
    _, empty, reference, _, _ = sessions[4]
    with pytest.raises(CalibrationError):
        calibrate(empty, reference[:-10])
