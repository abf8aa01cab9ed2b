"""A shadow lies next to what casts it, on the side away from the lamp (vision.shadows)."""
import cv2
import numpy as np

from vision.pixels import CHI2_UNEXPLAINED, Background
from vision.shadows import Shadows, _disc, _widened, learn

LAMP_ON_THE_LEFT = Shadows(reach=(6.0, 0.0), blur=1.0, lit=(0.97, 1.03))


def _floor_with_a_dark_patch(x0: int) -> tuple[Background, np.ndarray]:
    floor = np.full((40, 60, 3), 80.0, np.float32)
    frame = floor.copy()
    frame[15:25, x0 : x0 + 5] *= 0.75  # as dark as a shadow
    return Background.build(floor, 1.0, 0.5), frame


def test_floor_as_dark_as_a_shadow_next_to_a_caster_on_the_far_side_from_the_lamp_is_floor():
    background, frame = _floor_with_a_dark_patch(30)
    caster = np.zeros((40, 60), np.uint8)
    caster[15:25, 20:30] = 1
    _, chi = background.nll(frame, LAMP_ON_THE_LEFT.shade(caster))
    assert (chi[15:25, 30:35] < CHI2_UNEXPLAINED).all()


def test_floor_as_dark_as_a_shadow_where_nothing_casts_one_is_something_lying_there():
    background, frame = _floor_with_a_dark_patch(30)
    caster = np.zeros((40, 60), np.uint8)
    caster[15:25, 45:55] = 1  # on the lamp's far side of the patch: its shadow falls the other way
    _, chi = background.nll(frame, LAMP_ON_THE_LEFT.shade(caster))
    assert (chi[15:25, 30:35] > CHI2_UNEXPLAINED).all()


def test_a_sliver_casts_no_shadow():
    """Where only the dark edges of a black cube show, its top has the colour of a shadow: the
    edges must not explain it away as their own."""
    background, frame = _floor_with_a_dark_patch(30)
    edge = np.zeros((40, 60), np.uint8)
    edge[15:25, 29:30] = 1  # one pixel thin, right beside the dark patch on the lamp's side
    _, chi = background.nll(frame, LAMP_ON_THE_LEFT.shade(edge))
    assert (chi[15:25, 31:35] > CHI2_UNEXPLAINED).all()


def test_the_trays_own_edges_moved_by_shake_are_floor():
    """Shake moves a sharp edge of the tray's own (a rim, a wall's foot) and with it the
    brightness beside it, far more than the lit floor's wander: that is no shadow and no cube."""
    xs = np.arange(60, dtype=np.float32)

    def rim_at(x: float) -> np.ndarray:
        step = 80.0 + 80.0 / (1 + np.exp(-(xs - x) / 0.8))
        return np.repeat(np.repeat(step[None, :, None], 40, axis=0), 3, axis=2).astype(np.float32)

    background = Background.build(rim_at(30.0), 1.0, 0.5)  # half a pixel of shake expected; this edge moved 1.25
    _, chi = background.nll(rim_at(31.25), LAMP_ON_THE_LEFT.shade(np.zeros((40, 60), np.uint8)))
    assert (chi < CHI2_UNEXPLAINED).all()


def test_the_lit_floor_wanders_within_what_calibration_saw():
    background, frame = _floor_with_a_dark_patch(30)
    frame *= 1.02
    _, chi = background.nll(frame, LAMP_ON_THE_LEFT.shade(np.zeros((40, 60), np.uint8)))
    assert (chi[:, :25] < CHI2_UNEXPLAINED).all()


def test_shadows_survive_the_calibration_file():
    assert Shadows.from_json(LAMP_ON_THE_LEFT.to_json()) == LAMP_ON_THE_LEFT


def _reference(shadow: tuple[int, int], ring: int) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """A reference photo's shading: six 22-pixel cubes on lit floor, each with a dark outline
    ``ring`` pixels wide on every side (a lamp overhead) and a shadow ``shadow`` pixels long
    in x and y; the shading's noise is a lit floor's."""
    rng = np.random.default_rng(1)
    shading = (1 + 0.005 * rng.standard_normal((200, 300))).astype(np.float32)
    cubes = []
    for x, y in ((40, 40), (130, 40), (220, 40), (40, 130), (130, 130), (220, 130)):
        mask = np.zeros((200, 300), np.uint8)
        mask[y : y + 22, x : x + 22] = 1
        cubes.append(mask)
        dx, dy = shadow
        shading[y + min(dy, 0) : y + 22 + max(dy, 0), x + min(dx, 0) : x + 22 + max(dx, 0)] = 0.75
        shading[y - ring : y + 22 + ring, x - ring : x + 22 + ring] = np.minimum(shading[y - ring : y + 22 + ring, x - ring : x + 22 + ring], 0.9)
    return shading, cubes, sum(cubes).astype(np.uint8)


def test_under_a_lamp_overhead_the_cubes_dark_outlines_are_no_long_shadow():
    """Each cube ringed alike on every side, wider than a shadow's soft edge: no direction
    covers most of the ring, and the shadow reaches no further than the ring is wide (not the
    longest reach looked for, a cube and a half)."""
    shading, cubes, everything = _reference(shadow=(0, 0), ring=4)
    learned = learn(shading, cubes, everything)
    assert np.hypot(*learned.reach) <= 4


def test_the_reach_follows_the_shadow_away_from_the_lamp():
    shading, cubes, everything = _reference(shadow=(12, 6), ring=1)
    learned = learn(shading, cubes, everything)
    dx, dy = learned.reach
    assert dx > 0 and dy > 0
    assert 12 - 2 * learned.blur <= dx <= 12 and 6 - 2 * learned.blur <= dy <= 6


def test_the_floor_around_the_cubes_is_read_within_the_same_disc_a_dilation_draws():
    """The widening row by row is the disc's own dilation, near the picture's edges too."""
    rng = np.random.default_rng(7)
    for radius in (1, 4, 13, 89):
        mask = (rng.random((90, 130)) < 0.003).astype(np.uint8)
        mask[0, 3] = mask[89, 120] = 1
        assert (_widened(mask, radius) == (cv2.dilate(mask, _disc(radius)) > 0)).all(), radius
