"""The learned counter's own calibration: the network finds the six reference cubes and their
size on the reference photo; the colours are named by the assignment that fits all six."""
from __future__ import annotations

import numpy as np
import pytest

from training import data
from vision import learned_calibration as calibrate
from vision.learned_counter import MODEL
from vision.learned_input import named_colours, roi_of

COLOURS = ["red", "blue", "yellow", "purple", "black", "green"]


@pytest.mark.parametrize("light", [(1.0, 1.0, 1.0), (0.55, 0.8, 1.0), (0.3, 0.3, 0.3)],
                         ids=["white light", "warm light", "dim light"])
def test_each_colour_is_named_by_the_assignment_that_fits_all_six(light):
    """A warm lamp makes every cube yellower and a dim one every cube darker; the six are
    still told apart, because each name is given once."""
    shuffled = [4, 0, 5, 2, 1, 3]
    seen = named_colours([COLOURS[i] for i in shuffled]) * np.array(light, np.float32)
    order = calibrate.name_colours(seen, COLOURS)
    assert [shuffled[i] for i in order] == list(range(6))


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return data.load(next(data.write_generator_samples(tmp_path_factory.mktemp("cal"), [8], 1)))


def test_the_reference_cubes_and_their_size_are_found_by_the_network(sample):
    roi = roi_of(sample.tray, sample.image.shape[1::-1])
    found = calibrate.calibrate(MODEL, sample.empty, sample.reference, sample.colours, roi)
    assert 0.75 < found.cube_edge_px / sample.cube_edge_px < 1.33
    for colour, (x, y) in zip(sample.colours, sample.reference_tops):
        fx, fy = found.tops[colour]
        assert np.hypot(fx - x, fy - y) < 0.5 * sample.cube_edge_px, colour
    assert found.colours_bgr.shape == (6, 3)


def test_a_reference_photo_without_the_cubes_is_refused(sample):
    roi = roi_of(sample.tray, sample.image.shape[1::-1])
    with pytest.raises(calibrate.Refused):
        calibrate.calibrate(MODEL, sample.empty, sample.empty, sample.colours, roi)


def _laid_out(edge: int) -> tuple[np.ndarray, np.ndarray, list[tuple[float, float]]]:
    """A noisy grey table, and the same table with six flat-topped squares of ``edge`` pixels
    (the reference cubes' tops seen from above) in the nominal paints."""
    rng = np.random.default_rng(5)
    empty = np.clip(128 + rng.normal(0, 6, (400, 600, 3)), 0, 255).astype(np.uint8)
    reference = empty.copy()
    tops = [(100.0 + 180 * (i % 3), 120.0 + 160 * (i // 3)) for i in range(6)]
    for (x, y), bgr in zip(tops, named_colours(COLOURS) * 255):
        x0, y0 = int(x) - edge // 2, int(y) - edge // 2
        reference[y0 : y0 + edge, x0 : x0 + edge] = bgr.astype(np.uint8)
    return empty, reference, tops


@pytest.mark.parametrize("edge", [16, 40])
def test_the_cube_size_is_measured_on_the_reference_cubes_top_faces(edge):
    empty, reference, tops = _laid_out(edge)
    face = calibrate.face_edge(reference, empty, tops) * calibrate.FACE_SHARE
    assert edge - 1.5 <= face <= edge  # the square less its border, which the photo's smoothing blurs


def test_faces_no_different_from_the_empty_tray_give_no_size():
    empty, _, tops = _laid_out(30)
    assert calibrate.face_edge(empty, empty, tops) is None


def test_the_cube_size_is_the_geometric_mean_of_the_networks_and_the_faces():
    assert calibrate.cube_edge(16.0, 25.0) == pytest.approx(20.0)


@pytest.mark.parametrize("faces", [None, 9.0, 41.0], ids=["no faces", "a speck", "a face run into the table"])
def test_a_face_size_far_from_the_networks_is_not_believed(faces):
    assert calibrate.cube_edge(20.0, faces) == 20.0
