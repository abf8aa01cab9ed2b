"""Counting a tray photo with the learned counter: OpenCV's ``dnn`` and NumPy only, no torch.

    counter = TrayCounter("training/models/lean32more.onnx", empty, colours, colours_bgr, roi, cube_edge_px, tray=outline)
    reading = counter.count(frame)   # reading.counts, reading.cubes, reading.confidence

The session's calibration gives everything but the frame: the empty tray photo, the game's
colours with their reference cubes' colours (``vision.learned_input.reference_colours``), the
tray's box in the frame, one cube's edge in frame pixels, and the tray's outline where it is
known. The network marks each counted cube's top-face centre with a peak in its heatmap and
names there the cube's reference colour; a peak is a cell at least as high as every cell
within 0.6 of a cube's edge (``peaks_apart``), a cube where its probability reaches the model's cube
threshold (one half unless its manifest names the one chosen on its validation photos), and
of the reference colour nearest the one named. The network and its training are in
``training/``; the models the product may run are committed in ``training/models``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from vision.learned_input import named_colours, network_input

STRIDE = 4
CUBE_AT = 0.5  # probability from which a peak is a counted cube, for a model whose manifest chose none
SURE_MARGIN = 0.35  # a peak within this of CUBE_AT makes the photo's count unsure
FAINTEST = 0.1  # peaks below this say nothing about the count
NEIGHBOURS = 1.5  # heatmap cells: a peak is at least as high as its eight neighbours
PEAKS_APART = 0.6  # cube edges: two tops' centres lie at least this far apart in a photo


@dataclass
class Cube:
    colour: str
    x: float  # top-face centre, frame pixels
    y: float
    probability: float


@dataclass
class Reading:
    counts: dict[str, int]
    cubes: list[Cube]
    confidence: float  # 0..1: the least decided peak's: how far it lies from one half, or how near its colour is to a second reference colour
    doubtful: list[Cube] = field(default_factory=list)  # peaks near one half, counted or not


def peaks(heatmap: np.ndarray, floor: float = FAINTEST, apart: float = NEIGHBOURS) -> list[tuple[int, int, float]]:
    """Local maxima of a (rows x cols) probability map at or above ``floor``: (row, col,
    value), highest first; a maximum is a cell at least as high as every cell within ``apart``
    cells of it (``NEIGHBOURS``: its eight neighbours). A plateau gives one peak per cell it holds, so a
    heatmap that reaches exactly the same value in two touching cells counts both."""
    plane = np.ascontiguousarray(heatmap, np.float32)
    reach = int(apart)
    dy, dx = np.mgrid[-reach : reach + 1, -reach : reach + 1]
    top = cv2.dilate(plane, (np.hypot(dy, dx) <= apart).astype(np.uint8))
    rows, cols = np.nonzero((plane >= top) & (plane >= floor))
    return sorted(((int(r), int(c), float(plane[r, c])) for r, c in zip(rows, cols)), key=lambda p: -p[2])


def peaks_apart(cube_px: float) -> float:
    """How far apart, in heatmap cells, two peaks must lie to be two cubes at ``cube_px``
    input pixels a cube: ``PEAKS_APART`` of an edge. Nearer, the lower is the same top seen
    twice; at 12 pixels a cube this is the eight neighbours, at 16 a disc of radius 2.4: on
    validation photos (of 0.5, 0.6 and 0.75 edges) it counted the fewest cubes twice while
    missing no more touching ones; 0.75 merged touching cubes."""
    return PEAKS_APART * cube_px / STRIDE


def decode(
    output: np.ndarray, colours: Sequence[str], colours_bgr: np.ndarray, to_frame: tuple[float, float, float], cube_at: float = CUBE_AT,
    tray: np.ndarray | None = None, apart: float = NEIGHBOURS,
) -> Reading:
    """Counts from the network's output (a centre probability map, then the named colour, 4 x
    rows x cols); ``colours_bgr`` are the reference colours of ``colours``; ``to_frame`` is
    (scale, x0, y0): input pixel ``p`` lies at ``p / scale + (x0, y0)`` in the frame; a peak
    is a cube from probability ``cube_at``; ``apart``: ``peaks``'.

    ``tray``, the tray's outline in the frame (N x 2) where calibration knows it: a peak
    outside its hull is a cube lying beside the tray, which the network, shown only the
    tray's box, cannot tell from one inside; it neither counts nor makes the count unsure.

    A peak is decided by how far its probability lies from ``cube_at``, as a share of the way
    to 0 or 1; a cube's colour, the nearest reference colour, by how much nearer that is than
    the second nearest (equally near: not at all)."""
    scale, x0, y0 = to_frame
    refs = np.asarray(colours_bgr, np.float32)
    counts = {c: 0 for c in colours}
    cubes, doubtful = [], []
    confidence = 1.0
    hull = None if tray is None else cv2.convexHull(np.asarray(tray, np.float32))
    for r, c, p in peaks(output[0], apart=apart):
        x, y = (c + 0.5) * STRIDE / scale + x0, (r + 0.5) * STRIDE / scale + y0
        if hull is not None and cv2.pointPolygonTest(hull, (float(x), float(y)), False) < 0:
            continue
        distance = np.linalg.norm(refs - output[1:, r, c], axis=1)
        order = np.argsort(distance)
        k = int(order[0])
        named = 1.0 if len(refs) < 2 else float(1 - distance[k] / max(distance[order[1]], 1e-6))
        cube = Cube(colours[k], x, y, p)
        counted = p >= cube_at
        decided = min(1.0, (p - cube_at) / (1 - cube_at) if counted else (cube_at - p) / cube_at)
        if counted:
            decided = min(decided, named)
        confidence = min(confidence, decided)
        if abs(p - cube_at) < SURE_MARGIN:
            doubtful.append(cube)
        if counted:
            counts[colours[k]] += 1
            cubes.append(cube)
    return Reading(counts, cubes, round(confidence, 3), doubtful)


def _manifest(model: str | Path) -> dict:
    manifest = Path(model).with_suffix(".json")
    return json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else {}


def _validation(model: str | Path) -> dict:
    return _manifest(model).get("validation") or {}


def model_cube_px(model: str | Path) -> float:
    """Input pixels across one cube's edge, as the model was trained (its manifest's input);
    16 for a model without one."""
    return float((_manifest(model).get("input") or {}).get("cube_px", 16))


def model_reference_colours(model: str | Path) -> str:
    """How the model reads a reference cube's colour (``vision.learned_input.REFERENCE_COLOURS``),
    as it was trained: its manifest's input, else from the top's centre."""
    return str((_manifest(model).get("input") or {}).get("reference_colours", "top centre"))


def model_reads_names(model: str | Path) -> bool:
    """Whether the model's input carries the colours' names as nominal paints beside the
    reference colours (``vision.learned_input.named_colours``), as its manifest says."""
    return bool((_manifest(model).get("input") or {}).get("colour_names", False))


def names_for(model: str | Path, colours: Sequence[str]) -> np.ndarray | None:
    """The nominal paints of ``colours`` for a model that reads names, else None."""
    return named_colours(colours) if model_reads_names(model) else None


def sure_confidence(model: str | Path) -> float:
    """The confidence from which the model's counts are called sure: the threshold its
    manifest's validation set, else the default margin's."""
    return float(_validation(model).get("sure_confidence", 1 - SURE_MARGIN / (1 - CUBE_AT)))


def cube_threshold(model: str | Path) -> float:
    """The peak probability from which the model counts a cube: the one its manifest chose on
    its validation photos, else one half."""
    return float(_validation(model).get("cube_at", CUBE_AT))


class TrayCounter:
    """One session's counter: the network, with the calibration's inputs prepared once."""

    def __init__(
        self,
        model: str | Path,
        empty: np.ndarray,
        colours: Sequence[str],
        colours_bgr: np.ndarray,
        roi: tuple[int, int, int, int],
        cube_edge_px: float,
        cube_px: float | None = None,
        tray: np.ndarray | None = None,
    ):
        self.net = cv2.dnn.readNetFromONNX(str(model))
        cube_px = cube_px or model_cube_px(model)
        self.tray = tray
        self.cube_at = cube_threshold(model)
        self.colours = list(colours)
        self.colours_bgr = np.asarray(colours_bgr, np.float32)
        self.roi, self.cube_edge_px, self.cube_px = roi, cube_edge_px, cube_px
        self._input, self.scale = network_input(empty, empty, np.asarray(colours_bgr, np.float32), roi, cube_edge_px, cube_px,
                                                names_for(model, colours))
        x, y, w, h = roi
        self._size = (max(16, int(round(w * self.scale))), max(16, int(round(h * self.scale))))

    def count(self, frame: np.ndarray) -> Reading:
        """The counts in one BGR frame of the calibrated camera."""
        return self.count_crop(self.crop(frame))

    def crop(self, frame: np.ndarray) -> np.ndarray:
        """The tray's part of a frame at the network's scale (uint8 BGR), as it is counted."""
        x, y, w, h = self.roi
        return cv2.resize(frame[y : y + h, x : x + w], self._size, interpolation=cv2.INTER_AREA)

    def count_crop(self, crop: np.ndarray) -> Reading:
        """The counts in a frame's ``crop``."""
        x, y = self.roi[:2]
        pad_h, pad_w = self._input.shape[2] - self._size[1], self._input.shape[3] - self._size[0]
        crop = cv2.copyMakeBorder(crop, 0, pad_h, 0, pad_w, cv2.BORDER_REPLICATE)
        self._input[0, :3] = crop.transpose(2, 0, 1) * np.float32(1 / 255)
        self.net.setInput(self._input)
        output = self.net.forward()[0]
        output[0] = 1 / (1 + np.exp(-output[0]))
        return decode(output, self.colours, self.colours_bgr, (self.scale, x, y), self.cube_at, self.tray, peaks_apart(self.cube_px))
