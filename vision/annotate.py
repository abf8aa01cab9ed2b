"""The picture the battle screen shows: the tray with every counted patch outlined in its colour.

Players trust a count they can check at a glance; outlining each patch with the number of
cubes the counter made of it shows exactly where a disagreement comes from. When the counter
doubts, the picture says where: a question mark beside each patch whose faces do not add up
to whole cubes (one it counted as none is outlined too), and an outline around whatever no
cube colour explains (a hand, a die), so the players check one spot, not the whole tray. The
picture carries no words: the screens say the counts and the doubts in each device's language
(and OpenCV's fonts cannot draw Cyrillic), so the corner shows each colour's total as a swatch
and a number, and a question mark when the counter doubts its count.
"""
from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.counter import Count

OUTLINE = {  # BGR, one for each colour of the tower kit's palette
    "red": (40, 40, 230),
    "blue": (230, 120, 30),
    "yellow": (30, 220, 250),
    "purple": (180, 50, 160),
    "black": (255, 255, 255),
    "green": (60, 200, 60),
    "white": (120, 120, 120),
    "orange": (20, 130, 250),
}
SWATCH = {**OUTLINE, "black": (25, 25, 25), "white": (245, 245, 245)}  # black's outline is white and white's grey, to be seen
UNSURE = (0, 200, 255)
READABLE_WIDTH = 640  # frame pixels across at which the marks are drawn at their base size


def annotate(frame: np.ndarray, count: Count, roi: tuple[int, int, int, int] | None = None,
             tray: Sequence[Sequence[float]] | None = None) -> np.ndarray:
    """A copy of ``frame`` with outlines, per-patch numbers, the totals and, when unsure, a "?"
    in the corner and at each place that made it unsure. The tray's outline as calibration
    found or marked it (else the box worked on, ``roi``) is drawn thin, so the players see
    where the camera looked: a cube beyond it was not counted."""
    out = frame.copy()
    size = frame.shape[1] / READABLE_WIDTH  # the battle screen shrinks the picture: marks grow with it
    thick = max(2, round(2 * size))
    if tray is not None:
        hull = [np.round(cv2.convexHull(np.asarray(tray, np.float32))).astype(np.int32)]
        cv2.polylines(out, hull, True, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.polylines(out, hull, True, (235, 235, 235), 1, cv2.LINE_AA)
    elif roi is not None:
        x, y, w, h = roi
        cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (160, 160, 160), 1)
    for patch in count.patches:
        pts = _outline(out, patch.contour, OUTLINE[patch.colour], thick)
        x, y = pts.reshape(-1, 2).min(axis=0)
        at = (int(x), max(int(y) - thick, round(12 * size)))
        if patch.cubes > 1:
            at = _label(out, str(patch.cubes), at, OUTLINE[patch.colour], size)
        if patch.doubtful:
            _label(out, "?", at, UNSURE, size)
    for outline in count.unexplained:
        _outline(out, outline, UNSURE, thick)
    x = round(10 * size)
    for colour, n in count.counts.items():
        if n:
            x = _total(out, colour, n, x, size)
    if not any(count.counts.values()):
        x = _total(out, None, 0, x, size)
    if count.unsure:
        _label(out, "?", (x, round(30 * size)), UNSURE, size)
    return out


def _outline(image: np.ndarray, contour: np.ndarray, colour: tuple[int, int, int], thick: int) -> np.ndarray:
    """A contour drawn in ``colour`` over a black edge, to be seen on any cloth."""
    pts = np.round(contour).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(image, [pts], True, (0, 0, 0), thick + 2, cv2.LINE_AA)
    cv2.polylines(image, [pts], True, colour, thick, cv2.LINE_AA)
    return pts


def _total(image: np.ndarray, colour: str | None, n: int, x: int, size: float) -> int:
    """One colour's total in the top left corner (a swatch and its number); returns where
    the next one starts."""
    top, side = round(12 * size), round(20 * size)
    if colour is not None:
        cv2.rectangle(image, (x, top), (x + side, top + side), (255, 255, 255), -1)
        inset = max(1, round(2 * size))
        cv2.rectangle(image, (x + inset, top + inset), (x + side - inset, top + side - inset), SWATCH[colour], -1)
        x += side + round(6 * size)
    end, _ = _label(image, str(n), (x, top + side - round(2 * size)), (255, 255, 255), size)
    return end + round(12 * size)


def _label(image: np.ndarray, text: str, origin: tuple[int, int], colour: tuple[int, int, int], size: float) -> tuple[int, int]:
    """Draws ``text`` at ``origin``; returns where text following it starts."""
    scale, weight = 0.7 * size, max(2, round(2 * size))
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), weight + 2, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, weight, cv2.LINE_AA)
    (width, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, weight)
    return origin[0] + width + round(2 * size), origin[1]


def jpeg(image: np.ndarray, quality: int = 80) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("could not encode the annotated image")
    return buf.tobytes()
