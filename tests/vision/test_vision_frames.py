"""The working view: the tray's crop shrunk to a cube's working size, aligned to the empty tray."""
import cv2
import numpy as np

from vision.frames import _moved, crop


def _smooth_picture(h: int, w: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(cv2.GaussianBlur(rng.uniform(0, 255, (h, w, 3)), (0, 0), 4) * 3 - 255, 0, 255).astype(np.uint8)


def test_each_working_pixel_is_the_mean_of_the_frame_pixels_it_covers_at_a_whole_shrink():
    frame = np.random.default_rng(0).integers(0, 256, (96, 160, 3), dtype=np.uint8)
    view = crop(frame, (16, 8, 128, 80), 0.25)
    blocks = frame[8:88, 16:144].reshape(20, 4, 32, 4, 3).mean(axis=(1, 3))
    assert view.shape == (20, 32, 3)
    assert np.abs(view - blocks).max() <= 1.0  # two halvings, each rounded to a level


def test_a_shrink_by_no_whole_factor_stays_within_a_level_of_the_area_mean():
    """Halving first, exactly, and averaging the rest of the way is the area mean of the frame,
    but for the rounding and the halves' edges: within a level on a picture without sharp edges."""
    frame = _smooth_picture(720, 1280, 1)
    roi = (284, 100, 714, 520)
    view = crop(frame, roi, 0.41)
    x, y, w, h = roi
    area = cv2.resize(frame[y:y + h, x:x + w].astype(np.float32), view.shape[1::-1], interpolation=cv2.INTER_AREA)
    assert np.median(np.abs(view - area)) < 0.5
    assert np.percentile(np.abs(view - area), 99) < 1.5


def test_an_odd_roi_is_shrunk_in_one_step_to_the_same_size():
    frame = _smooth_picture(720, 1280, 2)
    view = crop(frame, (101, 33, 713, 521), 0.41)
    assert view.shape == (round(521 * 0.41), round(713 * 0.41), 3)


def test_a_shaken_frame_is_moved_back_as_a_bilinear_warp_would():
    """Moved by slicing and a 2x2 filter: the same picture as ``cv2.warpAffine`` with the edges
    repeated, to a thousandth of a level, for shifts up to the largest one undone."""
    frame = _smooth_picture(217, 318, 4).astype(np.float32)
    for dx, dy in ((0.3, -0.2), (-1.7, 2.4), (2.9, -2.95)):
        warped = cv2.warpAffine(frame, np.float32([[1, 0, -dx], [0, 1, -dy]]), (318, 217), borderMode=cv2.BORDER_REPLICATE)
        assert np.abs(_moved(frame, dx, dy) - warped).max() < 1e-3
