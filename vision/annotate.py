"""The picture the battle screen shows: the tray with every counted patch outlined in its colour.

Players trust a count they can check at a glance; outlining each patch with the number of
cubes the counter made of it shows exactly where a disagreement comes from.
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


def annotate(frame: np.ndarray, count: Count, roi: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """A copy of ``frame`` with outlines, per-patch numbers and, when unsure, the reason."""
    out = frame.copy()
    thick = max(2, frame.shape[1] // 500)
    if roi is not None:
        x, y, w, h = roi
        cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (160, 160, 160), 1)
    for patch in count.patches:
        pts = np.round(patch.contour).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [pts], True, (0, 0, 0), thick + 2, cv2.LINE_AA)
        cv2.polylines(out, [pts], True, OUTLINE[patch.colour], thick, cv2.LINE_AA)
        if patch.cubes > 1:
            x, y = pts.reshape(-1, 2).min(axis=0)
            _label(out, str(patch.cubes), (int(x), max(int(y) - 4, 12)), OUTLINE[patch.colour])
    summary = "  ".join(f"{c} {n}" for c, n in count.counts.items() if n)
    _label(out, summary or "tray empty", (10, 28), (255, 255, 255))
    if count.note:
        _label(out, f"unsure: {count.note}", (10, 58), (0, 200, 255))
    return out


def _label(image: np.ndarray, text: str, origin: tuple[int, int], colour: tuple[int, int, int]) -> None:
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.7, colour, 2, cv2.LINE_AA)


def jpeg(image: np.ndarray, quality: int = 80) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("could not encode the annotated image")
    return buf.tobytes()
