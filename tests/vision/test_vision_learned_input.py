"""How the learned counter reads a reference cube's colour (``vision.learned_input``): the
colour it compares every counted cube's top with, so a wrong one names every cube of it wrong."""
import json

import numpy as np
import pytest

from vision import learned
from companion.kits.tower.colours import PALETTE
from vision.learned_input import MAX_COLOURS, named_colours, network_input, reference_colours

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


def test_a_colours_name_reads_as_the_tower_kits_paint_of_it_in_bgr():
    assert np.allclose(named_colours(["red", "black"]) * 255, [PALETTE["red"][::-1], PALETTE["black"][::-1]])


def test_the_names_ride_in_the_input_after_the_reference_colours_the_last_repeated_into_unused_slots():
    frame = np.full((120, 160, 3), 90, np.uint8)
    refs = np.array([[0.1, 0.1, 0.7], [0.6, 0.2, 0.1]], np.float32)
    x, _ = network_input(frame, frame, refs, (0, 0, 160, 120), 20.0, 12, named_colours(["red", "blue"]))
    assert x.shape[1] == 6 + 2 * 3 * MAX_COLOURS
    names = x[0, 6 + 3 * MAX_COLOURS :, 5, 7].reshape(-1, 3)
    assert np.allclose(names[0], named_colours(["red"])[0]) and np.allclose(names[1:], named_colours(["blue"])[0])


def test_a_model_reads_names_only_where_its_manifest_says_so(tmp_path):
    (tmp_path / "named.json").write_text(json.dumps({"input": {"cube_px": 14, "colour_names": True}}))
    (tmp_path / "old.json").write_text(json.dumps({"input": {"cube_px": 12}}))
    assert np.allclose(learned.names_for(tmp_path / "named.onnx", ["red", "blue"]), named_colours(["red", "blue"]))
    assert learned.names_for(tmp_path / "old.onnx", ["red", "blue"]) is None
