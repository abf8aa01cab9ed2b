"""The path-traced renderer (devtools/trays/pathtraced.py): needs the ``render`` extra
(Mitsuba 3), which ./test never installs, so it skips there; run it with
``.venv/bin/pip install -e '.[render]'``."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

pytest.importorskip("mitsuba", reason="Mitsuba 3 is the render extra: pip install -e '.[render]'")

from devtools.trays import labels as lab  # noqa: E402
from devtools.trays import pathtraced  # noqa: E402
from devtools.trays.__main__ import main  # noqa: E402
from devtools.trays.scene import Camera, Cube, Light, Scene, Surface, sample_tray  # noqa: E402


def one_cube_scene() -> Scene:
    """A red cube on a white table seen from above and a little to the side, lit from the side."""
    tray = sample_tray(np.random.default_rng(0))
    position = np.array([0.0, -80.0, 300.0])
    forward = -position / np.linalg.norm(position)
    down = np.cross(forward, [1.0, 0.0, 0.0])
    R = np.stack([np.cross(down, forward), down, forward])
    cam = Camera(position, R, 250.0, 160, 120, -0.05, 0.0)
    red = Cube("red", np.array([10.0, 5.0, 5.0]), np.eye(3), 10.0, (0.6, 0.03, 0.03), 0.2, 0.0, 1, "flat")
    lamp = Light(np.array([-300.0, 0.0, 400.0]), 10.0, 5000.0, 1.0)
    return Scene(1, tray, Surface("white table", (0.7, 0.7, 0.7), 1, 200.0), [red], [lamp], (0.05, 0.05, 0.05), cam)


def test_the_rendered_cube_lies_where_the_labels_put_its_top():
    scene = one_cube_scene()
    image = pathtraced.render(scene, spp=8, seed=1)
    assert image.shape == (120, 160, 3)
    red = (image[..., 0] > 2 * image[..., 1] + 0.02) & (image[..., 0] > 0.05)
    ys, xs = np.nonzero(red)
    x, y = lab.labels(scene)["cubes"][0]["top_centre"]
    assert len(xs) > 30
    assert abs(xs.mean() - x) < 3 and abs(ys.mean() - y) < 4  # the sides pull the blob a little


def test_the_cube_shadow_falls_through_the_clear_floor_away_from_the_lamp():
    scene = one_cube_scene()
    image = pathtraced.render(scene, spp=16, seed=1).mean(-1)
    cam = scene.camera
    beyond, before = cam.project(np.array([[22.0, 5.0, scene.tray.table_z], [-2.0, 5.0, scene.tray.table_z]])).astype(int)
    assert image[beyond[1], beyond[0]] < 0.5 * image[before[1] - 10, before[0] - 10]


def test_the_same_seed_renders_the_same_image_on_one_thread():
    pathtraced.set_threads(1)
    scene = one_cube_scene()
    assert np.array_equal(pathtraced.render(scene, spp=2, seed=3), pathtraced.render(scene, spp=2, seed=3))


def test_the_command_writes_the_same_labelled_samples_for_the_same_seed(tmp_path):
    for run in ("a", "b"):
        assert main(["render", "--out", str(tmp_path / run), "--count", "1", "--seed", "4", "--spp", "1"]) == 0
    (jpg,) = sorted((tmp_path / "a").glob("*.jpg"))
    assert jpg.read_bytes() == (tmp_path / "b" / jpg.name).read_bytes()
    label = json.loads(jpg.with_suffix(".json").read_text())
    assert label["renderer"] == "mitsuba3-volpath" and set(label["counts"]) == {"red", "blue", "yellow", "purple", "black", "green"}
    assert all(set(c) >= {"colour", "top_centre", "visible", "counts"} for c in label["cubes"])


def test_the_sessions_command_writes_an_empty_a_reference_and_throws_the_loader_reads(tmp_path):
    from training import data

    assert main(["sessions", "--out", str(tmp_path), "--count", "1", "--seed", "5", "--throws", "1", "--spp", "4"]) == 0
    (path,) = data.samples_in(tmp_path)
    sample = data.load(path)
    assert sample.empty.shape == sample.reference.shape == sample.image.shape
    assert json.loads((tmp_path / "dataset.json").read_text())["variant"] == pathtraced.variant()
    def smooth(image: np.ndarray) -> np.ndarray:  # the noise of few samples a pixel averaged away
        return cv2.GaussianBlur(image.astype(np.float32), (0, 0), sample.cube_edge_px / 4)

    change = np.abs(smooth(sample.reference) - smooth(sample.empty)).mean(-1)
    for x, y in np.round(sample.reference_tops).astype(int):
        assert change[y, x] > 5 * np.median(change)  # a cube lies there in the reference photo, not in the empty one
