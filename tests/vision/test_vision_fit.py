"""Fitting whole cubes' silhouettes to a patch (``vision.fit``), on a dev-set table's
calibration and photos rendered with cubes laid just so."""

from devtools import tray_photos as synth
from generated_tables import table
from vision.counter import FIT_MARGIN, Counter
from vision.fit import FLAT_YAWS, LEANING_YAWS, LEANS, _near_kinds

RED = 0


def _table() -> tuple[synth.Session, Counter]:
    """Dev table 2024 (green felt), calibrated once."""
    session, _, _, _, counter = table(2024)
    return session, counter


def _red_patch(*placed: tuple[float, float, float]):
    """The fit of the red patch the counter finds in a photo of red cubes lying flat at
    (x mm, y mm, yaw degrees)."""
    session, counter = _table()
    image, _ = synth.render(session, [synth.lying(session, "red", *cube) for cube in placed], seed=3)
    view = counter.analyse(image)
    return counter.poses.patch(view.colour_masks[RED], counter.lines > 0)


def test_a_lone_flat_cube_is_covered_by_one_cubes_silhouette_not_two():
    fit = _red_patch((5.0, -10.0, 20.0))
    assert fit.cover(1) >= 0.85
    assert fit.cover(1) >= fit.cover(2) + FIT_MARGIN


def test_two_touching_cubes_are_covered_by_two_silhouettes_not_one():
    fit = _red_patch((0.0, 0.0, 0.0), (10.05, 0.0, 0.0))
    assert fit.cover(2) >= 0.85
    assert fit.cover(2) >= fit.cover(1) + FIT_MARGIN


def test_the_same_patch_always_fits_the_same_way():
    """A still tray's frames must not flicker because the fit started elsewhere."""
    assert _red_patch((0.0, 0.0, 0.0), (10.05, 0.0, 30.0)).cover(2) == _red_patch((0.0, 0.0, 0.0), (10.05, 0.0, 30.0)).cover(2)


def test_found_masks_are_wider_than_the_geometric_silhouette_by_the_blur():
    """The drawn silhouettes grow by what the found masks reach past the outline: a couple of
    working pixels, never nothing (then every lone cube would leave a ring uncovered)."""
    assert 0.5 < _table()[1].poses.grow < 4.0


def test_later_rounds_turn_a_cube_only_a_step_from_how_it_lies():
    """After the first round tried every way a cube may lie: a flat cube turns to the next yaw
    either way (9 degrees, round the quarter turn), a leaning one to the next yaw (20 degrees,
    round the full turn) and the next lean (never past the steepest or the flattest)."""
    near = _near_kinds()
    assert near[0] == [0, 1, len(FLAT_YAWS) - 1]
    flat = len(FLAT_YAWS)
    last_yaw = len(LEANING_YAWS) - 1
    assert near[flat] == sorted(flat + y * len(LEANS) + lean for y in (last_yaw, 0, 1) for lean in (0, 1))
