"""Issue 36: "the tray found or, failing that, asked for with two taps on the picture". A
frame drawn round the tray with two taps is the tray; taps that cannot be one are refused
with what to do."""
import dataclasses

import numpy as np
import pytest

from devtools import tray_photos as synth
from generated_tables import photos
from vision.calibration import CalibrationError, calibrate
from vision.counter import Counter

SEED = 9


def _frame_round_the_tray(session: synth.Session, shape: tuple[int, ...]) -> tuple[float, float, float, float]:
    """Where a person taps: the tray's top left as the picture shows it, then its bottom right
    (the floor and the rim, whichever stands further out), as fractions of the picture."""
    rim = synth.tray_floor(session, synth.WALL_H)
    corners = np.vstack([synth.tray_floor(session), rim])
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    h, w = shape[:2]
    return x0 / w, y0 / h, x1 / w, y1 / h


def test_a_tray_marked_with_two_taps_is_the_tray_and_its_throws_count_exactly():
    """Either pair of opposite corners, in either order: here the top right, then the bottom left."""
    session, empty, reference = photos(SEED)
    marks = _frame_round_the_tray(session, empty.shape)
    calibration = calibrate(empty, reference, session.colours, (marks[2], marks[1], marks[0], marks[3]))
    h, w = empty.shape[:2]
    tray = np.array(calibration.tray)
    assert np.allclose(tray.min(axis=0), [marks[0] * w, marks[1] * h]) and np.allclose(tray.max(axis=0), [marks[2] * w, marks[3] * h])
    x, y, rw, rh = calibration.roi
    assert x <= marks[0] * w and y <= marks[1] * h and x + rw >= marks[2] * w and y + rh >= marks[3] * h
    assert calibration.advice() == []
    sample = synth.scene(session, SEED * 1000 + 1)
    assert Counter(calibration).count(sample.image).counts == sample.truth.counts


def test_two_taps_closer_than_a_tenth_of_the_picture_are_refused_as_no_tray():
    session, empty, reference = photos(SEED)
    with pytest.raises(CalibrationError) as refused:
        calibrate(empty, reference, session.colours, (0.40, 0.40, 0.45, 0.80))
    assert refused.value.key == "calibration.marks_too_close"


def test_a_frame_that_cuts_reference_cubes_off_says_they_lie_outside_it():
    """Advice only when it is true: the photos themselves hold the six cubes, so the marks are
    what is wrong, and the refusal says so rather than asking for the cubes again."""
    session, empty, reference = photos(SEED)
    x0, y0, x1, y1 = _frame_round_the_tray(session, empty.shape)
    with pytest.raises(CalibrationError) as refused:
        calibrate(empty, reference, session.colours, (x0, y0, (x0 + x1) / 2, y1))
    assert refused.value.key == "calibration.cubes_outside_marks"


def test_a_tray_whose_outline_was_not_found_is_advised_to_be_marked(sessions):
    calibration = sessions[SEED][3]
    assert calibration.advice() == []
    assert dataclasses.replace(calibration, tray=None).advice() == ["calibration.tray_unseen"]
