"""The learned counter's own calibration: the cube size and the six reference colours, found
by the network itself on the reference photo, so that nothing but the tray's outline (found,
or two taps) comes from elsewhere.

The rule-based calibration (``vision.calibration``) looks for cube-sized changes between the
empty and reference photos; on the path tracer's noisy, shadowed photos it refused five set-ups
of six where a person sees the six cubes at once. Here the network that counts the throws
finds them: its heatmap is asked at a few cube sizes (its training varied the size by a
quarter either way, so steps of a quarter leave no gap), the size kept is the one at which
exactly six peaks stand out most clearly, and each peak's top colour is read from the photo.
The colours are then named by the one assignment of the six names that fits best as a whole
(lightness order and hue, the photo's overall cast taken out), so a warm light that makes
every colour yellower cannot name two cubes alike.

The size the network prefers is a coarse one: it was trained to find cubes a quarter larger or
smaller than its scale, so six peaks stand out almost as clearly at several sizes, and on
path-traced set-ups it was kept up to 1.75 times too large. The six top faces are therefore
also measured in the photo (``face_edge``: the pixels round each top that have its colour and
differ from the empty tray), and the size used is the geometric mean of the two estimates,
whose errors come from unrelated places (``cube_edge``: the network's alone where the faces
cannot be measured or measure something else).

Refused, with the reason, when no size shows six clear peaks.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from companion.kits.tower.colours import PALETTE
from vision import learned
from vision.learned_input import named_colours, network_input, reference_colours

STEP = 1.25  # between the cube sizes tried (the network was trained on sizes 0.8x to 1.25x)
CLEAR = 0.5  # the sixth peak must reach this probability, the seventh stay below it
LIGHTNESS = 50  # the six lightnesses spread over this many Lab units: hue weighs more than light, which shade varies
APART = 0.6  # cube edges: two peaks closer than this are one cube
FACE_COLOUR = 24  # grey levels (any channel) from a top's own colour that are still that face
FACE_CHANGED = 15  # grey levels (any channel) from the empty tray from which a pixel shows something laid there
FACE_SHARE = 0.88  # the square root of a face's measured pixels, in cube edges: rounded edges, the camera's tilt and noise take the rest
FACES_NEEDED = 3  # of the reference cubes' faces measured, for the photo's size to count
WHITENED = 0.75  # a top whose darkest channel reads this high (0..1) has lost its colour to the light
WHITENED_TOPS = 2  # how many such painted tops make the colours doubtful
SAME_COLOUR = 12  # grey levels (every channel) within which two tops read one colour
LIGHT_PAINT = 150  # a paint whose darkest sRGB channel reaches this is light itself (white)
FACE_TRUST = 2.0  # the faces' size is believed within this factor of the network's (0.59 to 1.36 on path-traced set-ups)


class Refused(Exception):
    """The reference photo does not show the cubes clearly to the network; ``whitened``: the
    tops it does see read almost white, which is then why."""

    def __init__(self, message: str, whitened: bool = False):
        super().__init__(message)
        self.whitened = whitened


def whitened(colours_bgr: np.ndarray, colours: Sequence[str]) -> bool:
    """Whether the reference photo lost the cubes' colours to the light: on a dark cloth the
    camera brightens the whole picture, or a lamp mirrors in the tops, and two or more painted
    tops come out almost white (one more for each colour whose paint is itself light). On seed
    7's 120 path-traced set-ups the six where that happened are among those whose cubes
    ``lean32more``, which never saw seed 7, names wrongly most often (7 to 118 cubes in ten
    photos, against about 5 elsewhere); a yellow top alone reads that light in several
    set-ups without harm."""
    darkest = np.asarray(colours_bgr, np.float32).reshape(-1, 3).min(axis=1)
    light = sum(min(PALETTE.get(c, (0, 0, 0))) >= LIGHT_PAINT for c in colours)
    return int((darkest >= WHITENED).sum()) >= WHITENED_TOPS + light


@dataclass
class Calibration:
    cube_edge_px: float
    tops: dict[str, tuple[float, float]]  # each colour's reference cube top centre, frame pixels
    colours_bgr: np.ndarray  # in the order of the colours asked, 0..1
    margin: float  # the sixth peak's probability less the seventh's at the size kept


def _heat(net: cv2.dnn.Net, reference: np.ndarray, empty: np.ndarray, refs: np.ndarray,
          roi: tuple[int, int, int, int], edge: float, cube_px: float, hull: np.ndarray | None,
          named: np.ndarray | None = None) -> tuple[list, float]:
    """The peaks of the network's heatmap on the reference photo at this cube size, highest
    first, one a cube: a weaker peak within ``APART`` of a cube's edge of a stronger one is
    the same cube seen twice, and none lies in the padding beyond the tray's box or outside
    the tray's outline (``hull``) where that is known. ``named``: the colours' nominal paints,
    for a network that reads names (``vision.learned.names_for``)."""
    tensor, scale = network_input(reference, empty, refs, roi, edge, cube_px, named)
    net.setInput(tensor)
    output = net.forward()[0]
    near = APART * cube_px / learned.STRIDE
    rows, cols = roi[3] * scale / learned.STRIDE, roi[2] * scale / learned.STRIDE  # beyond: the padding
    kept: list[tuple[int, int, float]] = []
    for r, c, p in learned.peaks(1 / (1 + np.exp(-output[0]))):
        if r >= rows or c >= cols or any(np.hypot(r - r2, c - c2) < near for r2, c2, _ in kept):
            continue
        (x, y), = _tops([(r, c, p)], scale, roi)
        if hull is None or cv2.pointPolygonTest(hull, (float(x), float(y)), False) >= 0:
            kept.append((r, c, p))
    return kept, scale


def _at_sizes(net: cv2.dnn.Net, reference: np.ndarray, empty: np.ndarray, refs: np.ndarray,
              roi: tuple[int, int, int, int], edges: Sequence[float], cube_px: float,
              hull: np.ndarray | None, named: np.ndarray | None = None) -> list[tuple[float, list, float]]:
    """The network's peaks on the reference photo at each of these cube sizes: (size, peaks,
    scale)."""
    return [(edge, *_heat(net, reference, empty, refs, roi, edge, cube_px, hull, named)) for edge in edges]


def _clearest(seen: list[tuple[float, list, float]], wanted: int) -> tuple[float, float, list, float] | None:
    """Of the sizes ``seen`` (``_at_sizes``), the one at which exactly ``wanted`` peaks stand
    out most clearly: (the sixth's probability less the seventh's, the size, the peaks, the
    scale)."""
    best = None
    for edge, found, scale in seen:
        probs = [p for _, _, p in found] + [0.0]
        if len(found) >= wanted and probs[wanted - 1] >= CLEAR > probs[wanted]:
            margin = probs[wanted - 1] - probs[wanted]
            if best is None or margin > best[0]:
                best = (margin, edge, found[:wanted], scale)
    return best


def _lab(bgr01: np.ndarray) -> np.ndarray:
    pixels = np.clip(np.asarray(bgr01, np.float32), 0, 1).reshape(-1, 1, 3)
    return cv2.cvtColor(pixels, cv2.COLOR_BGR2LAB).reshape(-1, 3)


def name_colours(found: np.ndarray, colours: Sequence[str]) -> list[int]:
    """For each colour asked, the index of the found colour that is it: the assignment whose
    lightness ranks and cast-free hues lie nearest the nominal paints, over all orders."""
    seen, want = _lab(found), _lab(named_colours(colours))
    for lab in (seen, want):
        lab[:, 1:] -= lab[:, 1:].mean(axis=0)
        spread = np.ptp(lab[:, 0]) or 1.0
        lab[:, 0] = (lab[:, 0] - lab[:, 0].min()) / spread * LIGHTNESS
    cost = np.linalg.norm(want[:, None, :] - seen[None, :, :], axis=2)
    best = min(itertools.permutations(range(len(found))),
               key=lambda order: sum(cost[i, j] for i, j in enumerate(order)))
    return list(best)


def calibrate(model: str | Path, empty: np.ndarray, reference: np.ndarray, colours: Sequence[str],
              roi: tuple[int, int, int, int], cube_px: float | None = None, tray: np.ndarray | None = None) -> Calibration:
    """The calibration the counter needs, from the empty tray and the tray holding one cube of
    each colour (``tray``: its outline, where known); Refused when no cube size shows as many
    clear peaks as colours."""
    net = cv2.dnn.readNetFromONNX(str(model))
    cube_px = cube_px or learned.model_cube_px(model)
    way = learned.model_reference_colours(model)
    hull = None if tray is None else cv2.convexHull(np.asarray(tray, np.float32))
    wanted = len(colours)
    w, h = roi[2:]
    sizes = max(w, h) / 40 * STEP ** np.arange(int(np.log(8) / np.log(STEP)) + 1)
    named = learned.names_for(model, colours)
    seen = _at_sizes(net, reference, empty, named_colours(colours), roi, sizes, cube_px, hull, named)
    best = _clearest(seen, wanted)
    if best is None:
        raise Refused(f"no cube size shows {wanted} clear cubes", _whitened_where_clearest(seen, reference, colours, roi, way))
    for _ in range(2):
        # Asked again with the colours just read, at sizes between the steps: the network
        # was trained with the true reference colours, not the nominal paints.
        _, edge, peaks, scale = best
        found_bgr, order = _named(reference, _tops(peaks, scale, roi), edge, colours, way)
        finer = edge * STEP ** np.array([-0.5, -0.25, 0, 0.25, 0.5])
        again = _clearest(_at_sizes(net, reference, empty, found_bgr[order], roi, finer, cube_px, hull, named), wanted)
        if again is None:
            break
        best = again
    margin, edge, peaks, scale = best
    tops = _tops(peaks, scale, roi)
    edge = cube_edge(edge, face_edge(reference, empty, tops))
    found_bgr, order = _named(reference, tops, edge, colours, way)
    if _one_cube_twice(found_bgr):
        raise Refused("two peaks read one colour: a cube seen twice, so one colour's cube is missing")
    return Calibration(cube_edge_px=float(edge), tops={c: tops[order[i]] for i, c in enumerate(colours)},
                       colours_bgr=found_bgr[order], margin=round(margin, 3))


def _one_cube_twice(found_bgr: np.ndarray) -> bool:
    """Whether two of the tops read the same colour, neither of them whitened: six cubes of
    six paints never do, but the network, shown five (one colour's cube forgotten), can put a
    second peak on one of them at some cube size (on 21 of 72 generator photos of tables 1-12
    with a cube left out). Whitened tops all read alike and are told apart by the
    advice instead (``whitened``)."""
    levels = np.asarray(found_bgr, np.float32) * 255
    painted = [i for i in range(len(levels)) if levels[i].min() < WHITENED * 255]
    return any(np.abs(levels[i] - levels[j]).max() <= SAME_COLOUR for i in painted for j in painted if i < j)


def _whitened_where_clearest(seen: list[tuple[float, list, float]], reference: np.ndarray, colours: Sequence[str],
                             roi: tuple[int, int, int, int], way: str) -> bool:
    """Whether the clear peaks, at the size ``seen`` that shows most of them, read almost
    white: a refusal for whitened tops then says so instead of asking for cubes laid apart."""
    edge, found, scale = max(seen, key=lambda size: sum(p >= CLEAR for _, _, p in size[1]))
    clear = [peak for peak in found if peak[2] >= CLEAR]
    return bool(clear) and whitened(reference_colours(reference, _tops(clear, scale, roi), edge, way), colours)

def cube_edge(network: float, faces: float | None) -> float:
    """The cube's edge from the network's size and the faces' (``face_edge``): their geometric
    mean, the network's alone where the faces gave none or one more than ``FACE_TRUST`` times
    larger or smaller, which is a face run into a table of its colour, or a speck."""
    if faces is None or not 1 / FACE_TRUST <= faces / network <= FACE_TRUST:
        return float(network)
    return float(np.sqrt(network * faces))


def face_edge(reference: np.ndarray, empty: np.ndarray, tops: Sequence[tuple[float, float]]) -> float | None:
    """One cube's edge in frame pixels as the reference cubes' top faces show it: the median
    over the faces of the square root of each one's pixels (those joined to its top that keep
    its colour and differ from the empty tray), over ``FACE_SHARE``; None when fewer than
    ``FACES_NEEDED`` faces could be measured (a top on a pixel no different from the tray)."""
    photo = cv2.GaussianBlur(reference, (3, 3), 0).astype(np.int16)
    changed = cv2.GaussianBlur(cv2.absdiff(reference, empty), (3, 3), 0).max(axis=2) > FACE_CHANGED
    h, w = changed.shape
    sizes = []
    for x, y in tops:
        xi, yi = min(max(int(round(x)), 0), w - 1), min(max(int(round(y)), 0), h - 1)
        own = np.median(photo[max(0, yi - 2) : yi + 3, max(0, xi - 2) : xi + 3].reshape(-1, 3), axis=0)
        face = (changed & (np.abs(photo - own).max(axis=2) <= FACE_COLOUR)).astype(np.uint8)
        _, labels, stats, _ = cv2.connectedComponentsWithStats(face, connectivity=4)
        if labels[yi, xi]:
            sizes.append(np.sqrt(stats[labels[yi, xi], cv2.CC_STAT_AREA]))
    return float(np.median(sizes)) / FACE_SHARE if len(sizes) >= FACES_NEEDED else None


def _tops(peaks: list, scale: float, roi: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    x, y = roi[:2]
    return [((c + 0.5) * learned.STRIDE / scale + x, (r + 0.5) * learned.STRIDE / scale + y) for r, c, _ in peaks]


def _named(reference: np.ndarray, tops: list[tuple[float, float]], edge: float,
           colours: Sequence[str], way: str) -> tuple[np.ndarray, list[int]]:
    found_bgr = reference_colours(reference, tops, edge, way)
    return found_bgr, name_colours(found_bgr, colours)
