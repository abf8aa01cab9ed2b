"""The simulated camera of the path-traced tray photos (devtools/trays/camera.py)."""
from __future__ import annotations

import numpy as np
import pytest

from devtools.trays import camera
from devtools.trays.scene import Camera


def smooth_image(h: int = 96, w: int = 128) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w] / 30.0
    return np.stack([0.5 + 0.3 * np.sin(xx), 0.5 + 0.3 * np.cos(yy), 0.5 + 0.2 * np.sin(xx + yy)], -1).astype(np.float32)


def test_a_flat_grey_patch_keeps_its_mean_through_the_pipeline_within_noise():
    grey = np.full((96, 128, 3), 0.18, np.float32)
    rgb, jpeg = camera.develop(grey, camera.neutral_pipeline(), np.random.default_rng(1))
    expected = 255 * 0.18 ** (1 / 2.2)
    assert rgb.mean() == pytest.approx(expected, abs=1.0)
    assert camera.decode_jpeg(jpeg).mean() == pytest.approx(expected, abs=1.5)
    assert 0.2 < rgb.std() < 4  # the sensor's noise is there, and small


def test_any_sampled_camera_keeps_a_grey_patch_grey():
    rng = np.random.default_rng(2)
    for _ in range(10):
        rgb, _ = camera.develop(np.full((64, 64, 3), 0.2, np.float32), camera.sample_pipeline(rng), rng)
        centre = rgb[16:48, 16:48].reshape(-1, 3).mean(0)
        assert np.ptp(centre) < 12, centre


@pytest.mark.parametrize("pattern", sorted(camera.DEMOSAIC))
@pytest.mark.parametrize("method", [0, 1, 2])
def test_mosaic_then_demosaic_gives_back_a_smooth_image(pattern, method):
    image = smooth_image()
    raw = np.round(camera.mosaic(image, pattern) * camera.WHITE_LEVEL).astype(np.uint16)
    back = camera.demosaic(raw, pattern, method).astype(np.float32) / camera.WHITE_LEVEL
    assert np.abs(back - image)[4:-4, 4:-4].mean() < 0.005


def test_a_mosaic_keeps_one_colour_a_pixel_in_the_named_places():
    image = np.zeros((4, 4, 3), np.float32)
    image[..., 0], image[..., 1], image[..., 2] = 1, 2, 3
    assert camera.mosaic(image, "RGGB")[:2, :2].tolist() == [[1, 2], [2, 3]]
    assert camera.mosaic(image, "GBRG")[:2, :2].tolist() == [[2, 3], [1, 2]]


def test_jpeg_420_leaves_a_colour_halo_on_a_sharp_colour_edge():
    image = np.zeros((64, 64, 3), np.uint8)
    image[:, :33] = (200, 30, 30)
    image[:, 33:] = (30, 160, 200)
    halo = {}
    for sub in ("420", "444"):
        back = camera.decode_jpeg(camera.encode_jpeg(image, 95, sub)).astype(int)
        halo[sub] = np.abs(back[:, 31:35] - image[:, 31:35]).max()
        assert np.abs(back[:, 4:24] - image[:, 4:24]).max() <= 6  # away from the edge, colours stay
    assert halo["420"] >= 25
    assert halo["420"] > 2 * halo["444"]


def test_lens_distortion_moves_pixels_where_the_camera_projects_points():
    cam = Camera(np.zeros(3), np.eye(3), 300.0, 160, 120, -0.2, 0.0)
    ideal = np.zeros((140, 180, 3), np.float32)  # wider than the frame, as rendered
    point = np.array([[60.0, 40.0, 300.0]])
    ux, uy = cam.project(point, distorted=False)[0] + [10, 10]
    ideal[int(uy) - 1 : int(uy) + 2, int(ux) - 1 : int(ux) + 2] = 1
    out = camera.distort(ideal, cam)
    ys, xs = np.nonzero(out[..., 0] > 0.2)
    dx, dy = cam.project(point)[0]
    assert abs(xs.mean() + 0.5 - dx) < 1 and abs(ys.mean() + 0.5 - dy) < 1
    assert dx < ux - 10  # barrel distortion pulls it toward the centre


def test_the_same_generator_develops_the_same_jpeg():
    image = smooth_image()
    p = camera.sample_pipeline(np.random.default_rng(3))
    first = camera.develop(image, p, np.random.default_rng(4))[1]
    assert camera.develop(image, p, np.random.default_rng(4))[1] == first


def test_a_grey_card_under_a_warm_lamp_comes_out_grey_when_the_white_balance_knows_the_lamp():
    from devtools.trays.scene import kelvin_to_rgb

    lamp = kelvin_to_rgb(2700)
    lit = np.full((64, 64, 3), 0.2, np.float32) * lamp.astype(np.float32)
    warm, _ = camera.develop(lit, camera.neutral_pipeline(), np.random.default_rng(5), lamp)
    balanced, _ = camera.develop(lit, camera.neutral_pipeline(white_balance=1.0), np.random.default_rng(5), lamp)
    assert np.ptp(warm.reshape(-1, 3).mean(0)) > 40  # left alone, the bulb's colour shows
    assert np.ptp(balanced.reshape(-1, 3).mean(0)) < 2
