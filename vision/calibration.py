"""Learning this session's tray, cube size and cube colours from two photos.

The app asks for the empty tray and for the tray holding one cube of each colour, apart.
The difference between the two finds the six cubes; their size sets the working resolution;
their pixels are the colour models, named by matching six observed colours to six colour
names under the best per-channel light gain (so a warm bulb still has yellow as the
brightest and black as the darkest, whatever it does to the hues).
"""
from __future__ import annotations

import base64
import dataclasses
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from companion.files import write_atomically
from companion.kits.tower.source import CUBE_COLOURS, in_english_message
from vision import frames, geometry, shadows
from vision.pixels import CHI2_UNEXPLAINED, Background, ColourModel

FILE_VERSION = 5  # a calibration saved by another version asks to be done again
TARGET_EDGE = 22.0  # working pixels across one cube: at 16, 18, 20 or 26 fewer photos count right (18 would save a quarter of a frame's time); the counter's constants in working pixels are set for this size
SILHOUETTE_EDGE = 30.0  # pixels across one cube when measuring its shape
SHADING = (0.8, 1.15)  # sRGB brightness range one cube's colour is widened to (shadow of a neighbour to a lamp-facing tilt)
RESIDUAL_SHAKE = 0.5  # working pixels of misalignment left after phase correlation
SAME_SIZE = 0.1  # log-ratio within which a colour's cube area is just pixel noise around the others': two sigmas of one reference cube's measure (0.058 in log); a black top measures 0.88 of the others, its dark outline lost to its sides and shadow
NAMED = {  # what each name means, roughly, in sRGB; only the best assignment of all six matters
    "red": (200, 45, 40),
    "blue": (40, 80, 180),
    "yellow": (230, 200, 45),
    "purple": (115, 55, 145),
    "black": (40, 40, 45),
    "green": (60, 150, 60),
}


class CalibrationError(ValueError):
    """The photos do not show what calibration needs; the message says what to fix.

    ``key`` and ``params`` are the message for ``companion.i18n``, so the table words it in
    the players' language; ``str()`` is the English, for the command line."""

    def __init__(self, key: str, **params: object):
        super().__init__(in_english_message(key, params))
        self.key, self.params = key, params


@dataclass
class Calibration:
    frame_size: tuple[int, int]  # width, height of the camera's frames
    roi: tuple[int, int, int, int]  # x, y, w, h of the tray in the frame
    scale: float  # working pixels per frame pixel
    tray: list[list[float]] | None  # the tray's outline in frame pixels, if found
    camera: list[float]  # geometry.View3D: tilt, roll, focal, cube edge / camera height, principal point x, y
    noise: float  # frame-to-frame sigma per channel at working resolution
    background: np.ndarray  # the empty tray, working resolution, uint8 BGR
    means: np.ndarray  # 6 x 3, colour models in CUBE_COLOURS order
    covs: np.ndarray  # 6 x 3 x 3
    top_area: np.ndarray  # 6, one cube's top-face area in scale-map units
    face_area: np.ndarray  # 6, the same inside the top face's edges
    face_shade: np.ndarray  # 6, the top face's brightness (sum of channels over the tray's lighting)
    full_area: np.ndarray  # 6, one cube's whole silhouette in scale-map units
    shadows: shadows.Shadows  # where shadows fall, working pixels
    black_hollow: bool = False  # the black cube shows only its sides and outline: its top has the colour of the cloth

    def to_json(self) -> dict:
        ok, png = cv2.imencode(".png", self.background)
        return {
            "version": FILE_VERSION,
            "frame_size": list(self.frame_size),
            "roi": list(self.roi),
            "scale": self.scale,
            "tray": self.tray,
            "camera": list(self.camera),
            "noise": self.noise,
            "background_png": base64.b64encode(png.tobytes()).decode(),
            "colours": list(CUBE_COLOURS),
            "means": self.means.tolist(),
            "covs": self.covs.tolist(),
            "top_area": self.top_area.tolist(),
            "face_area": self.face_area.tolist(),
            "face_shade": self.face_shade.tolist(),
            "full_area": self.full_area.tolist(),
            "shadows": self.shadows.to_json(),
            "black_hollow": self.black_hollow,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Calibration":
        if data.get("version") != FILE_VERSION or data.get("colours") != list(CUBE_COLOURS):
            raise CalibrationError("calibration.other_version")
        background = cv2.imdecode(np.frombuffer(base64.b64decode(data["background_png"]), np.uint8), cv2.IMREAD_COLOR)
        if background is None:
            raise CalibrationError("calibration.unreadable")
        return cls(
            frame_size=tuple(data["frame_size"]),
            roi=tuple(data["roi"]),
            scale=float(data["scale"]),
            tray=data["tray"],
            camera=[float(v) for v in data["camera"]],
            noise=float(data["noise"]),
            background=background,
            means=np.array(data["means"], np.float32),
            covs=np.array(data["covs"], np.float32),
            top_area=np.array(data["top_area"]),
            face_area=np.array(data["face_area"]),
            face_shade=np.array(data["face_shade"]),
            full_area=np.array(data["full_area"]),
            shadows=shadows.Shadows.from_json(data["shadows"]),
            black_hollow=bool(data["black_hollow"]),
        )

    def advice(self) -> list[str]:
        """Message keys for what would make this table's counts surer, said once the photos
        are accepted. Where the black top has the colour of the cloth in a cube's shadow
        (``Shadows.black_casts`` false), black is counted by area alone, a black cube in a
        shadow can go unseen, and such tables count far fewer photos right than the others; a
        sheet of paper under the clear tray turns such a table into one of the others."""
        return [] if self.shadows.black_casts else ["calibration.black_like_shadow"]

    def save(self, path: str | Path) -> None:
        """Atomically: a server killed while saving a new calibration keeps the old one."""
        write_atomically(Path(path), json.dumps(self.to_json()))

    @classmethod
    def load(cls, path: str | Path) -> "Calibration":
        """A file that is not a whole calibration (cut short, edited by hand) is refused as
        such, like one of another version: the table is asked to calibrate again."""
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except CalibrationError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError, cv2.error):
            raise CalibrationError("calibration.unreadable") from None


