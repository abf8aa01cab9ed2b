"""Bringing a camera frame to the working view: the tray's crop, at a size where a cube spans
``calibration.TARGET_EDGE`` pixels, aligned to the empty tray and at its exposure.

Shrinking averages sensor noise away and keeps a frame's pixels few; aligning and matching
exposure lets the empty-tray photo stay the background for the whole session even when the
stand wobbles or auto-exposure drifts.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

MAX_SHIFT = 3.0  # working pixels; a larger jump means the camera moved and needs a new calibration
LIGHT_TOP = 2.0  # the floor twice as bright as at calibration is read as twice: far out of the lit floor's range either way
LIGHT_STEPS = 1024  # the light is read in steps of 1/512 of the calibrated light, far finer than the lit floor's range
EXPOSURE_STRIDE = 17  # every 17th pixel says how the exposure changed: thousands of them, a tenth of the time of all


def decode(data: bytes | np.ndarray) -> np.ndarray:
    """A BGR image from encoded bytes (JPEG or PNG, as a browser posts) or an array as is."""
    if isinstance(data, np.ndarray):
        if data.ndim == 2:
            return cv2.cvtColor(data, cv2.COLOR_GRAY2BGR)
        return data
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError("not an image the camera could have sent")
    return image


def crop(image: np.ndarray, roi: tuple[int, int, int, int], scale: float) -> np.ndarray:
    """The roi shrunk by ``scale``, each pixel the mean of the frame's pixels it covers.

    OpenCV averages by a whole factor in a fast path and by any other factor pixel by pixel:
    an even roi is halved first, exactly, while the shrink left is at least two (a fifth of a
    1280x720 frame's time went on the shrink; calibration makes the roi even)."""
    x, y, w, h = roi
    part = image[y : y + h, x : x + w]
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    while part.shape[1] % 2 == 0 and part.shape[0] % 2 == 0 and size[0] * 2 <= part.shape[1] and size[1] * 2 <= part.shape[0]:
        part = cv2.resize(part, (part.shape[1] // 2, part.shape[0] // 2), interpolation=cv2.INTER_AREA)
    return cv2.resize(part, size, interpolation=cv2.INTER_AREA).astype(np.float32)


class EmptyTray:
    """The empty tray's working view, as every frame is compared with it: aligned to it by
    phase correlation, scaled to its exposure, and divided by it to read the light. What
    depends on the empty tray alone (its grey picture, the window, the pixels exposure is read
    on) is worked out once a session, not once a frame."""

    def __init__(self, image: np.ndarray):
        self.gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        self._gray_floor = np.maximum(self.gray, 1.0)
        self._window = cv2.createHanningWindow(image.shape[1::-1], cv2.CV_32F)
        self._exposure = np.maximum(image.reshape(-1, 3)[::EXPOSURE_STRIDE], 1.0)

    def register(self, frame: np.ndarray) -> tuple[np.ndarray, float, float]:
        """The frame aligned to the empty tray and at its exposure; how far it moved, and the gain."""
        frame, shift = self.align(frame)
        frame, gain = self._match_exposure(frame)
        return frame, shift, gain

    def align(self, frame: np.ndarray) -> tuple[np.ndarray, float]:
        """Undo a small camera shake by phase correlation; returns the frame and how far it moved."""
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        # OpenCV 5.0 multiplies its inputs by the window in place when their size needs no padding
        # for the Fourier transform (480 x 270, say): the empty tray would darken with every frame
        (dx, dy), response = cv2.phaseCorrelate(self.gray.copy(), gray, self._window)
        shift = float(np.hypot(dx, dy))
        if response < 0.05 or shift < 0.05 or shift > MAX_SHIFT:
            return frame, shift if response >= 0.05 else 0.0
        return _moved(frame, dx, dy), shift

    def _match_exposure(self, frame: np.ndarray) -> tuple[np.ndarray, float]:
        """Scale each channel so the tray's bulk matches the empty photo (cubes cover less than half)."""
        gain = np.median(frame.reshape(-1, 3)[::EXPOSURE_STRIDE] / self._exposure, axis=0).astype(np.float32)
        gain = np.where(gain > 0, gain, 1.0).astype(np.float32)
        return cv2.transform(frame, np.diag(1 / gain)), float(gain.mean())

    def lighting(self, frame: np.ndarray, floor: np.ndarray, cell: int) -> np.ndarray:
        """How the light on the tray changed since calibration (a player leaning over it, a lamp
        moved), cell by cell: the median of the frame's brightness over the empty tray's, on the
        pixels that look like floor, in cells of about ``cell`` pixels. A cell with less than a
        quarter floor says nothing and takes the other cells' median.

        The medians come from one histogram of all cells at once (``LIGHT_STEPS``): a median per
        cell in a loop would cost a millisecond of every frame."""
        ratio = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) / self._gray_floor
        cells, enough = _cells(*ratio.shape, cell)
        ny, nx = enough.shape
        step = np.minimum((ratio[floor] * (LIGHT_STEPS / LIGHT_TOP)).astype(np.intp), LIGHT_STEPS - 1)
        counts = np.bincount(cells[floor] * LIGHT_STEPS + step, minlength=ny * nx * LIGHT_STEPS).reshape(ny * nx, LIGHT_STEPS)
        grid = np.where(counts.sum(axis=1) >= enough.ravel(), _medians(counts), np.nan)
        grid = grid.reshape(ny, nx).astype(np.float32)
        unread = np.isnan(grid)
        if unread.all():
            return np.ones((ny, nx), np.float32)
        grid[unread] = np.median(grid[~unread])
        return grid


def _moved(frame: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """The frame moved back by (``dx``, ``dy``) pixels (each pixel takes the frame's at its own
    place plus the shift, bilinearly; the edges repeat): the whole pixels by slicing, the
    fraction by a 2x2 filter: the same picture as ``cv2.warpAffine``'s, in less than half its time."""
    whole_x, whole_y = int(np.floor(dx)), int(np.floor(dy))
    fx, fy = dx - whole_x, dy - whole_y
    pad = int(np.ceil(MAX_SHIFT)) + 1
    padded = cv2.copyMakeBorder(frame, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    kernel = np.float32([[(1 - fx) * (1 - fy), fx * (1 - fy)], [(1 - fx) * fy, fx * fy]])
    blended = cv2.filter2D(padded, -1, kernel, anchor=(0, 0), borderType=cv2.BORDER_REPLICATE)
    h, w = frame.shape[:2]
    return np.ascontiguousarray(blended[pad + whole_y : pad + whole_y + h, pad + whole_x : pad + whole_x + w])


@functools.lru_cache(maxsize=8)
def _cells(h: int, w: int, cell: int) -> tuple[np.ndarray, np.ndarray]:
    """For ``lighting``: each pixel's cell, and the floor pixels a cell needs to say anything
    (a quarter of it). The same for every frame of a session, and a fifth of a millisecond;
    read-only, as every frame shares them."""
    ny, nx = max(1, round(h / cell)), max(1, round(w / cell))
    heights, widths = np.diff(np.linspace(0, h, ny + 1).astype(int)), np.diff(np.linspace(0, w, nx + 1).astype(int))
    cells = np.repeat(np.arange(ny), heights)[:, None] * nx + np.repeat(np.arange(nx), widths)
    enough = 0.25 * np.outer(heights, widths)
    cells.flags.writeable = enough.flags.writeable = False
    return cells, enough


def _medians(counts: np.ndarray) -> np.ndarray:
    """Each row's median, read from its histogram over [0, ``LIGHT_TOP``) with the values
    spread evenly within a step."""
    below = np.cumsum(counts, axis=1)
    half = below[:, -1] / 2
    k = (below < half[:, None]).sum(axis=1)  # the step holding the middle value: never past the last
    rows = np.arange(len(counts))
    inside = counts[rows, k]
    return (k + (half - below[rows, k] + inside) / np.maximum(inside, 1)) * (LIGHT_TOP / LIGHT_STEPS)


def relight(frame: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """The frame as lit at calibration: divided by the light ``lighting`` read, smoothed across cells."""
    field = cv2.resize(cells, frame.shape[1::-1], interpolation=cv2.INTER_LINEAR)
    return frame / field[..., None]
