"""Deciding when the tray has settled, so the table hears one count and not a flicker.

Cubes bounce and roll for a moment after the throw, and a hand may sweep in to nudge one.
A count is reported as stable only when the tray has stopped changing between frames, nothing
unexplained (a hand) lies in it, and the same counts have held for a few frames spanning a
short time. Doubt about a cluster does not hold the reading back: it settles with its lower
confidence and note, and the table decides whether to ask the players.

A still tray can still flicker: sensor noise tips a cube that shows about half its top, or a
black cube on dark cloth, one way in one frame and the other way in the next. Once a longer
window of frames has all been still, the counts more of them agree on than on any other are
the reading, on a frame that has them; how many agreed goes with it, for the table to ask.
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

import cv2
import numpy as np

from vision.calibration import RESIDUAL_SHAKE
from vision.counter import UNSURE_UNKNOWN, Count
from vision.pixels import CHI2_UNEXPLAINED


def motion(previous: np.ndarray | None, current: np.ndarray, inv2var: np.ndarray, cube_pixels: float) -> float:
    """How many cubes' worth of the tray changed between two consecutive working views.

    A change counts where it exceeds what noise and leftover shake explain at that pixel
    (``inv2var`` is the background's 1/(2 sigma^2); the shake left after aligning each frame
    also moves the cubes' own sharp edges, so their gradient in this frame adds to it) in a
    patch, not a lone pixel or a one-pixel line along an edge.
    """
    if previous is None or previous.shape != current.shape:
        return float("inf")
    d = current - previous
    gx = cv2.Sobel(current, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(current, cv2.CV_32F, 0, 1, ksize=3) / 8
    edge2 = (gx * gx + gy * gy).max(axis=2)
    var2 = 1 / inv2var + 2 * RESIDUAL_SHAKE**2 * edge2  # twice one frame's variance: both frames are noisy and shaken
    chi2 = (d * d).sum(axis=2) / var2
    changed = (chi2 > CHI2_UNEXPLAINED).astype(np.uint8)
    changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return float(np.count_nonzero(changed)) / cube_pixels


@dataclass
class _Seen:
    time: float
    counts: tuple[int, ...]
    settled: bool


class Stabiliser:
    """Holds the last frames' counts and says when they agree on a settled tray."""

    def __init__(self, frames: int = 4, seconds: float = 0.1, still: float = 0.25, window: int = 8):
        self.frames = frames
        self.seconds = seconds
        self.still = still  # cubes' worth of change between frames that still counts as no motion
        self._seen: deque[_Seen] = deque(maxlen=max(frames, window))
        self.agreed = 1.0  # the share of the still window the last stable counts held

    def reset(self) -> None:
        self._seen.clear()

    def update(self, count: Count, moved: float, time: float) -> bool:
        settled = moved <= self.still and count.unknown < UNSURE_UNKNOWN
        self._seen.append(_Seen(time, tuple(count.counts.values()), settled))
        recent = list(self._seen)[-self.frames :]
        last = recent[-1]
        if len(recent) == self.frames and all(s.counts == last.counts and s.settled for s in recent):
            if last.time - recent[0].time >= self.seconds - 1e-3:  # frame times are not exact
                self.agreed = 1.0
                return True
        if len(self._seen) < self._seen.maxlen or not all(s.settled for s in self._seen):
            return False
        tally = Counter(s.counts for s in self._seen).most_common(2)
        (best, held), runner_up = tally[0], tally[1][1] if len(tally) > 1 else 0
        if last.counts != best or held == runner_up:
            return False
        self.agreed = held / len(self._seen)
        return True
