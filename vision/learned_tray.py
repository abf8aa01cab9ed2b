"""The tray's outline found by a small network on the empty tray's photo, for the learned
counter's calibration. The rule-based finders (``vision.geometry``: the walls' long edges, the
rim's bright lines) were made on one renderer's trays; on another renderer's they find no
outline on most set-ups, and without an outline the whole picture is counted, cubes beside the
tray included.

The network sees the photo shrunk to ``SIDE`` pixels along its longer side and answers, for
each cell of ``STRIDE`` pixels, whether the cell shows the tray (its floor, walls or rim: where
a cube in the tray can be seen). The outline is the convex hull of the largest such region:
the tray is convex, and one region of it is what a camera pointed at a tray shows. Training:
``training/train_tray.py``."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

SIDE = 192  # input pixels along the photo's longer side: the whole tray, a few pixels a cube
STRIDE = 2  # input pixels a cell of the answer spans
MULTIPLE = 32  # the input's sides are padded to a multiple of this (five halvings)
GOOD_OVERLAP = 0.9  # intersection over union with the true tray from which an outline is called good
SMALLEST = 0.03  # share of the picture below which a region is no tray a camera was pointed at
MODELS = Path(__file__).resolve().parents[1] / "training" / "models"  # the committed models, each with its manifest
MODEL = MODELS / "trayfinder2.onnx"


def tray_input(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The network's input for a BGR photo (1 x 3 x H x W, 0..1, the right and bottom edges
    repeated to the multiple) and the scale from photo to input pixels."""
    h, w = image.shape[:2]
    scale = SIDE / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    small = cv2.copyMakeBorder(small, 0, -small.shape[0] % MULTIPLE, 0, -small.shape[1] % MULTIPLE, cv2.BORDER_REPLICATE)
    return small.transpose(2, 0, 1)[None].astype(np.float32) / np.float32(255), scale


def outline_of(on_tray: np.ndarray, scale: float) -> np.ndarray | None:
    """The convex hull, in photo pixels, of the largest region of cells on the tray
    (``on_tray``: a boolean map over the photo's own cells, padding cut off); None when that
    region is too small to be a tray."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(on_tray.astype(np.uint8), connectivity=4)
    if count < 2:
        return None
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[largest, cv2.CC_STAT_AREA] < SMALLEST * on_tray.size:
        return None
    region = (labels == largest).astype(np.uint8)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cells = np.vstack([c.reshape(-1, 2) for c in contours]).astype(np.float32)
    corners = np.vstack([cells + d for d in ((0, 0), (1, 0), (0, 1), (1, 1))]).astype(np.float32)  # the cells' outer corners
    return (cv2.convexHull(corners).reshape(-1, 2) * (STRIDE / scale)).astype(np.float32)


def cells_on_tray(logits: np.ndarray, shape: tuple[int, ...], scale: float) -> np.ndarray:
    """The network's answer for a photo of ``shape`` read as cells on the tray, the padding's
    cut off."""
    rows, cols = -(-round(shape[0] * scale) // STRIDE), -(-round(shape[1] * scale) // STRIDE)
    return logits[:rows, :cols] > 0


def overlap(found: np.ndarray | None, tray: np.ndarray) -> float:
    """Intersection over union of a found outline's hull and the true tray's (0 when none was
    found): how training, tests and the bench grade an outline."""
    if found is None:
        return 0.0
    a, b = cv2.convexHull(np.asarray(found, np.float32)), cv2.convexHull(np.asarray(tray, np.float32))
    inter, _ = cv2.intersectConvexConvex(a, b)
    return float(inter / (cv2.contourArea(a) + cv2.contourArea(b) - inter))


class TrayFinder:
    """The network, read once; ``outline`` for each calibration's empty photo."""

    def __init__(self, model: Path = MODEL):
        self.net = cv2.dnn.readNetFromONNX(str(model))

    def on_tray(self, image: np.ndarray) -> tuple[np.ndarray, float]:
        """Per cell of the photo (padding cut off), whether it shows the tray; and the scale."""
        x, scale = tray_input(image)
        self.net.setInput(x)
        return cells_on_tray(self.net.forward()[0, 0], image.shape, scale), scale

    def outline(self, image: np.ndarray) -> np.ndarray | None:
        """The tray's outline in the photo's pixels (N x 2, convex), or None where no region
        large enough is on the tray."""
        return outline_of(*self.on_tray(image))
