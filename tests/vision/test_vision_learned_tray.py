"""The tray found by the tray finder's network (``vision.learned_tray``). Issue 36: "the tray
found or, failing that, asked for with two taps on the picture". The network was trained on
path-traced photos only; these photos come from the other renderer (``devtools.tray_photos``),
which it never saw."""
import cv2
import numpy as np
import pytest

from devtools import tray_photos as synth
from generated_tables import photos
from vision import learned_counter
from vision.learned_tray import STRIDE, TrayFinder, outline_of


def _true_tray(session: synth.Session) -> np.ndarray:
    return np.vstack([synth.tray_floor(session), synth.tray_floor(session, synth.WALL_H)])


def test_the_outline_is_the_hull_of_the_largest_region_on_the_tray_in_photo_pixels():
    on = np.zeros((40, 60), bool)
    on[10:20, 10:30] = True  # the tray
    on[30:32, 50:52] = True  # a speck elsewhere
    outline = outline_of(on, scale=0.5)  # the photo is twice the input: a cell is 2 * STRIDE photo pixels
    cell = 2 * STRIDE
    assert outline.min(axis=0).tolist() == [10 * cell, 10 * cell]
    assert outline.max(axis=0).tolist() == [30 * cell, 20 * cell]


def test_a_region_too_small_to_be_a_tray_is_no_outline():
    on = np.zeros((40, 60), bool)
    on[5:7, 5:7] = True
    assert outline_of(on, scale=1.0) is None
    assert outline_of(np.zeros((40, 60), bool), scale=1.0) is None


def _holds(found: np.ndarray, tray: np.ndarray) -> tuple[float, float]:
    """How much of the tray the outline holds, and how large it is against the tray."""
    a, b = cv2.convexHull(found.astype(np.float32)), cv2.convexHull(tray.astype(np.float32))
    inter, _ = cv2.intersectConvexConvex(a, b)
    return inter / cv2.contourArea(b), cv2.contourArea(a) / cv2.contourArea(b)


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_the_whole_tray_is_found_on_a_renderer_the_network_never_saw(seed):
    """On the generator's photos the outline runs past the tray onto the table (by a quarter of
    its area, at the median of 60 tables), never off it: no cube in the tray is left out."""
    session, empty, _ = photos(seed)
    found = TrayFinder().outline(empty)
    assert found is not None
    held, size = _holds(found, _true_tray(session))
    assert held > 0.97 and size < 2.0


def test_the_learned_calibration_keeps_the_tray_finders_outline():
    session, empty, reference = photos(4)
    found = learned_counter.calibrate(empty, reference, synth.CUBE_COLOURS)
    assert np.array_equal(np.asarray(found.tray, np.float32), TrayFinder().outline(empty))
