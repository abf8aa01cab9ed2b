"""The generator's truth must be right, or every figure built on it is wrong."""
import numpy as np

from vision import synth


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
