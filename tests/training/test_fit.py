"""Telling a model's errors apart cube by cube (training/fit.py): the overfit test's instrument."""
from __future__ import annotations

from training import data, fit
from vision.learned import Cube
from vision.learned_counter import MODEL

EDGE = 20.0


def _cube(colour: str, x: float, y: float, counted: bool = True) -> dict:
    return {"colour": colour, "top": [x, y], "visible": 1.0 if counted else 0.2, "counted": counted}


def test_a_counted_cube_with_no_peak_on_its_top_is_a_miss_told_by_its_colour_and_table():
    errors = fit.compare([_cube("black", 100, 100), _cube("red", 200, 100)], [Cube("red", 203, 98, 0.9)], EDGE, "cloth")
    assert errors.missed == {("black", "cloth"): 1}
    assert errors.exact == 0 and errors.cubes == 2 and not errors.extra


def test_a_peak_further_than_three_quarters_of_an_edge_from_a_top_does_not_find_that_cube():
    errors = fit.compare([_cube("red", 100, 100)], [Cube("red", 100 + 0.8 * EDGE, 100, 0.9)], EDGE, "wood")
    assert errors.missed == {("red", "wood"): 1} and errors.extra == {"beside a cube": 1}


def test_a_cube_found_twice_leaves_one_extra_peak_beside_it():
    errors = fit.compare([_cube("blue", 100, 100)], [Cube("blue", 101, 100, 0.9), Cube("blue", 100, 118, 0.6)], EDGE, "wood")
    assert not errors.missed and errors.extra == {"beside a cube": 1} and errors.exact == 0


def test_two_peaks_on_one_counted_top_are_that_cube_found_twice():
    errors = fit.compare([_cube("blue", 100, 100)], [Cube("blue", 101, 100, 0.9), Cube("blue", 100, 110, 0.6)], EDGE, "wood")
    assert errors.extra == {"a counted cube twice": 1}


def test_a_peak_on_a_cube_hidden_under_another_is_told_apart_from_one_on_bare_floor():
    cubes = [_cube("green", 100, 100), _cube("green", 100, 112, counted=False)]
    found = [Cube("green", 100, 100, 0.9), Cube("green", 100, 113, 0.7), Cube("green", 300, 300, 0.6)]
    assert fit.compare(cubes, found, EDGE, "cloth").extra == {"a cube less than half seen": 1, "apart": 1}


def test_a_peak_on_a_whole_cube_that_does_not_count_lies_on_a_cube_outside_the_tray():
    beside = {"colour": "red", "top": [400, 100], "visible": 1.0, "counted": False}
    assert fit.compare([beside], [Cube("red", 402, 101, 0.9)], EDGE, "wood").extra == {"a cube outside the tray": 1}


def test_a_cube_found_under_another_colour_is_a_wrong_colour_not_a_miss():
    errors = fit.compare([_cube("purple", 100, 100)], [Cube("blue", 100, 100, 0.9)], EDGE, "cloth")
    assert not errors.missed and errors.wrong_colour == 1 and errors.exact == 0
    assert errors.report()["wrong_colour_as"] == {"purple as blue": 1}


def test_a_photo_whose_cubes_are_all_found_once_under_wrong_colours_is_found_but_not_exact():
    errors = fit.compare([_cube("purple", 100, 100), _cube("red", 200, 100)], [Cube("blue", 100, 100, 0.9), Cube("red", 200, 100, 0.9)], EDGE, "cloth")
    assert errors.found_once == 1 and errors.exact == 0


def test_an_extra_peak_means_not_every_cube_was_found_once():
    errors = fit.compare([_cube("red", 100, 100)], [Cube("red", 100, 100, 0.9), Cube("red", 300, 300, 0.6)], EDGE, "cloth")
    assert errors.found_once == 0


