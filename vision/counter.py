"""Counting the cubes in one frame, with a confidence and the reason when it is low.

Each pixel of the working view is labelled empty tray, one of the calibrated colours, or unknown
(``vision.pixels``), twice: what the first pass finds may cast shadows, and the second lets
the floor be shadow-dark only within their reach (``vision.shadows``). Light that changed
over part of the tray since calibration (a player leaning over it) is read from the floor the
first pass finds and divided out, and the first pass made again. Foreground pixels whose
vertical-edge segment stays in the foreground are top faces (``vision.geometry``). Within
every same-colour patch the top faces are cut apart along their edges (the seams between
touching cubes, the rim of a tilted cube) into faces; each face's area (with the band of edge
pixels around it) over one cube's top area (from calibration, corrected for perspective),
rounded, is how many cubes it is: the rule "a cube counts when at least half its top shows",
face by face. A face only counts on its own if it is lit like a top lying flat (as the frame's
own whole tops are lit), so the sides of a cube resting tilted on another do not count as more
cubes; touching faces none of which is lit like that are one tilted cube. How far the faces
are from whole cubes (a tilted cube's, together, from what one leaning cube holds) is how
unsure the count is. A small patch whose faces do not add up is fitted with whole cubes'
silhouettes (``vision.fit``): one more or one fewer cube when they cover it clearly better,
and no doubt left when the count's silhouettes cover it clearly best. A small patch whose
faces come near a doubt is fitted too, and a fit that disagrees with them is a doubt. Of a
bigger patch, the faces around its worst face are fitted, for one cube fewer. On cloth where
a black cube is found together with its own shadow (its top has a shadow's colour), black is
told from the floor over a few pixels at once, not pixel by pixel. Wherever black's measure
holds its shadow (there, or where its umbra is as dark as the cube), its patches are fitted
with silhouettes swept along the shadow. Where even the black cube's whole
silhouette measured short in calibration (its top has the cloth's colour in every frame), a
small black patch is its cube's sides and outline, and is taken with the floor inside its hull.
Where black is found with its shadow, a region of a top's size and shape that the edges close
round, beside a black patch, is a black top read as floor in a shadow, and is taken as black;
and a black patch holds at least as many cubes as such tops lie in it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.kits.tower.source import Doubt, in_english
from vision import frames, geometry
from vision.calibration import RESIDUAL_SHAKE, SHADING, TARGET_EDGE, Calibration, illumination
from vision.fit import PatchFit, PoseFit
from vision.pixels import BACKGROUND, PAINT, SHADE_RANGE, UNKNOWN, Background, ColourModel, Evidence, Shade

CHI2_EDGE = 27.9  # chi-square, 6 dof (two gradients, three channels), p = 1e-4

UNSURE_RESIDUAL = 0.3  # a patch whose top area is this far from whole cubes is not trusted
UNSURE_UNKNOWN = 0.5  # cubes' worth of unexplained foreground that makes the whole count unsure
MIN_TOP = 0.25  # patches with less top than this are edge debris, not cubes worth annotating
TOP_SPREAD = 0.1  # one cube's top area scatters by this much (sigma, in tops) around its calibrated value
WHOLE_TOP = 1 - 2 * TOP_SPREAD  # tops: a face holding at least this much is a whole top, two sigmas down
BESIDE_COUNTED = 1.0  # tops: two faces or more beside a counted top count as a cube of their own only if they hold a whole top's worth; a leaning cube's sides beside its own top, turned from the lamp, can hold 0.8
LEANING_HOLDS = 1.3  # tops a leaning cube's top and raised sides hold, at most, less the unsure margin: doubted from 1.6, which only 1 leaning cube in 100 holds more than (a lone tilted group up to about 1.57, a top and its raised side up to about 1.67)
FACE_BAND = 5.5  # working pixels: a 3x3 Sobel on an outline blurred by the lens and the shrinking marks edge pixels this far out from a face
LIGHTING_TOPS = 3  # whole top faces a frame needs before their median brightness says how the frame is lit
DOUBTED_CONFIDENCE = 0.7  # at most, when a doubt the faces do not measure hangs over the frame: the light changed, a black cube may hide in a shadow
LIGHT_CELL = 3.0  # cube edges: the light on the tray is read in cells this wide, mostly floor even beside a cluster
LIGHT_CHANGED = 2  # cells out of the lit floor's range that make a change of light: one can be a cluster of black cubes
FIT_LIMIT = 3  # cubes: a patch of at most this many (black found with its shadow: of this much area) is fitted with whole cubes; of a bigger one, the faces around its worst face, if they hold at most this many
SHADOW_SPAN = 2  # cubes: black found with its shadow is fitted for at most this many more than its area holds with a shadow each
FIT_CHECKS = 0.2  # residual from which a patch the faces count is fitted too, to check them: a leaning cube's top and side, each lit like a flat top, can measure near whole tops
FIT_MARGIN = 0.1  # intersection over union by which the other story must cover a patch better to replace the faces' count
FIT_SETTLES = 0.85  # intersection over union at which the fitted count needs no check (with a margin: fits from 0.7 up already settle counts that are right)
ONE_CUBE_FIT = 0.6  # intersection over union at which one cube's silhouette makes a patch with no whole face one cube
HOLLOW_ONE = (1.5, 2.0)  # a hull no bigger than this many cube silhouettes and no longer than this many times its width is one cube's outline
HOLLOW_FILL = 3.0  # whole cubes' silhouettes: where black tops have the cloth's colour, a black patch of at most this much is taken as its convex hull (2.5 to 3 count such tables best: less leaves small clusters short, more fills the floor between cubes)
MIN_FACE = 0.2  # a piece of top face smaller than this share of one cube's top face (edges cut off) is a speck, not a cube's top
ENCLOSED_TOP = (0.3, 1.2)  # tops: a region closed all round by edges holds a top's inside, its edge band cut off (a black top's inside measures 0.48 of a top at the median, 0.39-0.58 for 80% of them)
ENCLOSED_SHAPE = (0.85, 0.8, 1.6)  # such a region fills at least these shares of its hull and of its smallest rectangle, and is at most this many times as long as wide: a top seen from above; a pocket of floor between cubes is rounder or longer
ENCLOSED_RING = (0.2, 0.8)  # share of the pixels around it that are black: beside a black patch, not a hole inside one (whose area the patch's count already holds)
ENCLOSED_TAKEN = (0.5, 0.2)  # at most these shares of it already black (nothing to add) and of another colour (that cube's top)
_SQUARE = np.ones((3, 3), np.uint8)
_EDGE_BAND = np.ones((5, 5), np.uint8)  # a top's edge pixels around its inside: a 3x3 Sobel's reach and the outline's own
_AROUND = np.ones((7, 7), np.uint8)  # the ring a region's neighbours are read in: its edge band and a pixel past it
_BRIDGE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
NEAR = 4  # pixels: the furthest a pixel's neighbourhood reaches in the masks' openings and closings (``_BRIDGE``'s radius, and one to spare)
LINE_SIGMAS = 5.0  # a tray line stands out of the empty photo by this many noise sigmas


@dataclass
class View:
    """One frame as the counter sees it, in working pixels."""

    image: np.ndarray
    labels: np.ndarray
    colour_masks: list[np.ndarray]
    unknown: np.ndarray
    tops: np.ndarray
    faces: np.ndarray  # top faces cut apart along their edges (seams between touching cubes, a tilted cube's rim)
    shift: float
    gain: float
    relit: bool = False  # the light on the tray changed since calibration and was divided out
    closed_tops: list[tuple[int, int]] = field(default_factory=list)  # where black is found with its shadow: the centre of each region of a top's size and shape its edges close round


@dataclass
class Patch:
    """Touching cubes of one colour and how many the counter makes of them."""

    colour: str
    cubes: int
    estimate: float
    contour: np.ndarray  # frame pixels, N x 2
    faces: list[tuple[float, float]] = field(default_factory=list)  # each top face: cubes' worth of top, brightness over a flat top's
    doubtful: bool = False  # its faces do not add up to whole cubes: where the players should look


@dataclass
class _Faces:
    """One colour's patches (rows) by top faces (columns)."""

    colour: int
    area: np.ndarray  # cubes' worth of top; column 0 is top pixels near no face
    shade: np.ndarray  # brightness over the reference cube's top
    contours: dict[int, np.ndarray]  # patch label -> outline, working pixels
    touching: dict[int, set[int]]  # each face (column) -> the faces whose pixels touch it
    origin: tuple[int, int]  # working pixel of the patches' box
    labels: np.ndarray  # the box's pixels by patch (row + 1), 0 where none
    nearest: np.ndarray  # the box's pixels by their nearest face (column), however far


