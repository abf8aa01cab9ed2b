"""The generator's truth must be right, or every figure built on it is wrong."""
import dataclasses

import cv2
import numpy as np

from devtools import tray_photos as synth


def test_same_seed_same_photo():
    session = synth.make_session(3)
    a = synth.scene(session, 11, total=5)
    b = synth.scene(synth.make_session(3), 11, total=5)
    assert np.array_equal(a.image, b.image)
    assert a.truth.counts == b.truth.counts


def test_flat_cubes_all_count_and_sum_to_what_was_placed():
    session = synth.make_session(5)
    rng = np.random.default_rng(1)
    colours = ["red", "red", "blue", "green", "black", "yellow", "purple", "green"]
    cubes = synth.place_cubes(session, rng, colours, tilt=0.0)
    image, truth = synth.render(session, cubes, seed=2)
    assert image.shape == (synth.HEIGHT, synth.WIDTH, 3)
    assert sum(truth.counts.values()) == len(cubes)
    assert all(v > 0.9 for v in truth.visible)


def test_a_cube_resting_tilted_on_another_stands_on_the_cloth_and_leans_on_its_side():
    """Issue 4: "a cube resting tilted on another". Cubes of one size rest tilted only this way:
    one edge on the cloth, the cube propped on its base's side, neither passing into the other."""
    session = synth.make_session(2)
    rng = np.random.default_rng(4)
    leaning = []
    for _ in range(10):
        cubes = synth.place_cubes(session, rng, ["red"] * 6, tilt=0.6, cluster=0.2)
        leaning += [(c, cubes[c.resting_on]) for c in cubes if c.resting_on is not None]
    assert leaning
    along = np.linspace(0, 1, 101)[:, None]
    for cube, base in leaning:
        verts = cube.vertices()
        rim = np.concatenate([verts[a] + (verts[b] - verts[a]) * along for a in range(8) for b in range(8) if a < b and np.isclose(np.linalg.norm(verts[a] - verts[b]), cube.size)])
        assert abs(verts[:, 2].min()) < 1e-9
        assert np.cos(np.radians(42)) <= cube.rotation[2].max() <= np.cos(np.radians(12))  # the top face's tilt
        gap = np.abs((rim - base.centre) @ base.rotation).max(axis=1) / (base.size / 2) - 1  # 0 on the base's surface, below 0 inside it
        assert abs(gap.min()) < 0.01  # touching, to within the generator's sampling of the rim


def test_a_cube_leaning_on_the_trays_wall_stands_on_the_cloth_and_touches_the_wall_below_its_rim():
    """A cube that slid against a wall can stay tilted there: one edge on the cloth, its top
    edge on the wall's inside, within the tray and lower than the wall."""
    session = synth.make_session(2)
    rng = np.random.default_rng(4)
    leaning = []
    for _ in range(20):
        leaning += [c for c in synth.place_cubes(session, rng, ["blue"] * 6) if c.on_wall]
    assert leaning
    inner = np.array([synth.TRAY_W, synth.TRAY_D]) / 2
    for cube in leaning:
        verts = cube.vertices()
        assert abs(verts[:, 2].min()) < 1e-9 and verts[:, 2].max() < synth.WALL_H
        assert np.cos(np.radians(42)) <= cube.rotation[2].max() <= np.cos(np.radians(12))
        reach = np.abs(verts[:, :2]).max(axis=0) - inner  # 0 on a wall's inside, below 0 short of it
        assert reach.max() <= 0 and abs(reach.max() + synth.WALL_TOUCH) < 1e-6


def test_a_hand_is_in_the_truth_and_hides_cubes():
    session = synth.make_session(6)
    sample = synth.scene(session, 3, total=20, hand=True)
    assert sample.truth.hand
    assert sum(sample.truth.counts.values()) <= 20


def test_reference_has_one_cube_of_each_colour_apart():
    session = synth.make_session(8)
    cubes = synth.reference_cubes(session, np.random.default_rng(0))
    assert sorted(c.colour for c in cubes) == sorted(synth.CUBE_COLOURS)
    centres = np.array([c.centre[:2] for c in cubes])
    gaps = np.linalg.norm(centres[:, None] - centres[None], axis=2) + np.eye(6) * 1e9
    assert gaps.min() > 2 * synth.CUBE


def _lit_from(session: synth.Session, azimuth: float, elevation: float = 50.0) -> synth.Session:
    """The session with its lamp moved (degrees), so a test can put a cube between it and another."""
    a, e = np.radians(azimuth), np.radians(elevation)
    return dataclasses.replace(session, light_dir=np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)]))