def _noise(a: np.ndarray, b: np.ndarray) -> float:
    """Robust per-channel sigma of the difference of two photos that mostly agree."""
    d = (a - b).reshape(-1, 3)
    mad = np.median(np.abs(d - np.median(d, axis=0)), axis=0)
    return float(max(1.4826 * mad.mean(), 0.5))


class _Found(NamedTuple):
    """What a pair of equally scaled calibration views shows."""

    masks: list[np.ndarray]  # the six cubes', largest first
    noise: float  # between the two views
    learned: shadows.Shadows  # where this session's shadows fall
    stood_out: list[bool]  # per cube: it stands out from a shadow by itself
    reference: np.ndarray  # aligned to the empty view and at its exposure


def _find_cubes(empty: np.ndarray, reference: np.ndarray) -> _Found:
    """The six cubes in a pair of equally scaled views.

    The cubes that stand out from the floor in any light show where the shadows fall; with
    that, the floor may only be shadow-dark next to something, so a black cube with the
    colour of the cloth's shadow stands out too. Changed pieces closer than a quarter of a
    cube belong together: a dark cube whose top looks like the cloth while its sides do not
    is still one cube, not two."""
    reference = frames.EmptyTray(empty).register(reference)[0]
    noise = _noise(reference, empty)
    background = Background.build(empty, noise, RESIDUAL_SHAKE)
    changed = _changed(background.nll(reference)[1])
    labels, order, areas = _pieces(changed)
    standing_out = [(labels == i).astype(np.uint8) for i, a in zip(order, areas) if a >= 0.3 * areas[0]]
    if not standing_out:
        raise CalibrationError("calibration.cube_count", found=0)
    learned = shadows.learn(background.shading(reference), standing_out, changed)
    labels, order, areas = _pieces(_changed(background.nll(reference, learned.shade(changed))[1]))
    if len(order) < 6 or areas[5] < 0.3 * areas[0]:
        found = int(np.sum(areas >= 0.3 * areas[0])) if len(order) else 0
        if found == 5:
            colours = np.array([reference[labels == i].mean(axis=0)[::-1] for i in order[:5]])
            raise CalibrationError("calibration.cube_unseen", cube=_missing_name(colours))
        raise CalibrationError("calibration.cube_count", found=found)
    if len(order) > 6 and areas[6] > 0.3 * areas[5]:
        raise CalibrationError("calibration.too_many")
    masks = [(labels == i).astype(np.uint8) for i in order[:6]]
    stood_out = sum(standing_out)
    return _Found(masks, noise, learned, [bool((m & stood_out).any()) for m in masks], reference)


def _changed(chi: np.ndarray) -> np.ndarray:
    """Pixels the empty tray cannot explain, without specks."""
    fg = (chi > CHI2_UNEXPLAINED).astype(np.uint8)
    fg = cv2.morphologyEx(fg, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(fg, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))


