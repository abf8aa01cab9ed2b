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

import cv2
import numpy as np

from vision.counter import Count

OUTLINE = {  # BGR
    "red": (40, 40, 230),
    "blue": (230, 120, 30),
    "yellow": (30, 220, 250),
    "purple": (180, 50, 160),
    "black": (255, 255, 255),
    "green": (60, 200, 60),
}
SWATCH = {**OUTLINE, "black": (25, 25, 25)}  # the outline of black is white, to be seen
UNSURE = (0, 200, 255)


def annotate(frame: np.ndarray, count: Count, roi: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """A copy of ``frame`` with outlines, per-patch numbers, the totals and, when unsure, a "?"
    in the corner and at each place that made it unsure."""
    out = frame.copy()
    thick = max(2, frame.shape[1] // 500)
    if roi is not None:
        x, y, w, h = roi
        cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (160, 160, 160), 1)
    for patch in count.patches:
        pts = np.round(patch.contour).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.polylines(out, [pts], True, OUTLINE[patch.colour], thick, cv2.LINE_AA)
        x, y = pts.reshape(-1, 2).min(axis=0)
        at = (int(x), max(int(y) - 4, 12))
        if patch.cubes > 1:
            at = _label(out, str(patch.cubes), at, OUTLINE[patch.colour])
        if patch.doubtful:
            _label(out, "?", at, UNSURE)
    for outline in count.unexplained:
        pts = np.round(outline).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.polylines(out, [pts], True, UNSURE, thick, cv2.LINE_AA)
    x = 10
    for colour, n in count.counts.items():
        if n:
            x = _total(out, colour, n, x)
    if not any(count.counts.values()):
        x = _total(out, None, 0, x)
    if count.unsure:
        _label(out, "?", (x, 30), UNSURE)
    return out


def _total(image: np.ndarray, colour: str | None, n: int, x: int) -> int:
    """One colour's total in the top left corner (a swatch and its number); returns where
    the next one starts."""
    if colour is not None:
        cv2.rectangle(image, (x, 12), (x + 20, 32), (255, 255, 255), -1)
        cv2.rectangle(image, (x + 2, 14), (x + 18, 30), SWATCH[colour], -1)
        x += 26
    _label(image, str(n), (x, 30), (255, 255, 255))
    return x + 16 * len(str(n)) + 14


def _label(image: np.ndarray, text: str, origin: tuple[int, int], colour: tuple[int, int, int]) -> tuple[int, int]:
    """Draws ``text`` at ``origin``; returns where text following it starts."""
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.7, colour, 2, cv2.LINE_AA)
    (width, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.7, 2)
    return origin[0] + width + 2, origin[1]


def jpeg(image: np.ndarray, quality: int = 80) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("could not encode the annotated image")
    return buf.tobytes()
