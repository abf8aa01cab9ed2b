"""A second look at the heatmap's peaks: a small network that sees one peak's place alone, at a
finer scale than the heatmap, and says whether a counted cube's top is centred there.

The heatmap network ranks its peaks poorly rather than missing cubes: on path-traced photos it
never learned from, every counted cube has a peak of at least 0.1 in 96% of the photos, yet no
single threshold on the peaks' heights finds every cube once in more than about 70%. Deciding
each peak again from a crop three cube edges wide, at ``EDGE_PX`` pixels an edge (the heatmap
sees 12), with the empty tray's same place beside it and the heatmap's own height as a
hint, is a smaller question asked of a few places a photo. Training:
``training/train_verifier.py``."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

EDGE_PX = 16  # crop pixels one cube edge spans
SIDE = 48  # a crop's side in pixels: a top and the neighbours that can hide or double it
CHANNELS = 7  # the throw (3), the empty tray (3), the heatmap's height at the peak (1)


def scaled_tray(image: np.ndarray, roi: tuple[int, int, int, int], cube_edge_px: float) -> tuple[np.ndarray, float]:
    """The tray's box of a frame at ``EDGE_PX`` pixels an edge (uint8 BGR) and that scale."""
    scale = EDGE_PX / cube_edge_px
    x, y, w, h = roi
    size = (max(1, int(round(w * scale))), max(1, int(round(h * scale))))
    return cv2.resize(image[y : y + h, x : x + w], size, interpolation=cv2.INTER_AREA), scale


def crops(throw: np.ndarray, empty: np.ndarray, points: Sequence[tuple[float, float]]) -> np.ndarray:
    """The ``SIDE``-square crops of the scaled throw and empty tray (``scaled_tray``) centred on
    ``points`` (scaled pixels): N x 6 x SIDE x SIDE uint8, the box's edge repeated beyond it."""
    out = np.empty((len(points), 6, SIDE, SIDE), np.uint8)
    for i, (x, y) in enumerate(points):
        for j, image in enumerate((throw, empty)):
            out[i, 3 * j : 3 * j + 3] = cv2.getRectSubPix(image, (SIDE, SIDE), (float(x), float(y))).transpose(2, 0, 1)
    return out


def verifier_input(crops_u8: np.ndarray, heights: Sequence[float]) -> np.ndarray:
    """The network's input: the crops in 0..1 and each peak's height as a plane of its own."""
    n = len(crops_u8)
    heat = np.broadcast_to(np.asarray(heights, np.float32).reshape(n, 1, 1, 1), (n, 1, SIDE, SIDE))
    return np.concatenate([crops_u8.astype(np.float32) / np.float32(255), heat], axis=1)


class Verifier:
    """One session's second look: the network, and the empty tray at its scale prepared once."""

    def __init__(self, model: str | Path, empty: np.ndarray, roi: tuple[int, int, int, int], cube_edge_px: float):
        self.net = cv2.dnn.readNetFromONNX(str(model))
        self.roi = roi
        self.empty, self.scale = scaled_tray(empty, roi, cube_edge_px)

    def probabilities(self, frame: np.ndarray, peaks: Sequence[tuple[float, float, float]]) -> np.ndarray:
        """For each peak (x, y in frame pixels, its height), the probability that a counted
        cube's top is centred there."""
        if not len(peaks):
            return np.zeros(0, np.float32)
        x0, y0 = self.roi[:2]
        throw = cv2.resize(frame[y0 : y0 + self.roi[3], x0 : x0 + self.roi[2]], self.empty.shape[1::-1], interpolation=cv2.INTER_AREA)
        points = [((x - x0) * self.scale, (y - y0) * self.scale) for x, y, _ in peaks]
        self.net.setInput(verifier_input(crops(throw, self.empty, points), [p for _, _, p in peaks]))
        return 1 / (1 + np.exp(-self.net.forward().reshape(-1)))
