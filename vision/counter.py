"""Counting the cubes in one frame, with a confidence and the reason when it is low.

Each pixel of the working view is labelled empty tray, one of six colours, or unknown
(``vision.pixels``). Foreground pixels whose vertical-edge segment stays in the foreground
are top faces (``vision.geometry``). For every same-colour patch, top area divided by one
cube's top area (from calibration, corrected for perspective) is the number of cubes, and
how far that ratio is from a whole number is how unsure the count is.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.tower.source import CUBE_COLOURS
from vision import frames, geometry
from vision.calibration import RESIDUAL_SHAKE, Calibration, illumination
from vision.pixels import UNKNOWN, Background, ColourModel, classify

UNSURE_RESIDUAL = 0.3  # a patch whose top area is this far from whole cubes is not trusted
UNSURE_UNKNOWN = 0.5  # cubes' worth of unexplained foreground that makes the whole count unsure
MIN_TOP = 0.25  # patches with less top than this are edge debris, not cubes worth annotating
_SQUARE = np.ones((3, 3), np.uint8)


@dataclass
class View:
    """One frame as the counter sees it, in working pixels."""

    image: np.ndarray
    labels: np.ndarray
    colour_masks: list[np.ndarray]
    unknown: np.ndarray
    tops: np.ndarray
    shift: float
    gain: float


@dataclass
class Patch:
    """Touching cubes of one colour and how many the counter makes of them."""

    colour: str
    cubes: int
    estimate: float
    contour: np.ndarray  # frame pixels, N x 2


@dataclass
class Count:
    counts: dict[str, int]
    confidence: float
    note: str | None
    patches: list[Patch] = field(default_factory=list)
    unknown: float = 0.0  # unexplained foreground, in cubes
    shift: float = 0.0  # camera shake undone, working pixels

    @property
    def unsure(self) -> bool:
        return self.note is not None


class Counter:
    """Counts frames from one calibrated camera; build once per session, call ``count`` per frame."""

    def __init__(self, calibration: Calibration):
        self.calibration = calibration
        background = calibration.background.astype(np.float32)
        self.background = Background.build(background, calibration.noise, RESIDUAL_SHAKE)
        self.background_gray = cv2.cvtColor(background, cv2.COLOR_BGR2GRAY)
        self.window = cv2.createHanningWindow(background.shape[1::-1], cv2.CV_32F)
        self.light = illumination(background)
        self.table = ColourModel(calibration.means, calibration.covs).table()
        x, y = calibration.roi[:2]
        quad = None if calibration.tray is None else np.array(calibration.tray, np.float32)
        self.inv_scale = 1 / geometry.scale_map(quad, background.shape[:2], (x, y), calibration.scale)
        rise = geometry.Rise(calibration.rise, calibration.rise_length)
        self.rise_index, self.rise_vectors = geometry.rise_vectors(rise, background.shape[:2])

    def analyse(self, frame: np.ndarray) -> View:
        if frame.shape[1::-1] != tuple(self.calibration.frame_size):
            raise ValueError(f"frame is {frame.shape[1]}x{frame.shape[0]}, calibration was {self.calibration.frame_size}")
        view = frames.crop(frame, self.calibration.roi, self.calibration.scale)
        view, shift = frames.align(view, self.background_gray, self.window)
        view, gain = frames.match_exposure(view, self.background.image)
        labels = classify(view, self.light, self.background, self.table)
        masks = [_clean(labels == c) for c in range(len(CUBE_COLOURS))]
        unknown = cv2.morphologyEx((labels == UNKNOWN).view(np.uint8), cv2.MORPH_OPEN, _SQUARE)
        fg = unknown.copy()
        for m in masks:
            fg |= m
        fg = cv2.morphologyEx(fg, cv2.MORPH_CLOSE, _SQUARE)
        tops = geometry.tops(fg, self.rise_index, self.rise_vectors)
        return View(view, labels, [m > 0 for m in masks], unknown > 0, tops > 0, shift, gain)

    def count(self, frame: np.ndarray) -> Count:
        """The cubes in ``frame`` by colour; ``note`` says why the count should not be trusted."""
        return self.count_view(self.analyse(frame))

    @property
    def cube_pixels(self) -> float:
        """One cube's silhouette in working pixels, middle of the tray."""
        return float(np.median(self.calibration.full_area))

    def count_view(self, view: View) -> Count:
        counts = {c: 0 for c in CUBE_COLOURS}
        patches: list[Patch] = []
        worst = 0.0
        top_weight = np.where(view.tops, self.inv_scale, 0).astype(np.float32)
        for c, colour in enumerate(CUBE_COLOURS):
            mask = view.colour_masks[c].view(np.uint8)
            n, comp = cv2.connectedComponents(mask, connectivity=8)
            if n <= 1:
                continue
            tops = np.bincount(comp.ravel(), weights=top_weight.ravel(), minlength=n)[1:] / self.calibration.top_area[c]
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            by_label = {int(comp[ct[0, 0, 1], ct[0, 0, 0]]): ct for ct in contours}
            for k, estimate in enumerate(tops, start=1):
                cubes = int(round(estimate))
                counts[colour] += cubes
                if estimate >= MIN_TOP:
                    worst = max(worst, abs(estimate - cubes))
                if cubes > 0 and k in by_label:
                    patches.append(Patch(colour, cubes, float(estimate), self._to_frame(by_label[k])))
        unknown = float(self.inv_scale[view.unknown].sum() / self.calibration.full_area.mean())
        confidence = max(0.0, 1 - worst) * max(0.0, 1 - unknown / (2 * UNSURE_UNKNOWN))
        notes = []
        if unknown >= UNSURE_UNKNOWN:
            notes.append("something in the tray is no cube colour (a hand? a die?)")
        if worst >= UNSURE_RESIDUAL:
            notes.append("a patch of cubes does not add up to whole cubes")
        if view.shift > frames.MAX_SHIFT:
            notes.append("the camera has moved since calibration")
        return Count(counts, round(confidence, 3), "; ".join(notes) or None, patches, unknown, view.shift)

    def _to_frame(self, contour: np.ndarray) -> np.ndarray:
        x, y = self.calibration.roi[:2]
        return (contour.reshape(-1, 2) + 0.5) / self.calibration.scale + np.array([x, y]) - 0.5


def _clean(mask: np.ndarray) -> np.ndarray:
    """Drop specks and one-pixel lines of mixed colour at edges, then close the seams and rim
    reflections that cut through a cube."""
    opened = cv2.morphologyEx(mask.view(np.uint8), cv2.MORPH_OPEN, _SQUARE)
    return cv2.morphologyEx(opened, cv2.MORPH_CLOSE, _SQUARE)
