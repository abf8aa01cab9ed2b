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


def test_a_cube_resting_tilted_on_another_hides_part_of_its_top():
    session = synth.make_session(2)
    rng = np.random.default_rng(4)
    hidden = []
    for _ in range(20):
        cubes = synth.place_cubes(session, rng, ["red"] * 6, tilt=0.6, cluster=0.2)
        _, truth = synth.render(session, cubes, seed=0)
        bases = {c.resting_on for c in cubes if c.resting_on is not None}
        hidden += [truth.visible[i] for i in bases]
    assert hidden and min(hidden) < 0.9


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