def _pieces(fg: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Changed pieces, those closer than a quarter of a cube joined: a label image, the labels
    largest first, and their areas."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(fg, connectivity=8)
    if n > 1:
        reach = max(1, int(round(0.25 * np.sqrt(stats[1:, cv2.CC_STAT_AREA].max()))))
        near = cv2.dilate(fg, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)))
        n, groups = cv2.connectedComponents(near, connectivity=8)
        labels = np.where(fg > 0, groups, 0)
    areas_all = np.bincount(labels.ravel(), minlength=n)[1:]
    order = np.argsort(-areas_all) + 1
    return labels, order, areas_all[order - 1]


def _missing_name(colours: np.ndarray) -> str:
    """Which colour name is absent from five observed colours (same rule as ``_name``)."""
    observed = np.log(np.maximum(colours, 1.0))
    best, best_cost = CUBE_COLOURS[0], np.inf
    for missing in range(6):
        names = [c for i, c in enumerate(CUBE_COLOURS) if i != missing]
        named = np.log(np.array([NAMED[c] for c in names], np.float64))
        for perm in itertools.permutations(range(5)):
            diff = observed[list(perm)] - named
            cost = ((diff - diff.mean(axis=0)) ** 2).sum()
            if cost < best_cost:
                best, best_cost = CUBE_COLOURS[missing], cost
    return best


def _name(colours: np.ndarray) -> list[int]:
    """Which observed colour is which name: the permutation that, after the best light gain
    per channel, lies closest to the names' colours in log space."""
    observed = np.log(np.maximum(colours, 1.0))
    named = np.log(np.array([NAMED[c] for c in CUBE_COLOURS], np.float64))
    best, best_cost = None, np.inf
    for perm in itertools.permutations(range(6)):
        diff = observed[list(perm)] - named
        cost = ((diff - diff.mean(axis=0)) ** 2).sum()
        if cost < best_cost:
            best, best_cost = list(perm), cost
    return best


def calibrate(empty: np.ndarray, reference: np.ndarray) -> Calibration:
    """Learn the tray, the cube size and the six colours from the two calibration photos."""
    if empty.shape != reference.shape:
        raise CalibrationError("calibration.photo_sizes")
    h, w = empty.shape[:2]
    rim = geometry.find_rim(empty)
    tray, roi, masks, coarse = _tray_holding_the_cubes(empty, reference, rim)
    edge = float(np.median([np.sqrt(m.sum()) for m in masks])) / coarse

    fine = min(1.0, SILHOUETTE_EDGE / edge)
    silhouettes = _find_cubes(frames.crop(empty, roi, fine), frames.crop(reference, roi, fine)).masks
    scale = min(1.0, TARGET_EDGE / edge)
    if rim is not None and not all(cv2.pointPolygonTest(rim, _centre(m) / fine + roi[:2], False) >= 0 for m in silhouettes):
        rim = None
    view = geometry.fit_view(silhouettes, fine, roi[:2], (w, h), rim)

    bg = frames.crop(empty, roi, scale)
    ref = frames.crop(reference, roi, scale)
    masks, noise, learned, stood_out, ref = _find_cubes(bg, ref)
    light = illumination(bg)
    samples = [ref[m > 0] / light[m > 0][:, None] for m in masks]
    order = _name(np.array([s.mean(axis=0)[::-1] for s in samples]))
    model = ColourModel.fit([samples[i] for i in order], noise, SHADING)
    calibration = Calibration(
        frame_size=(w, h),
        roi=roi,
        scale=scale,
        tray=None if tray is None else tray.tolist(),
        camera=view.params() + [float(view.centre[0]), float(view.centre[1])],
        noise=noise,
        background=np.clip(bg + 0.5, 0, 255).astype(np.uint8),
        means=model.means.astype(np.float32),
        covs=model.covs.astype(np.float32),
        top_area=np.ones(6),
        face_area=np.ones(6),
        face_shade=np.ones(6),
        full_area=np.ones(6),
        # a black cube found only as "no shadow can fall here" is found with its own shadow
        shadows=dataclasses.replace(learned, black_casts=stood_out[order[CUBE_COLOURS.index("black")]]),
    )
    _measure_cubes(calibration, reference, [masks[i] for i in order])
    return calibration


def illumination(background: np.ndarray) -> np.ndarray:
    """How brightly each part of the tray is lit, relative to its middle, from the empty photo."""
    gray = cv2.cvtColor(background, cv2.COLOR_BGR2GRAY)
    sigma = max(gray.shape) / 8
    lit = cv2.GaussianBlur(gray, (0, 0), sigma)
    return (lit / np.median(lit)).astype(np.float32)