@dataclass
class Count:
    counts: dict[str, int]
    confidence: float
    doubts: list[Doubt] = field(default_factory=list)
    patches: list[Patch] = field(default_factory=list)
    unknown: float = 0.0  # unexplained foreground, in cubes
    shift: float = 0.0  # camera shake undone, working pixels
    unexplained: list[np.ndarray] = field(default_factory=list)  # outlines (frame pixels) of what no cube colour explains, when that is a doubt

    @property
    def unsure(self) -> bool:
        return bool(self.doubts)

    @property
    def note(self) -> str | None:
        """The doubts in English, for the command line and logs."""
        return in_english(self.doubts)


class Counter:
    """Counts frames from one calibrated camera; build once per session, call ``count`` per frame."""

    def __init__(self, calibration: Calibration):
        self.calibration = calibration
        background = calibration.background.astype(np.float32)
        self.background = Background.build(background, calibration.noise, RESIDUAL_SHAKE)
        self.empty = frames.EmptyTray(background)
        self.light = illumination(background)
        colours = ColourModel(calibration.means, calibration.covs)
        self.table = colours.table()
        # where black is found together with its own shadow, it is told from the floor pooled over a few pixels
        self.colours = calibration.colours
        self.black = calibration.black  # None when the game has no black cubes: nothing is treated apart
        self.pooled = None if self.black is None or calibration.shadows.black_casts else (self.black, colours.nll(self.black))
        self.lines = _tray_lines(self.empty.gray, calibration.noise)
        view = geometry.View3D(*calibration.camera[:4], calibration.camera[4:6])
        self.inv_scale, self.rise_steps, self.lift = geometry.working_fields(view, background.shape[:2], calibration.roi[:2], calibration.scale)
        fit_args = (view, calibration.roi[:2], calibration.scale, background.shape[:2], float(np.median(calibration.full_area)))
        self.poses = PoseFit(*fit_args)
        others = calibration.top_area if self.black is None else np.delete(calibration.top_area, self.black)
        self.top_pixels = float(np.median(others))  # one cube's top, the colours but black's
        # one black cube as calibrated, in tops of the other colours: more than one where its
        # measure holds its shadow, and its top alone shows where that falls on a neighbour
        self.black_tops = 1.0 if self.black is None else float(calibration.top_area[self.black]) / self.top_pixels
        self.shadowed = PoseFit(*fit_args, sweep=calibration.shadows.reach) if self.black_with_shadow else None

    def analyse(self, frame: np.ndarray) -> View:
        if frame.shape[1::-1] != tuple(self.calibration.frame_size):
            raise ValueError(f"frame is {frame.shape[1]}x{frame.shape[0]}, calibration was {self.calibration.frame_size}")
        view = frames.crop(frame, self.calibration.roi, self.calibration.scale)
        view, shift, gain = self.empty.register(view)
        evidence = Evidence(view, self.light, self.background, self.table)
        first = evidence.labels()
        shade = self._shade(first)
        lit = self.calibration.shadows.lit
        # the light is read on floor out of every shadow's reach: the cubes' own shadows are theirs
        floor = (first == BACKGROUND) & (shade[0] >= lit[0])
        cells = self.empty.lighting(view, floor, round(LIGHT_CELL * TARGET_EDGE))
        relit = int(((cells < lit[0]) | (cells > lit[1])).sum()) >= LIGHT_CHANGED
        if relit:
            view = frames.relight(view, cells)
            evidence = Evidence(view, self.light, self.background, self.table)
            shade = self._shade(evidence.labels())
        labels = evidence.labels(shade, self.pooled)
        masks = [self._bridge(_clean(labels == c)) for c in range(len(self.colours))]
        black = self.black
        if black is not None and self.calibration.black_hollow:
            masks[black] = _hulls_filled(masks[black], labels == BACKGROUND, self.inv_scale, HOLLOW_FILL * self.cube_pixels)
        elif black is not None and not self.calibration.shadows.black_casts:
            masks[black] = self._hollow_cubes_filled(masks[black], labels == BACKGROUND)
        edges = self.edges(view)
        closed: list[tuple[int, int]] = []
        if black is not None and self.black_with_shadow:
            found, closed = _enclosed_tops(masks, black, edges, self.inv_scale, self.top_pixels)
            masks[black] |= found
        unlabelled = (labels == UNKNOWN).view(np.uint8)
        unknown = cv2.morphologyEx(unlabelled, cv2.MORPH_OPEN, _SQUARE)
        # whatever the tray cannot explain is something lying there, specks included: seen through
        # the near wall a cube's side is hazed into specks of no colour, and the top above it
        # must still have its side below it
        fg = unlabelled.copy()
        for m in masks:
            fg |= m
        fg = self._bridge(cv2.morphologyEx(fg, cv2.MORPH_CLOSE, _SQUARE))
        tops = geometry.tops(fg, self.rise_steps)
        faces = tops & ~edges
        return View(view, labels, [m > 0 for m in masks], unknown > 0, tops > 0, faces > 0, shift, gain, relit, closed)

    def _shade(self, first: np.ndarray) -> Shade:
        """How dark the floor may be at each pixel, given what a first labelling found: what
        is not floor casts shadows, from where it stands on the floor (a black cube on cloth
        it cannot be told from in shadow is found with its own shadow, and casts none).

        The reach is learned from the reference cubes' outlines and cast from the casters'
        footprints, so it stops short of a cube lying up the picture, behind a caster (a black
        cube there on dark cloth would otherwise pass for shadow). It is not learned from
        footprints: there the floor darkened around a black cube's blurred outline reads as
        shadow, and the reach comes out too long."""
        casters = first != BACKGROUND
        if not self.calibration.shadows.black_casts:
            casters &= first != self.black
        return self.calibration.shadows.shade(geometry.footprints(casters.view(np.uint8), self.lift))

    def _bridge(self, mask: np.ndarray) -> np.ndarray:
        """Join a mask across the tray's own lines (the near wall's rim and foot seen across a
        cube behind it): there the tray, not the cube, decides the colour. Joined for each
        colour, and for the foreground as a whole: seen through the wall, a cube's side can
        take another colour than its top, and the line between them must not cut the top off."""
        if not self.lines.any():
            return mask
        return mask | (_near(mask, lambda part: cv2.morphologyEx(part, cv2.MORPH_CLOSE, _BRIDGE)) & self.lines)

    def edges(self, view: np.ndarray) -> np.ndarray:
        """Pixels on an edge: a brightness step between two pixels that noise cannot explain."""
        gx = cv2.Sobel(view, cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(view, cv2.CV_32F, 0, 1, ksize=3)
        # a 3x3 Sobel of white noise of sigma s has variance 12 s^2 per axis and channel
        chi = cv2.transform(gx * gx + gy * gy, np.ones((1, 3), np.float32)) / (12 * self.calibration.noise**2)
        return (chi > CHI2_EDGE).view(np.uint8)

    def count(self, frame: np.ndarray) -> Count:
        """The cubes in ``frame`` by colour; ``note`` says why the count should not be trusted."""
        return self.count_view(self.analyse(frame))

    @property
    def cube_pixels(self) -> float:
        """One cube's silhouette in working pixels, middle of the tray."""
        return float(np.median(self.calibration.full_area))

    @property
    def inv2var(self) -> np.ndarray:
        """The working view's 1 / (2 sigma^2) per pixel: what a still tray's frames differ by."""
        return self.background.inv2var

    def count_view(self, view: View) -> Count:
        counts = {c: 0 for c in self.colours}
        patches: list[Patch] = []
        worst = 0.0
        measured = [m for c in range(len(self.colours)) if (m := self._measure(view, c)) is not None]
        light_scale = _frame_lighting([m.shade[:, 1:][m.area[:, 1:] >= WHOLE_TOP] for m in measured if self._shade_says_tilt(m.colour)])
        for m in measured:
            colour = self.colours[m.colour]
            area, shade = m.area, m.shade / light_scale
            estimates = area.sum(axis=1)
            closed = _closed_tops_by_patch(view.closed_tops, m) if m.colour == self.black else np.zeros(len(area), int)
            # A face counts when it is lit like a top lying flat: a whole top within the shading a
            # flat cube's top takes, a partial top (a tilted cube hides the rest, or it is that
            # cube's side) only within the paint variation of the reference top.
            says_tilt = self._shade_says_tilt(m.colour)
            top_like = (shade >= SHADING[0]) & (shade <= SHADING[1]) | (not says_tilt)  # as a flat top can be lit, a neighbour's shadow included
            flat = np.where(area >= WHOLE_TOP, top_like, (np.abs(shade - 1) <= 2 * PAINT) | (not says_tilt))
            # no face of a cube is darker than the floor in a cube's shadow: turned from the lamp
            # it gets the same light a shadow does, so darker is a shadow on cloth of its colour
            lit = (area > 0) & ((shade >= SHADE_RANGE[0]) | (not says_tilt))
            whole = np.where(flat, np.round(area), 0)
            tilted = _tilted_cubes(whole, area, m.touching, lit, top_like)  # a face a flat top could be, half hidden, is no raised side
            lost = (whole.sum(axis=1) == 0) & (np.round(estimates) >= 1) & lit.any(axis=1)
            whole[lost, np.argmax(area[lost], axis=1)] = 1  # a patch with half a top but no face to count (its top near no face) is one tilted cube
            far = _residual(area, whole, tilted)
            residual = far.max(axis=1, initial=0.0)
            for k in range(len(area)):
                cubes = int(whole[k].sum())
                if not says_tilt and 0.5 <= estimates[k] < FIT_LIMIT + 0.5:
                    cubes, residual[k] = self._fitted_with_shadow(view, m, k, float(estimates[k]), cubes, float(residual[k]))
                elif residual[k] >= UNSURE_RESIDUAL or (cubes > 0 and residual[k] >= FIT_CHECKS):
                    cubes, residual[k] = self._checked(view, m, k, whole[k], far[k], tilted)
                if closed[k] > cubes:
                    cubes, residual[k] = int(closed[k]), max(float(residual[k]), UNSURE_RESIDUAL)
                doubtful = bool(residual[k] >= UNSURE_RESIDUAL)
                worst = max(worst, float(residual[k]))
                counts[colour] += cubes
                if (cubes > 0 or doubtful) and k + 1 in m.contours:
                    faces_k = sorted(((round(float(a), 2), round(float(b), 2)) for a, b in zip(area[k], shade[k]) if a > 0), reverse=True)
                    patches.append(Patch(colour, cubes, float(estimates[k]), self._to_frame(m.contours[k + 1]), faces_k, doubtful))
        unknown = float(self.inv_scale[view.unknown].sum() / self.calibration.full_area.mean())
        unexplained = self._unexplained(view.unknown) if unknown >= UNSURE_UNKNOWN else []
        confidence = max(0.0, 1 - worst) * max(0.0, 1 - unknown / (2 * UNSURE_UNKNOWN))
        doubts = []
        if unknown >= UNSURE_UNKNOWN:
            doubts.append(Doubt("doubt.unknown_thing"))
        if worst >= UNSURE_RESIDUAL:
            doubts.append(Doubt("doubt.not_whole"))
        if view.shift > frames.MAX_SHIFT:
            doubts.append(Doubt("doubt.camera_moved"))
        if view.relit:
            # counted as lit at calibration, but a hand over a white table is read as a shadow too
            doubts.append(Doubt("doubt.light_changed"))
            confidence = min(confidence, DOUBTED_CONFIDENCE)
        if self._black_could_hide(view):
            doubts.append(Doubt("doubt.black_in_shadow"))
            confidence = min(confidence, DOUBTED_CONFIDENCE)
        if (self.calibration.black_hollow and counts.get("black", 0) > 0) or self._black_outline_around_floor(view):
            # only a black cube's sides show here: one whose sides lean on or press against
            # another's leaves no trace, and two can count as one
            doubts.append(Doubt("doubt.black_hollow"))
            confidence = min(confidence, DOUBTED_CONFIDENCE)
        return Count(counts, round(confidence, 3), doubts, patches, unknown, view.shift, unexplained)

    def _checked(self, view: View, m: _Faces, k: int, whole: np.ndarray, far: np.ndarray, tilted: list[tuple[int, list[int]]]) -> tuple[int, float]:
        """Patch ``k``'s count and residual once whole cubes are fitted to it (``_fitted``), where
        its faces do not add up or come near that. A small patch is fitted whole, for one cube
        more or fewer, towards its top area. In a bigger one only the faces around its worst face
        are fitted (its leaning cube's faces and every face touching them), and the rest of the
        patch counts neither way; only for a cube fewer, since one more could cover the part
        with its neighbours' pixels for nothing. Returns the count, and the
        residual: none left when the fit settles the part and no other face leaves a doubt, a
        doubt when the faces looked sure and the fit disagrees. Faces that look sure are checked
        only for a cube fewer, and not for settling: where sure-looking faces mislead, it is a
        leaning cube counted twice (its top and its side each lit like a flat top), and checking
        them for one more catches nothing and costs about a millisecond a frame."""
        cubes, residual = int(whole.sum()), float(far.max(initial=0.0))
        patch = m.labels == k + 1
        if cubes <= FIT_LIMIT:
            part, held, rest = patch, cubes, 0.0
            other = cubes + 1 if float(m.area[k].sum()) > cubes else cubes - 1
        else:
            faces = _around(1 + int(np.argmax(far[1:])), k, tilted, m.touching)
            part, held = patch & np.isin(m.nearest, faces), int(whole[faces].sum())
            other = held - 1
            rest = float(np.delete(far, faces).max(initial=0.0))  # the doubt the other faces leave
            if not 0 < held <= FIT_LIMIT:
                return cubes, residual
        if residual < UNSURE_RESIDUAL and other > held:
            return cubes, residual
        fitted, settled = self._fitted(view, m, part, patch, held, other, settle=residual >= UNSURE_RESIDUAL)
        if residual >= UNSURE_RESIDUAL and settled and rest < UNSURE_RESIDUAL:  # the fit answers the doubt the faces left
            residual = rest
        elif residual < UNSURE_RESIDUAL and fitted != held:  # the faces and the fit disagree: the players look
            residual = UNSURE_RESIDUAL
        return cubes + fitted - held, residual

    def _fitted(self, view: View, m: _Faces, part: np.ndarray, patch: np.ndarray, cubes: int, other: int, settle: bool) -> tuple[int, bool]:
        """How many cubes ``part`` of a patch (``_Faces.labels`` box pixels) whose faces do not
        add up holds, told by fitting whole cubes to it (``vision.fit``), and whether the fit
        settles it; the rest of the patch counts neither way. One cube leaning on another
        shows a top and a raised side that the faces measure as more than one cube, or two
        cubes lose their seam; one silhouette tells them apart. The count is the faces', or
        ``other`` (one more or one fewer) when those cubes' silhouettes cover it better by
        ``FIT_MARGIN``. Asked to ``settle``, it is settled, and the players need not check it,
        when the count's silhouettes cover the patch well (``FIT_SETTLES``) and better by that
        margin than one cube more and one fewer. A patch with no whole face is one cube when one cube's
        silhouette covers it (a black top the colour of the cloth, found by its dark sides);
        that stays a doubt.

        Black is fitted like any colour, also where it casts a shadow of its own and its
        outline runs into the shadows around it: the fit keeps a still tray's count steady
        there too."""
        if cubes > 0 and other < 1:
            return cubes, False
        fit = self._patch_fit(self.poses, view, m, part, patch)
        if cubes == 0:
            return int(fit.cover(1) >= ONE_CUBE_FIT), False
        covers = {n: fit.cover(n) for n in (cubes, other)}
        if covers[other] >= covers[cubes] + FIT_MARGIN:
            cubes = other
        if not settle or covers[cubes] < FIT_SETTLES:
            return cubes, False
        for n in (cubes - 1, cubes + 1):
            if n >= 1 and n not in covers:
                covers[n] = fit.cover(n)
        return cubes, all(covers[cubes] >= covers[n] + FIT_MARGIN for n in covers if n != cubes)

    def _fitted_with_shadow(self, view: View, m: _Faces, k: int, estimate: float, faces: int, residual: float) -> tuple[int, float]:
        """How many black cubes patch ``k`` holds where black is measured together with its own
        shadow (``black_with_shadow``): the number whose silhouettes, each swept along the
        shadow, cover it best. There the faces mislead: a cube's shadow is cut out as a face of
        its own, and a top the colour of the floor is none (four cubes can show five faces).
        So does the area: black's calibrated area holds the cube's shadow, and
        where that falls on a neighbour (or on another black cube in a cluster) the cube shows
        only its top. The patch holds at least its area in black cubes with their shadows
        (``estimate``, whole cubes of it, one at least) and at most its area in tops alone
        (``black_tops`` each), and no more than ``SHADOW_SPAN`` past the least. Returns the
        count and the patch's residual, a doubt where the fit and the ``faces``' count disagree,
        as in ``_checked``. Every such patch is fitted, not only those whose faces are in
        doubt: here faces that look sure mislead as well.

        The least is the area's whole cubes, not one fewer: with one fewer tried as well, a
        speck of shadow can be fitted as two cubes."""
        fewest = max(1, int(estimate))
        most = min(max(fewest, math.ceil(estimate * self.black_tops)), fewest + SHADOW_SPAN)
        cubes = fewest
        if most > fewest:
            patch = m.labels == k + 1
            fit = self._patch_fit(self.shadowed, view, m, patch, patch)
            covers = {n: fit.cover(n) for n in range(fewest, most + 1)}
            cubes = max(covers, key=covers.get)
        return cubes, residual if cubes == faces else max(residual, UNSURE_RESIDUAL)

    def _patch_fit(self, poses: PoseFit, view: View, m: _Faces, part: np.ndarray, patch: np.ndarray) -> PatchFit:
        """``part`` of a patch (``_Faces.labels`` box pixels) ready to be fitted; other colours,
        in front of the patch or behind it, the tray's own lines and the rest of the patch count
        neither way."""
        x, y = m.origin
        h, w = m.labels.shape
        mine = np.zeros(view.labels.shape, bool)
        mine[y:y + h, x:x + w] = part
        hidden = self.lines > 0
        hidden[y:y + h, x:x + w] |= patch & ~part
        for c, mask in enumerate(view.colour_masks):
            if c != m.colour:
                hidden |= mask
        return poses.patch(mine, hidden)

    def _unexplained(self, unknown: np.ndarray) -> list[np.ndarray]:
        """Outlines of the unexplained pieces big enough to hide a cube (a hand, a die), for the
        players to see what the counter could not read."""
        contours, _ = cv2.findContours(unknown.view(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        return [self._to_frame(c) for c in contours if cv2.contourArea(c) >= MIN_TOP * self.cube_pixels]

    def _hollow_cubes_filled(self, black: np.ndarray, floor: np.ndarray) -> np.ndarray:
        """On cloth where black is found together with its own shadow, the black mask with each
        small patch shaped like one cube's outline taken with the floor inside it. The reference
        cube's top showed (or the table would be ``black_hollow``), but cubes are painted a few
        percent apart, and a top a little lighter than the reference one has the cloth's colour:
        only its sides and outline are found, a patch that holds too little to count (most
        often under a lamp overhead). Only a patch of one cube's silhouette at most, whose hull
        has one cube's size and shape: with every small patch filled, the hulls of lines along
        a wall and of pieces of shadow would make cubes where there are none."""
        return _hulls_filled(black, floor, self.inv_scale, self.cube_pixels, one_cube=self.cube_pixels)

    def _black_outline_around_floor(self, view: View) -> bool:
        """Whether a black patch is the outline of cubes whose tops have the cloth's colour: its
        hull holds floor enough for half a top, and at least half as much as the patch itself
        (an L of solid cubes holds a little floor in its corner; an outline, its whole top).
        The reference cube's top may show while the others' do not, painted a shade apart:
        three black cubes in a row (black felt, lamp overhead) can then show as one outline
        and count as one. Without the second condition (half the patch's own area), solid
        clusters on light cloth would be doubted for nothing."""
        if self.black is None or self.calibration.black_hollow:
            return False
        half_top = 0.5 * self.top_pixels
        for box, _, hull, size in _hulls(view.colour_masks[self.black], self.inv_scale, HOLLOW_FILL * self.cube_pixels, roomy=1.5, room=half_top):
            inside = float(self.inv_scale[box][(hull > 0) & (view.labels[box] == BACKGROUND)].sum())
            if inside >= half_top and inside >= 0.5 * size:
                return True
        return False

    def _black_could_hide(self, view: View) -> bool:
        """On cloth where a black top has the colour of a cube's shadow, a black cube lying in
        another's shadow is read as that shadow and leaves no trace: any floor read as shadow
        that could hold half a black top (enough for it to count) may be hiding one."""
        if self.calibration.shadows.black_casts:
            return False
        dark = (view.labels == BACKGROUND) & (self.background.shading(view.image) < self.calibration.shadows.lit[0])
        n, pieces = cv2.connectedComponents(dark.view(np.uint8), connectivity=8)
        size = np.bincount(pieces[dark], weights=self.inv_scale[dark], minlength=n)
        return bool(size.max(initial=0.0) >= 0.5 * self.calibration.top_area[self.black])

    @property
    def black_with_shadow(self) -> bool:
        """Black is measured together with its own shadow: on cloth it cannot be told from in
        shadow (``Shadows.black_casts`` false), and wherever calibration kept black's top area
        bigger than the others' (``vision.calibration._measure_cubes``), which happens also
        where black casts a shadow of its own, its umbra darker than the floor may be and as
        dark as the cube.

        The second case matters: there two black cubes one behind the other each measure about
        half of the calibrated black top, their faces brighter than the reference face (whose
        shadow darkened it), and measured like any colour they would pass for one leaning
        cube, with no doubt."""
        return not self.calibration.shadows.black_casts or self.black_tops > 1.0

    def _shade_says_tilt(self, c: int) -> bool:
        """False for black measured together with its own shadow: the reference face's
        brightness holds the shadow's, and a face's says nothing about tilt."""
        return c != self.black or not self.black_with_shadow

    def _measure(self, view: View, c: int) -> _Faces | None:
        """The top faces of one colour's patches: each face's area in cubes' tops and its
        brightness over the reference cube's top."""
        x, y, w, h = cv2.boundingRect(view.colour_masks[c].view(np.uint8))
        if w == 0:
            return None
        box = (slice(y, y + h), slice(x, x + w))
        mask = np.ascontiguousarray(view.colour_masks[c][box]).view(np.uint8)
        n, comp = cv2.connectedComponents(mask, connectivity=8)
        tops = view.tops[box] & (comp > 0)
        faces = view.faces[box] & (mask > 0)
        weight = self.inv_scale[box]
        regions, nearest = self._regions(faces, weight, self.calibration.face_area[c])
        stride = int(regions.max()) + 1
        pair = comp[tops] * stride + regions[tops]
        area = np.bincount(pair, weights=weight[tops], minlength=n * stride) / self.calibration.top_area[c]
        inside = faces & (comp > 0)
        pair_f = comp[inside] * stride + regions[inside]
        bright = view.image[box][inside].sum(axis=1) / self.light[box][inside]
        shade = np.bincount(pair_f, weights=bright, minlength=n * stride) / np.maximum(np.bincount(pair_f, minlength=n * stride), 1)
        shade = shade.reshape(n, stride)[1:] / self.calibration.face_shade[c]
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(x, y))
        by_label = {int(comp[ct[0, 0, 1] - y, ct[0, 0, 0] - x]): ct for ct in contours}
        return _Faces(c, area.reshape(n, stride)[1:], shade, by_label, _touching(np.where(tops, regions, 0)), (x, y), comp, nearest)

    @staticmethod
    def _regions(faces: np.ndarray, weight: np.ndarray, face_area: float) -> tuple[np.ndarray, np.ndarray]:
        """Each pixel labelled by its nearest face: a piece of top face, cut out along its
        edges, big enough to be a cube's top rather than a speck. Only the band of edge pixels
        around a face is its own; top pixels further out are no flat top's (the raised sides of
        a cube resting tilted on another stay clear of the floor for more than one cube's
        height) and are labelled 0, like pixels with no face at all. Also returns every pixel
        labelled by its nearest face however far, to fit whole cubes to some faces of a patch."""
        m, pieces = cv2.connectedComponents(faces.view(np.uint8), connectivity=4)
        if m <= 1:
            return np.zeros(faces.shape, np.int32), np.zeros(faces.shape, np.int32)
        size = np.bincount(pieces.ravel(), weights=weight.ravel(), minlength=m) / face_area
        seeds = (size >= MIN_FACE) & (np.arange(m) > 0)
        if not seeds.any():
            return np.zeros(faces.shape, np.int32), np.zeros(faces.shape, np.int32)
        src = np.where(seeds[pieces], 0, 255).astype(np.uint8)
        dist, labels = cv2.distanceTransformWithLabels(src, cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_CCOMP)
        return np.where(dist > FACE_BAND, 0, labels), labels

    def _to_frame(self, contour: np.ndarray) -> np.ndarray:
        return geometry.to_frame(contour.reshape(-1, 2), self.calibration.roi[:2], self.calibration.scale)


def _touching(regions: np.ndarray) -> dict[int, set[int]]:
    """Each labelled region's neighbours: the regions with 4-neighbouring pixels."""
    touching: dict[int, set[int]] = {}
    for a, b in ((regions[:, 1:], regions[:, :-1]), (regions[1:], regions[:-1])):
        meet = (a != b) & (a > 0) & (b > 0)
        for i, j in set(zip(a[meet].tolist(), b[meet].tolist())):
            touching.setdefault(i, set()).add(j)
            touching.setdefault(j, set()).add(i)
    return touching


def _tilted_cubes(
    whole: np.ndarray, area: np.ndarray, touching: dict[int, set[int]], lit: np.ndarray, top_like: np.ndarray | None = None
) -> list[tuple[int, list[int]]]:
    """Count, in ``whole`` (patches x faces), the cubes whose faces are none of them lit like a
    flat top: a cube resting tilted on another shows its top and at least one raised side.

    Touching faces that do not count on their own are one cube when together they hold at
    least what a whole top does (a tilted top, foreshortened, and a side), or when no counted
    face touches them and they hold at least half a top (a tilted cube on its own). Two faces
    or more beside a counted face must hold a whole top's worth (``BESIDE_COUNTED``), not just
    its lower bound: the counted face may be a leaning cube's own top, turned from the lamp and
    lit darker but within a flat top's range, and these its sides (0.45 and 0.35 tops beside a
    top of 0.85 would make a seventh cube of six, with no doubt). A single
    face holding a whole top is one cube too (a leaning cube's top turned from the lamp)
    unless it touches a counted face holding less than a whole top: that may be its own top,
    foreshortened, with this its side tilted towards the camera. Less
    than that next to a counted face is that cube's raised side, unless a face of it is lit
    as a flat top can be (``top_like``): then it may be a cube half hidden, and stays a doubt.
    A group with no face ``lit`` like a cube's is a shadow. Returns the leaning cubes, as
    (patch, faces): the groups counted, and each counted top with its raised sides."""
    leaning: dict[tuple[int, int], list[int]] = {}  # (patch, the face it is counted on) -> its faces
    for k in range(len(area)):
        idle = {j for j in range(1, area.shape[1]) if whole[k, j] == 0 and area[k, j] >= MIN_TOP}
        while idle:
            group, todo, next_to_counted, next_to_part = set(), [idle.pop()], False, False  # part: a counted face short of a whole top
            while todo:
                j = todo.pop()
                group.add(j)
                for i in touching.get(j, ()):
                    next_to_counted |= bool(whole[k, i])
                    next_to_part |= bool(whole[k, i]) and area[k, i] < WHOLE_TOP
                    if i in idle:
                        idle.discard(i)
                        todo.append(i)
            if not lit[k, list(group)].any():
                continue
            held = area[k, list(group)].sum()
            enough = BESIDE_COUNTED if next_to_counted and len(group) >= 2 else WHOLE_TOP
            if (held >= enough and (len(group) >= 2 or not next_to_part)) or (not next_to_counted and held >= 0.5):
                face = max(group, key=lambda j: area[k, j])
                whole[k, face] = 1
                leaning[k, face] = sorted(group)
            elif next_to_counted and (top_like is None or not top_like[k, list(group)].any()):
                tops = [i for j in group for i in touching.get(j, ()) if whole[k, i] == 1]
                if tops:  # its cube: of the counted tops beside it, the one that leaves the most doubt
                    top = max(tops, key=lambda i: area[k, i])
                    leaning.setdefault((k, top), [top]).extend(sorted(group))
    return [(k, faces) for (k, _), faces in leaning.items()]


def _residual(area: np.ndarray, whole: np.ndarray, tilted: list[tuple[int, list[int]]]) -> np.ndarray:
    """Per patch and face, how far the faces are from whole cubes: each face from the cubes it
    counts, and each leaning cube (``_tilted_cubes``) from what one leaning cube's faces hold
    (at least a whole top's lower bound, at most ``LEANING_HOLDS``), not face by face, where
    its foreshortened top and its side are each far from a whole top by nature; a leaning
    cube's distance stands on its first face."""
    far = np.where(area >= MIN_TOP, np.abs(area - whole), 0.0)
    for k, group in tilted:
        held = float(area[k, group].sum())
        far[k, group] = 0.0
        far[k, group[0]] = max(0.0, WHOLE_TOP - held, held - LEANING_HOLDS)
    return far


def _around(face: int, k: int, tilted: list[tuple[int, list[int]]], touching: dict[int, set[int]]) -> list[int]:
    """The faces of patch ``k`` a doubt about ``face`` concerns: its leaning cube's faces if it
    is one, and every face touching those."""
    group = {face}.union(*(faces for p, faces in tilted if p == k and face in faces))
    return sorted(group.union(*(touching.get(j, set()) for j in group)))


def _frame_lighting(whole_tops: list[np.ndarray]) -> float:
    """How much brighter this frame lights a flat top than the reference photo did: the median
    over the frame's whole top faces, most of which lie flat. A lamp warming up or the camera's
    exposure moves every top alike; a tilted cube's faces move alone.
    Fewer than ``LIGHTING_TOPS`` whole tops say too little, and the reference stands."""
    shades = np.concatenate([s.ravel() for s in whole_tops]) if whole_tops else np.zeros(0)
    return float(np.median(shades)) if len(shades) >= LIGHTING_TOPS else 1.0


def _tray_lines(gray: np.ndarray, noise: float) -> np.ndarray:
    """The empty tray's thin bright and dark lines (rims, the walls' feet), where a cube seen
    through a wall is crossed by the wall's own edge."""
    lines = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, _SQUARE) + cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, _SQUARE)
    found = (lines > LINE_SIGMAS * noise).astype(np.uint8)
    found = cv2.morphologyEx(found, cv2.MORPH_OPEN, np.ones((1, 3), np.uint8)) | cv2.morphologyEx(found, cv2.MORPH_OPEN, np.ones((3, 1), np.uint8))
    return cv2.dilate(found, _SQUARE)


