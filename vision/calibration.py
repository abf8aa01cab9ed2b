"""Learning this session's tray, cube size and cube colours from two photos.

The app asks for the empty tray and for the tray holding one cube of each of the game's
colours, apart. The difference between the two finds those cubes; their size sets the working
resolution; their pixels are the colour models, named by matching the observed colours to the
game's colour names (their rough appearance is the tower kit's palette) under the best
per-channel light gain (so a warm bulb still has yellow as the brightest and black as the
darkest, whatever it does to the hues). The calibration records the colours it learned: it
counts those, and is refused for a game whose cubes have others.
"""
from __future__ import annotations

import base64
import dataclasses
import itertools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Sequence

import cv2
import numpy as np

from companion.files import write_atomically
from companion.kits.tower.colours import PALETTE, cube_colours
from companion.kits.tower.source import in_english_message
from vision import frames, geometry, shadows
from vision.pixels import CHI2_UNEXPLAINED, Background, ColourModel

FILE_VERSION = 5  # a calibration saved by another version asks to be done again
TARGET_EDGE = 22.0  # working pixels across one cube: at 16, 18, 20 or 26 fewer photos count right (18 would save a quarter of a frame's time); the counter's constants in working pixels are set for this size
SILHOUETTE_EDGE = 30.0  # pixels across one cube when measuring its shape
SHADING = (0.8, 1.15)  # sRGB brightness range one cube's colour is widened to (shadow of a neighbour to a lamp-facing tilt)
RESIDUAL_SHAKE = 0.5  # working pixels of misalignment left after phase correlation
MARKED_SMALLEST = 0.1  # of the frame's width and height: two taps closer than that are no tray
MARKED_MARGIN = 0.02  # of the frame's longer side: how far a tapped corner may miss the tray's
SAME_SIZE = 0.1  # log-ratio within which a colour's cube area is just pixel noise around the others': two sigmas of one reference cube's measure (0.058 in log); a black top measures 0.88 of the others, its dark outline lost to its sides and shadow


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
    tray: list[list[float]] | None  # the tray's outline in frame pixels, if found or marked
    camera: list[float]  # geometry.View3D: tilt, roll, focal, cube edge / camera height, principal point x, y
    noise: float  # frame-to-frame sigma per channel at working resolution
    background: np.ndarray  # the empty tray, working resolution, uint8 BGR
    colours: tuple[str, ...]  # the cube colours learned, the order of every per-colour array below
    means: np.ndarray  # colours x 3, colour models
    covs: np.ndarray  # colours x 3 x 3
    top_area: np.ndarray  # per colour, one cube's top-face area in scale-map units
    face_area: np.ndarray  # per colour, the same inside the top face's edges
    face_shade: np.ndarray  # per colour, the top face's brightness (sum of channels over the tray's lighting)
    full_area: np.ndarray  # per colour, one cube's whole silhouette in scale-map units
    shadows: shadows.Shadows  # where shadows fall, working pixels
    black_hollow: bool = False  # the black cube shows only its sides and outline: its top has the colour of the cloth

    def to_json(self) -> dict:
        return {
            "version": FILE_VERSION,
            "frame_size": list(self.frame_size),
            "roi": list(self.roi),
            "scale": self.scale,
            "tray": self.tray,
            "camera": list(self.camera),
            "noise": self.noise,
            "background_png": image_text(self.background),
            "colours": list(self.colours),
            "means": self.means.tolist(),
            "covs": self.covs.tolist(),
            "top_area": self.top_area.tolist(),
            "face_area": self.face_area.tolist(),
            "face_shade": self.face_shade.tolist(),
            "full_area": self.full_area.tolist(),
            "shadows": self.shadows.to_json(),
            "black_hollow": self.black_hollow,
        }

    @property
    def black(self) -> int | None:
        return black_index(self.colours)

    @classmethod
    def from_json(cls, data: dict, colours: Sequence[str] | None = None) -> "Calibration":
        """A saved calibration; refused (``calibration.other_colours``) when ``colours``, the
        game's cube colours, are not the ones it learned: its colour models are for those."""
        if data.get("version") != FILE_VERSION:
            raise CalibrationError("calibration.other_version")
        learned = saved_colours(data, colours)
        background = saved_image(data["background_png"])
        return cls(
            frame_size=tuple(data["frame_size"]),
            roi=tuple(data["roi"]),
            scale=float(data["scale"]),
            tray=data["tray"],
            camera=[float(v) for v in data["camera"]],
            noise=float(data["noise"]),
            background=background,
            colours=learned,
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
        sheet of paper under the clear tray turns such a table into one of the others. Where
        the tray's outline was not found, the whole frame is worked on: slower, and a cube
        lying beside the tray is counted; two taps marking the tray end both."""
        tray = [] if self.tray is not None else ["calibration.tray_unseen"]
        return tray + ([] if self.shadows.black_casts else ["calibration.black_like_shadow"])

    def save(self, path: str | Path) -> None:
        """Atomically: a server killed while saving a new calibration keeps the old one."""
        write_atomically(Path(path), json.dumps(self.to_json()))

    @classmethod
    def load(cls, path: str | Path, colours: Sequence[str] | None = None) -> "Calibration":
        """A file that is not a whole calibration (cut short, edited by hand) is refused as
        such, like one of another version: the table is asked to calibrate again. So is one
        learned for other colours than ``colours`` (when given), with its own message."""
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")), colours)
        except CalibrationError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError, cv2.error):
            raise CalibrationError("calibration.unreadable") from None


def saved_colours(data: dict, colours: Sequence[str] | None) -> tuple[str, ...]:
    """The colours a saved calibration learned, refused for a game with other ``colours``."""
    learned = cube_colours(data["colours"])
    if colours is not None:
        check_colours(learned, colours)
    return learned


def image_text(image: np.ndarray) -> str:
    """A picture as a calibration file keeps it: lossless PNG, in base64."""
    ok, png = cv2.imencode(".png", image)
    return base64.b64encode(png.tobytes()).decode()


def saved_image(text: str) -> np.ndarray:
    """A picture ``image_text`` kept; a damaged one makes the file unreadable."""
    image = cv2.imdecode(np.frombuffer(base64.b64decode(text), np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise CalibrationError("calibration.unreadable")
    return image


def check_colours(learned: Sequence[str], colours: Sequence[str]) -> None:
    """Refuses a calibration that learned other cube colours than ``colours``, the game's: its
    colour models are for those (in any order)."""
    if set(learned) != set(colours):
        raise CalibrationError("calibration.other_colours", colours=list(colours))


def black_index(colours: Sequence[str]) -> int | None:
    """Black's index among ``colours``, or None: a black cube on dark cloth can look like a
    cube's shadow, and calibration and the counter treat it apart."""
    return colours.index("black") if "black" in colours else None


def frame_noise(a: np.ndarray, b: np.ndarray) -> float:
    """Robust per-channel sigma of the difference of two photos that mostly agree."""
    d = (a - b).reshape(-1, 3)
    mad = np.median(np.abs(d - np.median(d, axis=0)), axis=0)
    return float(max(1.4826 * mad.mean(), 0.5))


class _Found(NamedTuple):
    """What a pair of equally scaled calibration views shows."""

    masks: list[np.ndarray]  # the reference cubes', largest first
    noise: float  # between the two views
    learned: shadows.Shadows  # where this session's shadows fall
    stood_out: list[bool]  # per cube: it stands out from a shadow by itself
    reference: np.ndarray  # aligned to the empty view and at its exposure


def _find_cubes(empty: np.ndarray, reference: np.ndarray, colours: Sequence[str]) -> _Found:
    """The reference cubes, one of each of ``colours``, in a pair of equally scaled views.

    The cubes that stand out from the floor in any light show where the shadows fall; with
    that, the floor may only be shadow-dark next to something, so a black cube with the
    colour of the cloth's shadow stands out too. Changed pieces closer than a quarter of a
    cube belong together: a dark cube whose top looks like the cloth while its sides do not
    is still one cube, not two."""
    wanted = len(colours)
    reference = frames.EmptyTray(empty).register(reference)[0]
    noise = frame_noise(reference, empty)
    background = Background.build(empty, noise, RESIDUAL_SHAKE)
    changed = _changed(background.nll(reference)[1])
    labels, order, areas = _pieces(changed)
    standing_out = [(labels == i).astype(np.uint8) for i, a in zip(order, areas) if a >= 0.3 * areas[0]]
    if not standing_out:
        raise CalibrationError("calibration.cube_count", found=0, wanted=wanted)
    learned = shadows.learn(background.shading(reference), standing_out, changed)
    labels, order, areas = _pieces(_changed(background.nll(reference, learned.shade(changed))[1]))
    if len(order) < wanted or areas[wanted - 1] < 0.3 * areas[0]:
        found = int(np.sum(areas >= 0.3 * areas[0])) if len(order) else 0
        if found == wanted - 1:
            seen = np.array([reference[labels == i].mean(axis=0)[::-1] for i in order[:found]])
            raise CalibrationError("calibration.cube_unseen", cube=_missing_name(seen, colours), wanted=wanted)
        raise CalibrationError("calibration.cube_count", found=found, wanted=wanted)
    if len(order) > wanted and areas[wanted] > 0.3 * areas[wanted - 1]:
        raise CalibrationError("calibration.too_many", wanted=wanted)
    masks = [(labels == i).astype(np.uint8) for i in order[:wanted]]
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


def _missing_name(seen: np.ndarray, colours: Sequence[str]) -> str:
    """Which of ``colours`` is absent from the one fewer colours ``seen`` (same rule as ``_name``)."""
    best, best_cost = colours[0], np.inf
    for missing in colours:
        cost = _naming(seen, [c for c in colours if c != missing])[1]
        if cost < best_cost:
            best, best_cost = missing, cost
    return best


def _name(seen: np.ndarray, colours: Sequence[str]) -> list[int]:
    """Which observed colour is which of ``colours``: the permutation that, after the best
    light gain per channel, lies closest to the names' colours in log space."""
    return _naming(seen, colours)[0]


def _naming(seen: np.ndarray, colours: Sequence[str]) -> tuple[list[int], float]:
    """The best assignment of the observed colours (sRGB rows) to ``colours`` (the palette's
    appearances), and its cost: for each name, the row it gets."""
    observed = np.log(np.maximum(seen, 1.0))
    named = np.log(np.array([PALETTE[c] for c in colours], np.float64))
    best, best_cost = list(range(len(colours))), np.inf
    for perm in itertools.permutations(range(len(colours))):
        diff = observed[list(perm)] - named
        cost = ((diff - diff.mean(axis=0)) ** 2).sum()
        if cost < best_cost:
            best, best_cost = list(perm), cost
    return best, float(best_cost)


def calibrate(empty: np.ndarray, reference: np.ndarray, colours: Sequence[str],
              marked: tuple[float, float, float, float] | None = None) -> Calibration:
    """Learn the tray, the cube size and the game's cube ``colours`` (names from the tower
    kit's palette) from the two calibration photos: the empty tray, then one cube of each.

    ``marked``: the frame a person drew round the tray on the empty photo with two taps, its
    opposite corners (x, y, x, y as fractions of the picture), for where the tray's outline
    is not found: the tray is then that frame, and the cubes must lie inside it."""
    colours = cube_colours(colours)
    if empty.shape != reference.shape:
        raise CalibrationError("calibration.photo_sizes")
    h, w = empty.shape[:2]
    rim = geometry.find_rim(empty)
    if marked is None:
        tray, roi, masks, coarse = _tray_holding_the_cubes(empty, reference, rim, colours)
    else:
        tray, roi, masks, coarse = _marked_tray(empty, reference, marked, colours)
    edge = float(np.median([np.sqrt(m.sum()) for m in masks])) / coarse

    fine = min(1.0, SILHOUETTE_EDGE / edge)
    silhouettes = _find_cubes(frames.crop(empty, roi, fine), frames.crop(reference, roi, fine), colours).masks
    scale = min(1.0, TARGET_EDGE / edge)
    if rim is not None and not all(cv2.pointPolygonTest(rim, _centre(m) / fine + roi[:2], False) >= 0 for m in silhouettes):
        rim = None
    view = geometry.fit_view(silhouettes, fine, roi[:2], (w, h), rim)

    bg = frames.crop(empty, roi, scale)
    ref = frames.crop(reference, roi, scale)
    masks, noise, learned, stood_out, ref = _find_cubes(bg, ref, colours)
    light = illumination(bg)
    samples = [ref[m > 0] / light[m > 0][:, None] for m in masks]
    order = _name(np.array([s.mean(axis=0)[::-1] for s in samples]), colours)
    model = ColourModel.fit([samples[i] for i in order], noise, SHADING)
    black = black_index(colours)
    calibration = Calibration(
        frame_size=(w, h),
        roi=roi,
        scale=scale,
        tray=None if tray is None else tray.tolist(),
        camera=view.params() + [float(view.centre[0]), float(view.centre[1])],
        noise=noise,
        background=np.clip(bg + 0.5, 0, 255).astype(np.uint8),
        colours=colours,
        means=model.means.astype(np.float32),
        covs=model.covs.astype(np.float32),
        top_area=np.ones(len(colours)),
        face_area=np.ones(len(colours)),
        face_shade=np.ones(len(colours)),
        full_area=np.ones(len(colours)),
        # a black cube found only as "no shadow can fall here" is found with its own shadow
        shadows=dataclasses.replace(learned, black_casts=True if black is None else stood_out[order[black]]),
    )
    _measure_cubes(calibration, reference, [masks[i] for i in order])
    return calibration


def illumination(background: np.ndarray) -> np.ndarray:
    """How brightly each part of the tray is lit, relative to its middle, from the empty photo."""
    gray = cv2.cvtColor(background, cv2.COLOR_BGR2GRAY)
    sigma = max(gray.shape) / 8
    lit = cv2.GaussianBlur(gray, (0, 0), sigma)
    return (lit / np.median(lit)).astype(np.float32)


def _tray_holding_the_cubes(empty: np.ndarray, reference: np.ndarray, rim: np.ndarray | None, colours: Sequence[str]) -> tuple[np.ndarray | None, tuple[int, int, int, int], list[np.ndarray], float]:
    """The first outline of the tray found that holds all the reference cubes, the part of the
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
            masks, coarse = _cubes_seen_in(empty, reference, roi, colours)
        except CalibrationError:  # an outline that cuts cubes off is not the tray's
            continue
        if all(cv2.pointPolygonTest(outline, _centre(m) / coarse + roi[:2], False) >= 0 for m in masks):
            return outline, roi, masks, coarse
    return None, whole, *_cubes_seen_in(empty, reference, whole, colours)


def _marked_tray(empty: np.ndarray, reference: np.ndarray, marked: tuple[float, float, float, float], colours: Sequence[str]) -> tuple[np.ndarray, tuple[int, int, int, int], list[np.ndarray], float]:
    """The tray as the frame two taps drew round it, the part of the picture worked on (that
    frame, a little wider: a tap lands a finger's width off), and the cubes found there."""
    h, w = empty.shape[:2]
    outline = marked_outline(marked, (w, h))
    (x0, y0), (x1, y1) = outline[0], outline[2]
    margin = MARKED_MARGIN * max(w, h)
    left, top = (max(0, int(v - margin)) // 2 * 2 for v in (x0, y0))  # even, for frames.crop's fast path
    right, bottom = min(w, int(x1 + margin)), min(h, int(y1 + margin))
    roi = (left, top, right - left, bottom - top)
    try:
        masks, coarse = _cubes_seen_in(empty, reference, roi, colours)
    except CalibrationError:
        _cubes_seen_in(empty, reference, (0, 0, w, h), colours)  # the photos' own fault is said as such
        raise CalibrationError("calibration.cubes_outside_marks") from None
    if not all(cv2.pointPolygonTest(outline, _centre(m) / coarse + roi[:2], True) >= -margin for m in masks):
        raise CalibrationError("calibration.cubes_outside_marks")
    return outline, roi, masks, coarse


def marked_outline(marked: tuple[float, float, float, float], frame_size: tuple[int, int]) -> np.ndarray:
    """The frame two taps drew round the tray (opposite corners, in any order, as fractions of
    the picture) as an outline in frame pixels; taps too close together are no tray."""
    w, h = frame_size
    x0, x1 = sorted((marked[0] * w, marked[2] * w))
    y0, y1 = sorted((marked[1] * h, marked[3] * h))
    if x1 - x0 < MARKED_SMALLEST * w or y1 - y0 < MARKED_SMALLEST * h:
        raise CalibrationError("calibration.marks_too_close")
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def _cubes_seen_in(empty: np.ndarray, reference: np.ndarray, roi: tuple[int, int, int, int], colours: Sequence[str]) -> tuple[list[np.ndarray], float]:
    """The reference cubes' masks in ``roi``, shrunk to 640 pixels wide at most, and that scale."""
    coarse = min(1.0, 640 / roi[2])
    return _find_cubes(frames.crop(empty, roi, coarse), frames.crop(reference, roi, coarse), colours).masks, coarse


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
            raise CalibrationError("calibration.colours_alike", cube=calibration.colours[c])
        calibration.full_area[c] = float(counter.inv_scale[own].sum())
        calibration.top_area[c] = float(counter.inv_scale[own & view.tops].sum())
        calibration.face_area[c] = float(counter.inv_scale[own & view.faces].sum())
        face = own & view.faces
        calibration.face_shade[c] = float((view.image[face].sum(axis=1) / counter.light[face]).mean()) if face.any() else 1.0
    unseen = calibration.top_area <= 0.2 * calibration.full_area
    if unseen.all():
        raise CalibrationError("calibration.top_unseen")
    if unseen.any():  # the others' tops show, so the camera is fine: this top looks like the floor
        raise CalibrationError("calibration.top_like_floor", cube=calibration.colours[int(np.argmax(unseen))])
    black = calibration.black
    calibration.black_hollow = black is not None and not calibration.shadows.black_casts and bool(
        np.log(calibration.full_area[black] / np.median(calibration.full_area)) < -SAME_SIZE
    )
    kept_smaller = np.zeros(len(calibration.colours), bool)
    if black is not None:
        kept_smaller[black] = calibration.shadows.black_casts
    for areas in (calibration.top_area, calibration.face_area, calibration.full_area):
        typical = np.median(areas)
        close = np.abs(np.log(areas / typical)) < SAME_SIZE
        areas[close | ((areas < typical) & ~kept_smaller)] = typical
