"""The tray finder's training (training/train_tray.py): its targets must lie where the tray
lies in the picture after every turn, zoom, shift and mirror. Needs the train extra (torch),
which ./test never installs, so it skips there."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

pytest.importorskip("torch", reason="torch is the train extra: pip install -e '.[train]'")

from training import train_tray  # noqa: E402
from vision.learned_tray import STRIDE, overlap  # noqa: E402

CONFIG = json.loads((Path(__file__).resolve().parents[2] / "training" / "configs" / "trayfinder2.json").read_text())


def _bright_tray(rng: np.random.Generator) -> train_tray.Photo:
    """A dark picture with a bright quadrilateral: the tray, and where its outline says."""
    image = np.full((288, 384, 3), 30, np.uint8)
    centre = rng.uniform([120, 90], [264, 198])
    quad = (centre + rng.uniform([-100, -70], [-40, -30]) * [[1, 1], [-1, 1], [-1, -1], [1, -1]]).astype(np.float32)
    cv2.fillConvexPoly(image, np.round(quad).astype(np.int32), (220, 220, 220))
    return train_tray.Photo(image, quad)


def test_the_target_covers_the_tray_after_every_augmentation():
    rng = np.random.default_rng(3)
    for _ in range(20):
        x, (target,) = train_tray.augment(_bright_tray(rng), CONFIG, rng)
        brightness = cv2.resize(x.mean(axis=0), target.shape[::-1], interpolation=cv2.INTER_AREA)
        inside = target.astype(bool)
        edge = cv2.dilate(target, np.ones((3, 3))) != cv2.erode(target, np.ones((3, 3)))
        assert brightness[inside & ~edge].min() > brightness[~inside & ~edge].max()


def test_the_mask_is_drawn_on_cells_of_stride_pixels():
    mask = train_tray.tray_mask(np.array([[0, 0], [40, 0], [40, 20], [0, 20]], np.float32), (30, 30))
    assert mask.sum() == pytest.approx((40 / STRIDE) * (20 / STRIDE), rel=0.02)


def test_an_outline_found_where_the_tray_lies_overlaps_it_wholly_and_none_found_not_at_all():
    quad = np.array([[10, 10], [50, 10], [50, 40], [10, 40]], np.float32)
    assert overlap(quad, quad) == pytest.approx(1.0)
    assert overlap(None, quad) == 0.0