def _mean_inside(image: np.ndarray, session: synth.Session, corners: np.ndarray, hidden_by: tuple[synth.Cube, ...] = ()) -> float:
    """Mean pixel value over a flat patch of a face (its 3D corners in order), less its rim and
    whatever ``hidden_by`` covers in the photo."""
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(session.camera.project(corners)).astype(np.int32), 1)
    for cube in hidden_by:
        hull = cv2.convexHull(session.camera.project(cube.vertices()).astype(np.float32))
        cv2.fillConvexPoly(mask, np.round(hull).astype(np.int32), 0)
    mask = cv2.erode(mask, np.ones((3, 3), np.uint8))
    assert mask.sum() > 30
    return float(image[mask > 0].mean())


def test_a_leaning_cube_shades_the_top_of_a_cube_beside_it_away_from_the_lamp():
    """A cube leaning on another stands up to 1.4 cube heights: its shadow falls on the tops of
    its flat neighbours, as on a real tray; the strip of the neighbour's top under it darkens."""
    session = _lit_from(synth.make_session(4), azimuth=90)  # lamp towards +y
    base = synth.lying(session, "yellow", 0, 0)
    leaning = synth._leaning(session, np.random.default_rng(11), "red", base, 0)  # leans towards +x
    verts = leaning.vertices()
    peak, near_y = verts[np.argmax(verts[:, 2])], verts[:, 1].min()
    assert peak[2] > 1.35 * synth.CUBE
    neighbour = synth.lying(session, "yellow", peak[0], near_y - 0.5 - synth.CUBE / 2)  # beside it, towards -y
    x0, x1, y0, y1 = peak[0] - 1.5, peak[0] + 1.5, near_y - 1.5, near_y - 0.6  # under its peak
    strip = np.array([[x0, y0, synth.CUBE], [x1, y0, synth.CUBE], [x1, y1, synth.CUBE], [x0, y1, synth.CUBE]])
    beside, _ = synth.render(session, [base, leaning, neighbour], seed=1)
    alone, _ = synth.render(session, [neighbour], seed=1)
    assert _mean_inside(beside, session, strip, (leaning,)) < 0.85 * _mean_inside(alone, session, strip, (leaning,))


def test_a_cluster_neighbour_in_the_lamps_way_shades_a_cubes_side_face():
    """Touching cubes stand in each other's light: the exposed part of a side face next to a
    neighbour that stands between it and the lamp keeps only the ambient light."""
    session = _lit_from(synth.make_session(9), azimuth=-45)  # camera towards -y, lamp towards +x -y
    cube = synth.lying(session, "yellow", 0, 0)
    neighbour = synth.lying(session, "yellow", 5, -10.5)  # touching its -y face, half of which it leaves open
    patch = np.array([[-3, -5, 4.5], [-0.5, -5, 4.5], [-0.5, -5, 0.5], [-3, -5, 0.5]])
    together, _ = synth.render(session, [cube, neighbour], seed=1)
    alone, _ = synth.render(session, [cube], seed=1)
    assert _mean_inside(together, session, patch, (neighbour,)) < 0.85 * _mean_inside(alone, session, patch)


def _deep_in_hand_shadow(session: synth.Session, seed: int) -> np.ndarray:
    """The floor point inside the tray furthest into the part of the hand's shadow that the
    hand itself leaves uncovered, found from photos of the empty tray with and without it."""
    with_hand, _ = synth.render(session, [], seed=seed, hand=True)
    without, _ = synth.render(session, [], seed=seed)
    blur = [cv2.GaussianBlur(im.sum(axis=2).astype(np.float32), (0, 0), 3) for im in (with_hand, without)]
    hand = synth._hand_mask(np.random.default_rng(seed))  # render draws the hand first from its seed
    tray = np.zeros(hand.shape, np.uint8)
    cv2.fillConvexPoly(tray, np.round(session.camera.project(synth._tray_corners(0))).astype(np.int32), 1)
    shade = ((blur[0] < 0.9 * blur[1]) & (hand < 0.01) & (tray > 0)).astype(np.uint8)
    depth = cv2.distanceTransform(shade, cv2.DIST_L2, 5)
    y, x = np.unravel_index(np.argmax(depth), depth.shape)
    assert depth[y, x] > 40
    camera = session.camera
    ray = camera.R.T @ np.linalg.solve(camera.K, np.array([x, y, 1.0]))
    return camera.position - ray * (camera.position[2] / ray[2])


def test_a_cube_in_the_hands_shadow_is_darker_than_without_the_hand():
    """The hand's shadow falls on the cubes under it as on the cloth, not around them."""
    session = _lit_from(synth.make_session(4), azimuth=30)
    point = _deep_in_hand_shadow(session, seed=1)
    cube = synth.lying(session, "yellow", point[0], point[1])
    top = (cube.vertices()[[4, 5, 7, 6]] - cube.centre) * [0.6, 0.6, 1] + cube.centre  # its middle, where the floor darkened
    shaded, truth = synth.render(session, [cube], seed=1, hand=True)
    lit, _ = synth.render(session, [cube], seed=1)
    assert truth.visible[0] > 0.9  # under the shadow, not under the hand
    assert _mean_inside(shaded, session, top) < 0.93 * _mean_inside(lit, session, top)