def test_every_counted_cube_found_once_in_its_colour_is_an_exact_photo():
    cubes = [_cube("red", 100, 100), _cube("red", 120, 100), _cube("black", 300, 300, counted=False)]
    errors = fit.compare(cubes, [Cube("red", 101, 101, 0.9), Cube("red", 119, 100, 0.8)], EDGE, "wood")
    assert errors.exact == 1 and not errors.missed and not errors.extra and errors.wrong_colour == 0


def test_a_miss_is_told_by_how_the_cube_lay_leaning_on_a_neighbour_or_lying_flat():
    leaning = {**_cube("red", 100, 100), "pose": "leaning"}
    errors = fit.compare([leaning, _cube("blue", 300, 100)], [], EDGE, "wood")
    assert errors.report()["missed_by_pose"] == {"leaning": 1, "unknown": 1}


def test_wrong_colours_are_told_by_the_set_up_they_gather_in():
    total = fit.Errors()
    for setup, named in (("p000007-000038", "red"), ("p000007-000038", "red"), ("p000007-000039", "yellow")):
        total.add(fit.compare([_cube("yellow", 100, 100)], [Cube(named, 100, 100, 0.9)], EDGE, "cloth", setup))
    assert total.report()["wrong_colour_most_in"] == {"p000007-000038": 2}


def test_a_photo_wrong_only_on_a_cube_whose_top_is_half_seen_is_told_apart_as_borderline():
    half = {**_cube("red", 100, 100), "visible": 0.55}
    errors = fit.compare([half, _cube("blue", 300, 100)], [Cube("blue", 300, 100, 0.9)], EDGE, "wood", "p1")
    assert errors.borderline_only == 1 and errors.not_found_where == {"p1": 1}


def test_a_clear_cube_missed_beside_a_borderline_one_is_not_borderline():
    half = {**_cube("red", 100, 100), "visible": 0.55}
    errors = fit.compare([half, _cube("blue", 300, 100)], [], EDGE, "wood", "p1")
    assert errors.borderline_only == 0 and errors.found_once == 0


def test_an_extra_peak_on_a_cube_a_third_seen_is_borderline_and_one_on_bare_floor_is_not():
    third = {**_cube("red", 100, 100, counted=False), "visible": 0.35}
    on_cube = fit.compare([third], [Cube("red", 101, 100, 0.6)], EDGE, "wood")
    on_floor = fit.compare([third], [Cube("red", 400, 300, 0.6)], EDGE, "wood")
    assert on_cube.borderline_only == 1 and on_floor.borderline_only == 0


def test_a_photo_whose_missed_cube_has_a_faint_peak_of_its_own_could_be_counted_by_a_better_decision():
    cubes = [_cube("red", 100, 100), _cube("blue", 200, 100)]
    faint = [Cube("red", 101, 100, 0.9), Cube("blue", 201, 100, 0.2)]
    errors = fit.compare(cubes, faint[:1], EDGE, "wood", peaks=faint)
    assert errors.found_once == 0 and errors.among_peaks == 1


def test_two_cubes_sharing_one_peak_are_not_both_among_the_peaks():
    cubes = [_cube("red", 100, 100), _cube("red", 100 + 0.5 * EDGE, 100)]
    errors = fit.compare(cubes, [], EDGE, "wood", peaks=[Cube("red", 100 + 0.25 * EDGE, 100, 0.9)])
    assert errors.among_peaks == 0


def test_a_cube_threshold_above_every_peak_leaves_every_counted_cube_missed_though_each_has_its_peak(tmp_path):
    path = next(data.write_generator_samples(tmp_path, [8], 1))
    counted = sum(data.load(path).counts.values())
    errors = fit.errors_on(MODEL, [path], cube_at=1.01)
    assert sum(errors.missed.values()) == counted
    assert errors.among_peaks == 1


def test_an_extra_peak_is_told_by_the_colour_it_was_named_a_shadow_beside_a_cube_as_black():
    errors = fit.compare([_cube("red", 100, 100)], [Cube("red", 100, 100, 0.9), Cube("black", 100 + EDGE, 100, 0.6)], EDGE, "wood")
    assert errors.extra_named == {"black": 1}
