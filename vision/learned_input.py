"""The learned counter's input: the tray's crop at the network's scale, beside the empty tray
and the reference cubes' colours.

Everything the network sees is cut and scaled the way calibration does it: the tray's
bounding box with a margin, shrunk so one cube's edge spans ``cube_px`` pixels. Colours are
named through the reference photo: the network gets the reference cubes' colours in the
order the game lists them and answers in that order, so it never learns that "red" is the
first channel. A network may also read each slot's name as the paint it stands for
(``named_colours``), which travels with the slot, so no channel means a colour either.
"""
from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.kits.tower.colours import PALETTE

MARGIN = 0.03  # of the frame's larger side around the tray outline, as calibration crops
MAX_COLOURS = 6  # the network's colour slots; a game with fewer repeats its last reference colour in the rest


def roi_of(tray: np.ndarray, frame_size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The part of the frame worked on: the tray outline's box with calibration's margin."""
    w, h = frame_size
    margin = MARGIN * max(w, h)
    x0, y0 = np.maximum(tray.min(axis=0) - margin, 0).astype(int)
    x1, y1 = np.minimum(tray.max(axis=0) + margin, [w, h]).astype(int)
    return int(x0), int(y0), int(x1 - x0), int(y1 - y0)


REFERENCE_COLOURS = ("top centre", "least glare")  # ways of reading a reference cube's colour; a model's manifest names its own
GLARE_FREE_SHARE = 0.25  # of a top's pixels, the least whitened, read as its paint under "least glare"


def reference_colours(
    reference: np.ndarray, tops: Sequence[tuple[float, float]], cube_edge_px: float, way: str = "top centre"
) -> np.ndarray:
    """Each reference cube's colour (BGR, 0..1), read from its top face.

    "top centre" is the median over the middle of the top, away from its edges and seams.
    "least glare" reads a wider square (half a top, which a calibration's peak off by an
    eighth of an edge still keeps on the top) and takes the median of the quarter of its pixels
    whose darkest channel is lowest: a glossy cube under a light that mirrors into the camera
    turns its top's middle white, all six at once in a reference photo where they lie flat,
    and that glare adds the same to every channel, so the pixels it touches least show the
    paint."""
    if way not in REFERENCE_COLOURS:
        raise ValueError(f"unknown way of reading reference colours: {way!r}")
    glare = way == "least glare"
    r = max(1, int(round((0.25 if glare else 0.2) * cube_edge_px)))
    out = []
    for x, y in tops:
        xi, yi = int(round(x)), int(round(y))
        patch = reference[max(0, yi - r) : yi + r + 1, max(0, xi - r) : xi + r + 1].reshape(-1, 3).astype(np.float32)
        if glare:
            darkest = patch.min(axis=1)
            patch = patch[darkest <= np.quantile(darkest, GLARE_FREE_SHARE)]
        out.append(np.median(patch, axis=0) / 255.0)
    return np.array(out, np.float32)


def network_input(
    frame: np.ndarray, empty: np.ndarray, colours_bgr: np.ndarray, roi: tuple[int, int, int, int], cube_edge_px: float, cube_px: float,
    named_bgr: np.ndarray | None = None,
) -> tuple[np.ndarray, float]:
    """The network's input tensor (1 x C x H x W, float32) and the scale from frame to input.

    Channels: the throw's crop, the empty tray's crop, then the reference colours as constant
    planes (``MAX_COLOURS`` x 3), all BGR in 0..1; for a network that reads the colours'
    names, their nominal paints (``named_colours``) as as many planes more, slot by slot.
    Width and height are padded to a multiple of 16 (the network's stride) with the crop's
    edge repeated."""
    scale = cube_px / cube_edge_px
    x, y, w, h = roi
    size = (max(16, int(round(w * scale))), max(16, int(round(h * scale))))
    crops = [cv2.resize(img[y : y + h, x : x + w], size, interpolation=cv2.INTER_AREA) for img in (frame, empty)]
    pad_w, pad_h = -size[0] % 16, -size[1] % 16
    planes = [cv2.copyMakeBorder(c, 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE).astype(np.float32) / 255.0 for c in crops]
    stack = np.concatenate(planes, axis=2).transpose(2, 0, 1)
    refs = slot_planes([colours_bgr] + ([] if named_bgr is None else [named_bgr]), stack.shape[1:])
    return np.concatenate([stack, refs])[None].astype(np.float32), scale


def slot_planes(per_slot: Sequence[np.ndarray], shape: tuple[int, int]) -> np.ndarray:
    """Rows of one colour a slot (the reference colours, then the names' paints where
    asked), each group filling all ``MAX_COLOURS`` slots (``slot_colours``), as constant
    planes of ``shape``: what the network reads them from."""
    rows = np.concatenate([slot_colours(group) for group in per_slot])
    return rows.reshape(-1, 1, 1) * np.ones((1, *shape), np.float32)


def named_colours(names: Sequence[str]) -> np.ndarray:
    """What each named colour's paint looks like under white light (the tower kit's palette),
    BGR 0..1: what a name tells a network that reads names, where the reference photo's top
    misleads (a lamp mirrored white in it, a cube seen through the tray's hazy wall)."""
    return np.array([PALETTE[name][::-1] for name in names], np.float32) / 255


def slot_colours(colours_bgr: np.ndarray) -> np.ndarray:
    """The reference colours filling all ``MAX_COLOURS`` slots (the last repeated)."""
    k = len(colours_bgr)
    if not 1 <= k <= MAX_COLOURS:
        raise ValueError(f"the network counts 1 to {MAX_COLOURS} colours, not {k}")
    return np.concatenate([colours_bgr, np.repeat(colours_bgr[-1:], MAX_COLOURS - k, axis=0)]).astype(np.float32)
