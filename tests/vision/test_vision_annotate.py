"""The battle screen's picture: where the counter doubts, the players see it."""
import numpy as np

from devtools import tray_photos as synth
from vision.annotate import UNSURE, annotate
from vision.counter import Count, Patch


def _square(x: float, y: float, side: float = 40.0) -> np.ndarray:
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], float)


def _unsure_pixels(image: np.ndarray) -> np.ndarray:
    return np.all(np.abs(image.astype(int) - UNSURE) <= 40, axis=2)


def _blank() -> np.ndarray:
    return np.full((synth.HEIGHT, synth.WIDTH, 3), 90, np.uint8)


def test_a_doubtful_patch_gets_a_question_mark_beside_it():
    counts = {"red": 2, "blue": 1, "yellow": 0, "purple": 0, "black": 0, "green": 0}
    patches = [Patch("red", 2, 1.5, _square(600, 400), doubtful=True), Patch("blue", 1, 1.0, _square(200, 200))]
    picture = annotate(_blank(), Count(counts, 0.5, patches=patches))
    marked = _unsure_pixels(picture)
    assert marked[370:400, 600:660].any()  # above the red patch, after its number
    assert not marked[170:200, 200:260].any()  # the blue patch is sure


def test_what_no_colour_explains_is_outlined():
    counts = {"red": 0, "blue": 0, "yellow": 0, "purple": 0, "black": 0, "green": 0}
    picture = annotate(_blank(), Count(counts, 0.2, unexplained=[_square(800, 300, 120)]))
    assert _unsure_pixels(picture)[300, 820:900].any()


def test_a_sure_count_shows_no_question_marks():
    counts = {"red": 1, "blue": 0, "yellow": 0, "purple": 0, "black": 0, "green": 0}
    picture = annotate(_blank(), Count(counts, 0.9, patches=[Patch("red", 1, 1.0, _square(600, 400))]))
    assert not _unsure_pixels(picture).any()


def test_the_trays_outline_is_drawn_where_calibration_found_it_not_the_box_worked_on():
    """A cube beyond the drawn outline was not counted: the players see where the camera looked."""
    counts = {"red": 0, "blue": 0, "yellow": 0, "purple": 0, "black": 0, "green": 0}
    tray = [[300, 200], [900, 250], [850, 600], [350, 560]]
    picture = annotate(_blank(), Count(counts, 0.9), roi=(300, 200, 600, 400), tray=tray)
    drawn = np.any(picture != 90, axis=2)
    assert drawn[200:204, 298:302].any() and drawn[598:602, 848:852].any()  # two of the tray's corners
    assert not drawn[596:600, 296:300].any()  # the box's corner, off the tray