def _hulls(mask: np.ndarray, weight: np.ndarray, most: float, roomy: float = 0.0, room: float = 0.0) -> Iterator[tuple[tuple[slice, slice], np.ndarray, np.ndarray, float]]:
    """Each patch of ``mask`` of at most ``most`` (in ``weight``'s units): its box, its convex
    hull's outline and filled hull in the box, and its size. With ``roomy``, only patches whose
    hull is at least that many times their own pixels, and with ``room``, whose box leaves
    that much (in ``weight``'s units) beside them. This runs on every frame: only the mask's own
    box is looked at (over the whole view it cost a millisecond of each), and a patch only once
    its box's size allows it."""
    bx, by, bw, bh = cv2.boundingRect(mask.view(np.uint8))
    if bw == 0:
        return
    part = (slice(by, by + bh), slice(bx, bx + bw))
    n, patches, stats, _ = cv2.connectedComponentsWithStats(np.ascontiguousarray(mask[part]).view(np.uint8), connectivity=8)
    lightest, heaviest = cv2.minMaxLoc(weight[part])[:2]
    for i in range(1, n):
        x, y, w, h, pixels = stats[i]
        if pixels * lightest > most or w * h < roomy * pixels or (w * h - pixels) * heaviest < room:  # the hull lies in the box
            continue
        own = (slice(y, y + h), slice(x, x + w))
        mine = patches[own] == i
        size = float(weight[part][own][mine].sum())
        if size > most:
            continue
        outline = cv2.convexHull(cv2.findNonZero(mine.view(np.uint8)))
        if roomy and cv2.contourArea(outline) < roomy * pixels:
            continue
        hull = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(hull, outline, 1)
        yield (slice(by + y, by + y + h), slice(bx + x, bx + x + w)), outline, hull, size


