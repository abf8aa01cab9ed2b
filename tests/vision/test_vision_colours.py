"""The camera counts the colours the game's cubes have, handed to it, not a fixed six."""
from __future__ import annotations

import pytest

from devtools import tray_photos as synth
from generated_tables import photos, table
from vision.calibration import Calibration, CalibrationError, calibrate

FOUR = ("red", "blue", "yellow", "green")
WITH_BLACK = ("blue", "black", "yellow", "green")  # black not where Shogun's six have it


def test_a_game_with_four_cube_colours_is_counted_in_those_four():
    session, _, _, calibration, counter = table(1004, FOUR)  # light wood
    assert calibration.colours == FOUR
    for k in range(4):
        sample = synth.scene(session, 100400 + k)
        count = counter.count(sample.image)
        assert count.counts == sample.truth.counts
        assert tuple(count.counts) == FOUR


def test_black_among_a_games_colours_is_treated_apart_wherever_it_stands():
    """On charcoal a black top has the colour of a cube's shadow: the black cube, second of
    this game's colours, is still the one found with its own shadow."""
    session, _, _, calibration, counter = table(1000, WITH_BLACK)  # charcoal
    assert calibration.black == 1 and not calibration.shadows.black_casts
    for k in range(4):
        sample = synth.scene(session, 100000 + k)
        assert counter.count(sample.image).counts == sample.truth.counts


def test_without_black_cubes_nothing_is_treated_as_black():
    calibration, counter = table(1000, FOUR)[3:]
    assert calibration.black is None and calibration.shadows.black_casts
    assert counter.pooled is None and not counter.black_with_shadow


def test_a_calibration_says_which_colours_it_learned(tmp_path):
    path = tmp_path / "calibration.json"
    table(1004, FOUR)[3].save(path)
    assert Calibration.load(path).colours == FOUR
    assert Calibration.load(path, ("green", "yellow", "blue", "red")).colours == FOUR


def test_a_calibration_for_other_colours_is_refused_with_the_games_colours_named(tmp_path):
    path = tmp_path / "calibration.json"
    table(1004, FOUR)[3].save(path)
    with pytest.raises(CalibrationError) as refused:
        Calibration.load(path, synth.CUBE_COLOURS)
    assert refused.value.key == "calibration.other_colours"
    assert "calibrated for other cube colours" in str(refused.value)
    assert "red, blue, yellow, purple, black, green cubes" in str(refused.value)


def test_a_reference_photo_with_more_cubes_than_the_game_has_colours_is_refused():
    _, empty, reference = photos(1004)  # Shogun's six laid out
    with pytest.raises(CalibrationError) as refused:
        calibrate(empty, reference, FOUR)
    assert (refused.value.key, refused.value.params) == ("calibration.too_many", {"wanted": 4})
    assert str(refused.value).startswith("More than four cube-sized changes")


def test_colour_names_outside_the_tower_kits_palette_are_refused():
    _, empty, reference = photos(1004, FOUR)
    with pytest.raises(ValueError, match="no cube colour 'teal'"):
        calibrate(empty, reference, ("red", "blue", "yellow", "teal"))
