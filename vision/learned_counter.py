"""The learned counter as the product runs it: its calibration, kept in a file like the
rule-based one's, and a counter that answers as the rule-based ``Counter`` does (a ``Count``
with outlined patches and worded doubts), so the command line, the annotated picture and
``CameraTraySource`` take either.

Calibration takes the tray's outline from the two taps, else from the tray finder's network
(``vision.learned_tray``), else as the rule-based one finds it (the walls' edges, the rim, the
thin lines), then lets the counting network find the reference cubes in it
(``vision.learned_calibration``): nothing about the cubes comes from rules. The count is
unsure where the model's confidence stays under the sure threshold its validation set (the
manifest's), and says so with the places in doubt marked.

Which counter a file holds is written in it (``"counter": "learned"``; ``vision.table_counter``
reads every kind). The table's camera counts with it alone where the rule-based calibration
cannot find the cubes, and beside the rules, as their check, where both can.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from companion.files import write_atomically
from companion.kits.tower.colours import cube_colours
from companion.kits.tower.source import Doubt
from vision import frames, geometry, learned_calibration, learned_tray
from vision.calibration import CalibrationError, frame_noise, image_text, marked_outline, saved_colours, saved_image
from vision.counter import Count, Patch
from vision.learned import Reading, TrayCounter, model_cube_px, sure_confidence
from vision.learned_input import roi_of

KIND = "learned"
FILE_VERSION = 1  # a learned calibration saved by another version asks to be done again
MODELS = learned_tray.MODELS
MODEL = MODELS / "lean32more.onnx"  # the model the product runs; its manifest sets the thresholds


@dataclass
class LearnedCalibration:
    model: str  # the model's file name in ``MODELS``
    frame_size: tuple[int, int]  # width, height of the camera's frames
    roi: tuple[int, int, int, int]  # x, y, w, h of the frame the network sees
    tray: list[list[float]] | None  # the tray's outline in frame pixels, if found or marked
    colours: tuple[str, ...]
    colours_bgr: np.ndarray  # the reference cubes' colours as this camera sees them, BGR 0..1
    cube_edge_px: float
    empty: np.ndarray  # the empty tray inside ``roi``, uint8 BGR
    noise: float  # frame-to-frame sigma per channel at the network's scale, for telling a still tray

    def advice(self) -> list[str]:
        """As the rule-based calibration's: where the tray's outline was not found, the whole
        picture is worked on and a cube beside the tray would count. Where two or more
        reference cubes' tops read almost white, the colours they stand for are
        hard to tell apart and cubes get named wrongly (``learned_calibration.whitened``)."""
        tray = [] if self.tray is not None else ["calibration.tray_unseen"]
        return tray + (["calibration.reference_whitened"] if learned_calibration.whitened(self.colours_bgr, self.colours) else [])

    def to_json(self) -> dict:
        return {"counter": KIND, "version": FILE_VERSION, "model": self.model, "frame_size": list(self.frame_size),
                "roi": list(self.roi), "tray": self.tray, "colours": list(self.colours),
                "colours_bgr": self.colours_bgr.tolist(), "cube_edge_px": self.cube_edge_px,
                "empty_png": image_text(self.empty), "noise": self.noise}

    @classmethod
    def from_json(cls, data: dict, colours: Sequence[str] | None = None) -> "LearnedCalibration":
        if data.get("counter") != KIND or data.get("version") != FILE_VERSION or not (MODELS / data["model"]).is_file():
            raise CalibrationError("calibration.other_version")
        return cls(model=data["model"], frame_size=tuple(data["frame_size"]), roi=tuple(data["roi"]), tray=data["tray"],
                   colours=saved_colours(data, colours), colours_bgr=np.array(data["colours_bgr"], np.float32),
                   cube_edge_px=float(data["cube_edge_px"]), empty=saved_image(data["empty_png"]), noise=float(data["noise"]))

    def save(self, path: str | Path) -> None:
        write_atomically(Path(path), json.dumps(self.to_json()))


@lru_cache(maxsize=1)
def _tray_finder() -> learned_tray.TrayFinder:
    """The product's tray finder, read once a process."""
    return learned_tray.TrayFinder()


def _outlines(empty: np.ndarray) -> list[np.ndarray]:
    """The tray's outlines found on the empty photo, the most trusted first: the tray finder's,
    then the rule-based finders' that do not merely follow the picture's border."""
    h, w = empty.shape[:2]
    learned = _tray_finder().outline(empty)
    ruled = [o for find in (geometry.find_tray, geometry.find_rim, geometry.find_tray_by_lines)
             if (o := find(empty)) is not None and roi_of(o, (w, h)) != (0, 0, w, h)]
    return ([] if learned is None else [learned]) + ruled