def _hulls_filled(mask: np.ndarray, floor: np.ndarray, weight: np.ndarray, most: float, one_cube: float = 0.0) -> np.ndarray:
    """A black mask with the floor inside each small patch's convex hull added: on cloth where a
    black top has the cloth's colour, the patch is the cube's dark sides and outline around a
    top read as floor, and counting by top area needs the top. Only patches of at most
    ``most`` (in ``weight``'s units) are filled: the hull of a bigger cluster takes in the floor
    between its cubes. With ``one_cube`` (one silhouette, in those units), only patches whose
    hull has one cube's size and shape (``HOLLOW_ONE``)."""
    out = mask.copy()
    for box, outline, hull, _ in _hulls(mask, weight, most):
        if one_cube and not _like_one_cube(outline, float((hull * weight[box]).sum()) / one_cube):
            continue
        out[box] |= hull & floor[box].view(np.uint8)
    return out


def _enclosed_tops(masks: list[np.ndarray], black_index: int, edges: np.ndarray, weight: np.ndarray, top: float) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Black tops found by their outline where black is found together with its own shadow:
    there a black top has the colour of the floor in a shadow, but its edges still close round
    it, top to side and top to cloth. A region of the edge map's gaps closed all round (not
    cut by the box around the black mask, which reaches a cube past it), the size of a top's
    inside (``top``: one top, in ``weight``'s units) and its shape, and not another colour's,
    is a black top. Returns the black tops read as floor beside a black patch, with their edge
    bands, to be added to the black mask, and the centre of every such top (``_closed_tops_by_patch``).

    A black cube between two others, in their shadow, leaves no black pixel; its outline still
    closes round its top. Where black casts a shadow of its own and is measured like any
    colour, this is not applied: there the gap between another cube's side and a black cube
    closes round too, and passes for a top. A pocket of shadow closed round by three cubes is
    told from a top by how little of its smallest rectangle it fills. Regions already black
    (a hole in a patch, or a top found by its colour) add nothing to the mask: their edge
    bands would make patches measure more than they hold."""
    black = masks[black_index]
    found = np.zeros_like(black)
    centres: list[tuple[int, int]] = []
    bx, by, bw, bh = cv2.boundingRect(black.view(np.uint8))
    if bw == 0:
        return found, centres
    reach = round(TARGET_EDGE)
    x0, y0 = max(bx - reach, 0), max(by - reach, 0)
    box = (slice(y0, by + bh + reach), slice(x0, bx + bw + reach))
    gaps = np.ascontiguousarray(edges[box] == 0).view(np.uint8)
    n, regions, stats, _ = cv2.connectedComponentsWithStats(gaps, connectivity=4)
    weight = weight[box]
    lightest, heaviest = cv2.minMaxLoc(weight)[:2]
    blk = black[box] > 0
    others = np.zeros(blk.shape, bool)
    for c, mask in enumerate(masks):
        if c != black_index:
            others |= mask[box] > 0
    height, width = gaps.shape
    least, most = ENCLOSED_TOP[0] * top, ENCLOSED_TOP[1] * top
    hull_fill, rectangle_fill, longest = ENCLOSED_SHAPE
    for i in range(1, n):
        x, y, w, h, pixels = stats[i]
        if x == 0 or y == 0 or x + w == width or y + h == height or pixels * lightest > most or pixels * heaviest < least:
            continue
        own = (slice(max(y - 3, 0), y + h + 3), slice(max(x - 3, 0), x + w + 3))
        mine = regions[own] == i
        if not least <= float(weight[own][mine].sum()) <= most or others[own][mine].mean() > ENCLOSED_TAKEN[1]:
            continue
        points = cv2.findNonZero(mine.view(np.uint8))
        (cx, cy), (a, b), _ = cv2.minAreaRect(points)
        if pixels < hull_fill * cv2.contourArea(cv2.convexHull(points)) or pixels < rectangle_fill * a * b or max(a, b) > longest * min(a, b):
            continue
        centre = (x0 + own[1].start + round(cx), y0 + own[0].start + round(cy))
        if blk[own][mine].mean() < ENCLOSED_TAKEN[0]:
            around = (cv2.dilate(mine.view(np.uint8), _AROUND) > 0) & ~mine
            if not ENCLOSED_RING[0] <= blk[own][around].mean() <= ENCLOSED_RING[1]:
                continue
            found[box][own] |= (cv2.dilate(mine.view(np.uint8), _EDGE_BAND) > 0) & ~others[own]
        centres.append(centre)
    return found, centres


def _closed_tops_by_patch(centres: list[tuple[int, int]], m: _Faces) -> np.ndarray:
    """How many black tops closed round by their edges (``_enclosed_tops``) lie in each patch
    (row of ``m``): the patch holds at least that many cubes. Where black is found with its shadow, a cluster
    is counted by its area and swept silhouettes, and a top its neighbour's shadow covers
    goes uncounted; its edges still show it (without them, five black cubes in two rows can
    count as four)."""
    x, y = m.origin
    h, w = m.labels.shape
    inside = [int(m.labels[cy - y, cx - x]) for cx, cy in centres if 0 <= cx - x < w and 0 <= cy - y < h]
    return np.bincount(inside, minlength=len(m.area) + 1)[1:]


def _like_one_cube(outline: np.ndarray, silhouettes: float) -> bool:
    """Whether a hull of ``silhouettes`` cubes' size has one cube's size and shape: not a line
    along a wall, nor the floor between cubes of a cluster."""
    (_, _), (a, b), _ = cv2.minAreaRect(outline)
    return silhouettes <= HOLLOW_ONE[0] and min(a, b) > 0 and max(a, b) <= HOLLOW_ONE[1] * min(a, b)


def _clean(mask: np.ndarray) -> np.ndarray:
    """Drop specks and one-pixel lines of mixed colour at edges, then close the seams and rim
    reflections that cut through a cube."""
    return _near(mask.view(np.uint8), lambda part: cv2.morphologyEx(cv2.morphologyEx(part, cv2.MORPH_OPEN, _SQUARE), cv2.MORPH_CLOSE, _SQUARE))


def _near(mask: np.ndarray, close: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """``close`` (openings and closings of at most ``NEAR`` pixels' reach) applied to the box
    around the mask's pixels only: most colours are absent from most frames, or a few cubes,
    and the whole view's masks took a millisecond and a half of every frame. The box reaches
    twice as far as the closing, so nothing its edge cuts off could have reached inside."""
    x, y, w, h = cv2.boundingRect(mask)
    out = np.zeros_like(mask)
    if w == 0:
        return out
    box = (slice(max(y - 2 * NEAR, 0), y + h + 2 * NEAR), slice(max(x - 2 * NEAR, 0), x + w + 2 * NEAR))
    out[box] = close(np.ascontiguousarray(mask[box]))
    return out
