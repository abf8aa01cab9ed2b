"""How the learned counter reads a reference cube's colour (``vision.learned_input``): the
colour it compares every counted cube's top with, so a wrong one names every cube of it wrong."""
import json

import numpy as np
import pytest

from vision import learned
from vision.learned_input import look_planes, look_side, network_input, reference_colours, reference_looks

EDGE = 40
RED_BGR = (30, 30, 200)


def _reference(glare: float) -> np.ndarray:
    """One red cube's top, 40 pixels a side, on a grey floor, under a light that mirrors into
    the camera at the top's middle: ``glare`` grey levels added there, less further out."""
    image = np.full((120, 120, 3), 90, np.float32)
    image[40:80, 40:80] = RED_BGR
    yy, xx = np.mgrid[:120, :120]
    image += glare * np.exp(-((yy - 60) ** 2 + (xx - 60) ** 2) / (2 * 8.0**2))[..., None]
    return np.clip(image, 0, 255).astype(np.uint8)


def _from_paint(bgr01: np.ndarray) -> float:
    return float(np.linalg.norm(bgr01 * 255 - RED_BGR))


def test_a_glared_top_is_read_by_its_least_whitened_pixels():
    glared = _reference(200.0)
    centre = reference_colours(glared, [(60, 60)], EDGE)[0]
    least = reference_colours(glared, [(60, 60)], EDGE, "least glare")[0]
    assert _from_paint(least) < 0.6 * _from_paint(centre)


def test_a_top_without_glare_reads_the_same_either_way():
    plain = _reference(0.0)
    centre = reference_colours(plain, [(60, 60)], EDGE)[0]
    least = reference_colours(plain, [(60, 60)], EDGE, "least glare")[0]
    assert np.abs(centre - least).max() < 2 / 255
    assert np.allclose(centre * 255, RED_BGR, atol=1)


def test_an_unknown_way_of_reading_colours_is_refused():
    with pytest.raises(ValueError, match="unknown way"):
        reference_colours(_reference(0.0), [(60, 60)], EDGE, "brightest")


def test_a_model_reads_reference_colours_as_its_manifest_says_and_from_the_top_centre_without_one(tmp_path):
    (tmp_path / "glare.json").write_text(json.dumps({"input": {"cube_px": 16, "reference_colours": "least glare"}}))
    (tmp_path / "old.json").write_text(json.dumps({"input": {"cube_px": 12}}))
    assert learned.model_reference_colours(tmp_path / "glare.onnx") == "least glare"
    assert learned.model_reference_colours(tmp_path / "old.onnx") == "top centre"
    assert learned.model_reference_colours(tmp_path / "none.onnx") == "top centre"


def test_a_reference_cubes_look_is_the_square_of_two_edges_round_its_top_at_the_networks_scale():
    """A glared top reads white while its sides keep the paint: the look keeps the sides."""
    reference = np.full((200, 300, 3), 30, np.uint8)
    reference[90:110, 140:160] = 255  # the top, 20 px a side, white with glare
    reference[110:116, 140:160] = (0, 0, 200)  # its side below, still red
    looks = reference_looks(reference, [(150.0, 100.0)], cube_edge_px=20.0, cube_px=12)
    assert looks.shape == (1, 3, look_side(12), look_side(12)) == (1, 3, 24, 24)
    centre, side, beyond = looks[0, :, 12, 12], looks[0, :, 19, 12], looks[0, :, 1, 1]
    assert centre.min() > 0.95 and side[2] > 0.6 > side[0] and beyond.max() < 0.15


def test_a_look_at_the_frames_edge_repeats_the_edge():
    reference = np.full((100, 100, 3), 80, np.uint8)
    looks = reference_looks(reference, [(2.0, 2.0)], cube_edge_px=20.0, cube_px=12)
    assert np.allclose(looks, 80 / 255, atol=1e-3)


def test_the_looks_ride_in_the_input_after_the_colours_the_last_repeated_into_unused_slots():
    frame = np.zeros((120, 160, 3), np.uint8)
    looks = np.stack([np.full((3, 24, 24), v, np.float32) for v in (0.2, 0.4)])
    x, _ = network_input(frame, frame, np.array([[0.1, 0.1, 0.7], [0.6, 0.2, 0.1]], np.float32), (0, 0, 160, 120), 20.0, 12, looks)
    assert x.shape[1] == 6 + 18 + 18
    slots = x[0, 24:, 0, 0].reshape(-1, 3)[:, 0]
    assert slots.tolist() == pytest.approx([0.2, 0.4, 0.4, 0.4, 0.4, 0.4])
    assert not x[0, 24:, 24:, :].any() and not x[0, 24:, :, 24:].any()


def test_a_look_larger_than_the_input_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        look_planes(np.zeros((6, 3, 40, 40), np.float32), (32, 48))