def calibrate(empty: np.ndarray, reference: np.ndarray, colours: Sequence[str],
              marked: tuple[float, float, float, float] | None = None, model: Path = MODEL) -> LearnedCalibration:
    """The learned counter's calibration from the empty tray and one cube of each colour;
    ``marked`` as in ``vision.calibration.calibrate``. The outlines are tried in the order of
    ``_outlines``, the first in which the network finds the cubes kept; with none, the whole
    picture."""
    colours = cube_colours(colours)
    if empty.shape != reference.shape:
        raise CalibrationError("calibration.photo_sizes")
    h, w = empty.shape[:2]
    outlines = [marked_outline(marked, (w, h))] if marked is not None else _outlines(empty)
    white = False
    for outline in outlines + [None]:
        roi = (0, 0, w, h) if outline is None else roi_of(outline, (w, h))
        try:
            found = learned_calibration.calibrate(model, empty, reference, colours, roi, tray=outline)
        except learned_calibration.Refused as refused:
            white = white or refused.whitened
            continue
        if marked is not None and outline is None:
            raise CalibrationError("calibration.cubes_outside_marks")
        x, y, rw, rh = roi
        scale = model_cube_px(model) / found.cube_edge_px
        return LearnedCalibration(model=model.name, frame_size=(w, h), roi=roi,
                                  tray=None if outline is None else np.asarray(outline, float).tolist(),
                                  colours=colours, colours_bgr=found.colours_bgr, cube_edge_px=found.cube_edge_px,
                                  empty=empty[y : y + rh, x : x + rw].copy(),
                                  noise=frame_noise(frames.crop(empty, roi, scale), frames.crop(reference, roi, scale)))
    raise CalibrationError("calibration.cubes_whitened" if white else "calibration.cubes_unclear", wanted=len(colours))


@dataclass
class LearnedView:
    """One frame as the live source compares it with the next (``image``, the tray at the
    network's scale) and the network's reading of it."""

    image: np.ndarray
    reading: Reading


class LearnedCounter:
    """Counts frames from one calibrated camera with the network; answers as the rule-based
    ``Counter`` does (``count``, or ``analyse`` then ``count_view``, and what the live source
    needs to tell a still tray: ``inv2var``, ``cube_pixels``).

    A count it reads alone is never called sure (``doubt.unchecked``): the network's own
    confidence, its threshold set on the validation photos, does not hold beyond them (the
    figures are in ``training/README.md``). Where the rules count too,
    ``vision.table_counter.agreed`` replaces these doubts by the two counters' agreement."""

    def __init__(self, calibration: LearnedCalibration, models: Path = MODELS):
        self.calibration = calibration
        model = models / calibration.model
        w, h = calibration.frame_size
        x, y, rw, rh = calibration.roi
        empty = np.zeros((h, w, 3), np.uint8)
        empty[y : y + rh, x : x + rw] = calibration.empty
        tray = None if calibration.tray is None else np.array(calibration.tray, np.float32)
        self.net = TrayCounter(model, empty, calibration.colours, calibration.colours_bgr, calibration.roi,
                               calibration.cube_edge_px, tray=tray)
        self.sure = sure_confidence(model)
        self.colours = calibration.colours
        self.inv2var = 1 / (2 * calibration.noise**2)
        self.cube_pixels = float(self.net.cube_px**2)

    def analyse(self, frame: np.ndarray) -> LearnedView:
        if frame.shape[1::-1] != tuple(self.calibration.frame_size):
            raise ValueError(f"frame is {frame.shape[1]}x{frame.shape[0]}, calibration was {self.calibration.frame_size}")
        crop = self.net.crop(frame)
        return LearnedView(crop.astype(np.float32), self.net.count_crop(crop))

    def count(self, frame: np.ndarray) -> Count:
        return self.count_view(self.analyse(frame))

    def count_view(self, view: LearnedView) -> Count:
        reading = view.reading
        half = self.calibration.cube_edge_px / 2
        doubtful = {(c.x, c.y) for c in reading.doubtful}
        patches = [Patch(c.colour, 1, 1.0, _square(c.x, c.y, half), doubtful=(c.x, c.y) in doubtful) for c in reading.cubes]
        patches += [Patch(c.colour, 0, 0.0, _square(c.x, c.y, half), doubtful=True) for c in reading.doubtful if c not in reading.cubes]
        doubts = [] if reading.confidence >= self.sure else [Doubt("doubt.cubes_doubtful", {"n": max(1, len(reading.doubtful))})]
        doubts.append(Doubt("doubt.unchecked"))
        return Count(dict(reading.counts), reading.confidence, doubts, patches)


def _square(x: float, y: float, half: float) -> np.ndarray:
    """A cube's top drawn as a square round its centre, for the outlined picture."""
    return np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]], np.float32)