def _tray_holding_the_cubes(empty: np.ndarray, reference: np.ndarray, rim: np.ndarray | None) -> tuple[np.ndarray | None, tuple[int, int, int, int], list[np.ndarray], float]:
    """The first outline of the tray found that holds all six reference cubes, the part of the
    frame around it that is worked on, the cubes found there and the scale they were found at.

    The outlines, in the order they are trusted: the walls' edges, the rim's thin bright lines
    (they stand out where the walls' edges do not: navy cloth, black felt), any thin lines at
    all (the walls' feet on a white table); each looked for only when the one before fails.
    With none, the whole frame is worked on: two to three times the pixels, and as many
    milliseconds a frame."""
    h, w = empty.shape[:2]
    whole = (0, 0, w, h)
    for find in (geometry.find_tray, lambda _: rim, geometry.find_tray_by_lines):
        outline = find(empty)
        if outline is None:
            continue
        margin = 0.03 * max(w, h)
        x0, y0 = np.maximum(outline.min(axis=0) - margin, 0).astype(int) // 2 * 2  # even, for frames.crop's fast path
        x1, y1 = np.minimum((outline.max(axis=0) + margin).astype(int) // 2 * 2 + 2, [w, h])
        roi = (int(x0), int(y0), int(x1 - x0), int(y1 - y0))
        if roi == whole:  # an outline as big as the picture (a wrong one) saves nothing; a later one may
            continue
        try:
            masks, coarse = _cubes_seen_in(empty, reference, roi)
        except CalibrationError:  # an outline that cuts cubes off is not the tray's
            continue
        if all(cv2.pointPolygonTest(outline, _centre(m) / coarse + roi[:2], False) >= 0 for m in masks):
            return outline, roi, masks, coarse
    return None, whole, *_cubes_seen_in(empty, reference, whole)


def _cubes_seen_in(empty: np.ndarray, reference: np.ndarray, roi: tuple[int, int, int, int]) -> tuple[list[np.ndarray], float]:
    """The reference cubes' masks in ``roi``, shrunk to 640 pixels wide at most, and that scale."""
    coarse = min(1.0, 640 / roi[2])
    return _find_cubes(frames.crop(empty, roi, coarse), frames.crop(reference, roi, coarse)).masks, coarse


def _centre(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return np.array([xs.mean(), ys.mean()], np.float32)


def _measure_cubes(calibration: Calibration, reference: np.ndarray, masks: list[np.ndarray]) -> None:
    """One cube's top and whole area per colour, measured by the counter itself so that the
    counting rule divides like by like. All cubes are the same size, so a colour keeps its
    own measure only where it differs from the others by more than pixel noise explains,
    and only for a reason that holds in every frame: bigger, a black cube found together
    with its own shadow on dark cloth; smaller, a black cube that casts its own shadow, its
    dark outline lost to its sides and shadow. The rest share the median. Smaller for any
    other reason is part of the reference cube lost in that one photo (a black top the
    colour of the cloth read as floor). On most dark tables that loss differs from frame to
    frame, and with it as the measure every black face would count for two or three cubes. On
    a few the top is the cloth's colour in every frame: there black's whole silhouette
    measures short too, the table is marked ``black_hollow``, and the counter fills each small
    black patch's hull, so the others' measure is right there as well."""
    from vision.counter import Counter

    counter = Counter(calibration)
    view = counter.analyse(reference)
    for c, mask in enumerate(masks):
        own = view.colour_masks[c] & (cv2.dilate(mask, np.ones((5, 5), np.uint8)) > 0)
        if own.sum() < 0.5 * mask.sum():
            raise CalibrationError("calibration.colours_alike", cube=CUBE_COLOURS[c])
        calibration.full_area[c] = float(counter.inv_scale[own].sum())
        calibration.top_area[c] = float(counter.inv_scale[own & view.tops].sum())
        calibration.face_area[c] = float(counter.inv_scale[own & view.faces].sum())
        face = own & view.faces
        calibration.face_shade[c] = float((view.image[face].sum(axis=1) / counter.light[face]).mean()) if face.any() else 1.0
    unseen = calibration.top_area <= 0.2 * calibration.full_area
    if unseen.all():
        raise CalibrationError("calibration.top_unseen")
    if unseen.any():  # the others' tops show, so the camera is fine: this top looks like the floor
        raise CalibrationError("calibration.top_like_floor", cube=CUBE_COLOURS[int(np.argmax(unseen))])
    black = CUBE_COLOURS.index("black")
    calibration.black_hollow = not calibration.shadows.black_casts and bool(
        np.log(calibration.full_area[black] / np.median(calibration.full_area)) < -SAME_SIZE
    )
    kept_smaller = np.zeros(len(CUBE_COLOURS), bool)
    kept_smaller[black] = calibration.shadows.black_casts
    for areas in (calibration.top_area, calibration.face_area, calibration.full_area):
        typical = np.median(areas)
        close = np.abs(np.log(areas / typical)) < SAME_SIZE
        areas[close | ((areas < typical) & ~kept_smaller)] = typical
