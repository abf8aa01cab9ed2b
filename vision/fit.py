"""How many cubes make a patch, told by fitting whole cubes' silhouettes to it.

A patch whose faces do not add up to whole cubes (a leaning cube's top and raised side, two
tops whose seam the picture lost) is one of a few stories: ``n`` cubes or one more or one
fewer, lying flat or one of them leaning on a neighbour with one bottom edge on the cloth.
The calibrated camera draws each story: every cube's silhouette, where it may stand and how
it may turn, and the story whose silhouettes cover the patch best (intersection over union,
ignoring what other colours hide) is the one the picture tells. A cube has one shape, so a
leaning cube's top and raised side are one silhouette, not two faces to be measured apart.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.geometry import View3D, to_frame, to_working

FLAT_YAWS = np.radians(np.arange(0, 90, 9))  # a flat cube looks the same turned by a quarter
LEANING_YAWS = np.radians(np.arange(0, 360, 20))  # a leaning cube does not: it rises on one side
LEANS = np.radians([15, 27, 39])  # under 45 degrees, or its weight would not hold it there
OVERLAP_COST = 0.02  # per working pixel two flat cubes' footprints share: solid cubes do not
ROUNDS = 3  # passes over the cubes, each turning and moving one cube at a time
SUBPIXEL = 4  # cv2.fillConvexPoly draws to a quarter pixel (shift 2)
PAD = 14  # working pixels around the patch a fitted cube may reach into
# corners of a cube tilted about one bottom edge (the hinge, at a = 0) in the hinge's own axes:
# a across the hinge, b along it, h up; indices a * 4 + b * 2 + h
_CORNERS = np.array([[a, b, h] for a in (0, 1) for b in (-0.5, 0.5) for h in (0, 1)], float)
_FOOT = [0, 2, 6, 4]
_NEIGHBOURS = np.array([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy], np.int32)


def _near_kinds() -> list[list[int]]:
    """Per kind (``_KINDS`` order: flat yaws, then each leaning yaw's leans), the kinds a step
    away: the next yaw either way, and for a leaning cube the next lean too."""
    flat, yaws, leans = len(FLAT_YAWS), len(LEANING_YAWS), len(LEANS)
    near = [sorted({(f + d) % flat for d in (-1, 0, 1)}) for f in range(flat)]
    for y in range(yaws):
        for lean in range(leans):
            steps = {((y + dy) % yaws, min(max(lean + dl, 0), leans - 1)) for dy in (-1, 0, 1) for dl in (-1, 0, 1)}
            near.append(sorted(flat + y2 * leans + l2 for y2, l2 in steps))
    return near


# every way one cube may lie, as (yaw, lean); the same for every patch, so worked out once
_KINDS = [(y, 0.0) for y in FLAT_YAWS] + [(y, lean) for y in LEANING_YAWS for lean in LEANS]
_YAW = np.array([k[0] for k in _KINDS])[:, None, None]
_LEAN = np.array([k[1] for k in _KINDS])[:, None, None]
_FLAT = list(range(len(FLAT_YAWS)))
_LEANING = list(range(len(FLAT_YAWS), len(_KINDS)))
_NEAR = _near_kinds()


class _Shapes:
    """Every way one cube may lie, drawn once at one spot of the patch: the silhouette's hull and
    the footprint, as offsets from the point of the floor below the cube's middle. A patch is a
    few cubes wide, and so little of the perspective changes across it that moving a drawing is
    as good as drawing again."""

    def __init__(self, view: View3D, origin: np.ndarray, scale: float, at: np.ndarray, grow: float = 0.0, sweep: tuple[float, float] | None = None):
        floor = view.on_plane(to_frame(at, origin, scale)[None], 0.0)[0]
        u = np.cos(_YAW) * view.e1 + np.sin(_YAW) * view.e2
        w = -np.sin(_YAW) * view.e1 + np.cos(_YAW) * view.e2
        a, b, h = (_CORNERS[None, :, i, None] for i in range(3))
        across = a * np.cos(_LEAN) - h * np.sin(_LEAN)
        up = a * np.sin(_LEAN) + h * np.cos(_LEAN)
        hinge = floor - 0.5 * view.cube * u
        points = hinge + view.cube * (across * u + b * w - up * view.down)
        corners = to_working(view.project(points), origin, scale) - at
        ring = grow * np.stack([np.cos(np.arange(8) * np.pi / 4), np.sin(np.arange(8) * np.pi / 4)], axis=1)
        if sweep is not None:  # the cube and its shadow: the silhouette swept the shadow's way
            corners = np.concatenate([corners, corners + np.asarray(sweep)], axis=1)
        self.outlines = [cv2.convexHull(c).reshape(-1, 2) for c in corners.astype(np.float32)]
        grown = [cv2.convexHull((o[:, None] + ring[None]).reshape(-1, 2).astype(np.float32)).reshape(-1, 2) for o in self.outlines] if grow else self.outlines
        # where each silhouette's middle lies: a cube turned or tilted in place keeps it there
        sizes = np.array([len(o) for o in self.outlines])
        sums = np.add.reduceat(np.concatenate(self.outlines), np.concatenate([[0], np.cumsum(sizes)[:-1]]))
        self.middles = np.round(sums / sizes[:, None].astype(np.float32) * SUBPIXEL).astype(np.int32)
        lengths = np.cumsum([len(o) for o in grown])[:-1]
        self.hulls = np.split(np.round(np.concatenate(grown) * SUBPIXEL).astype(np.int32), lengths)
        self.feet = np.round(corners[:, _FOOT] * SUBPIXEL).astype(np.int32)

    def draw(self, kinds: list[int], at4: np.ndarray, shape: tuple[int, int], feet: bool) -> tuple[np.ndarray, np.ndarray]:
        """Silhouettes and footprints of ``kinds`` placed at ``at4`` (quarter pixels, integers;
        one place for all, or one each), one row each of pixels flattened. Without ``feet`` the
        footprints' rows are empty: a lone cube's overlaps nothing, and drawing it would be a
        third of its fit's time."""
        places = np.broadcast_to(at4, (len(kinds), 2))
        silhouettes = np.zeros((len(kinds),) + shape, np.uint8)
        footprints = np.zeros((len(kinds),) + shape if feet else (len(kinds), 0), np.uint8)
        for j, kind in enumerate(kinds):
            cv2.fillConvexPoly(silhouettes[j], self.hulls[kind] + places[j], 1, shift=2)
            if feet:
                cv2.fillConvexPoly(footprints[j], self.feet[kind] + places[j], 1, shift=2)
        return silhouettes.reshape(len(kinds), -1), footprints.reshape(len(kinds), -1 if feet else 0)


class PoseFit:
    """Fits cubes to one colour's patches in the counter's working view."""

    def __init__(
        self, view: View3D, origin: tuple[float, float], scale: float, shape: tuple[int, int], silhouette: float, sweep: tuple[float, float] | None = None
    ):
        """``silhouette``: one flat cube's silhouette in working pixels as the counter finds it,
        at the middle of the tray (``Calibration.full_area``). Found masks reach past the
        geometric outline by the lens's blur and the noise threshold (about two working
        pixels); the drawn silhouettes are grown by as much, or every fit would leave a ring
        of the patch uncovered and more, smaller cubes would always cover it better.
        ``sweep``: where a colour is found together with its own shadow, the shadow's reach
        (``vision.shadows``); each silhouette is swept that far, as the patch is."""
        self.view, self.origin, self.scale, self.sweep = view, np.asarray(origin, float), float(scale), sweep
        middle = np.array([shape[1], shape[0]], float) / 2
        outlines = [_Shapes(view, self.origin, self.scale, middle).outlines[k] for k in _FLAT]
        area = np.mean([cv2.contourArea(outline) for outline in outlines])
        perimeter = np.mean([cv2.arcLength(outline, True) for outline in outlines])
        self.grow = max(0.0, (silhouette - area) / perimeter)

    def patch(self, patch: np.ndarray, hidden: np.ndarray) -> "PatchFit":
        """The patch (a boolean mask of the working view) ready to be covered with cubes;
        ``hidden`` pixels (another colour, in front of it or behind) count neither way."""
        return PatchFit(self, patch, hidden)


class PatchFit:
    """One patch and every way one cube may lie on it, drawn once for all the stories tried."""

    def __init__(self, fit: PoseFit, patch: np.ndarray, hidden: np.ndarray):
        bx, by, bw, bh = cv2.boundingRect(patch.view(np.uint8))  # nonzero over the whole view cost a tenth of a millisecond
        ys, xs = np.nonzero(patch[by:by + bh, bx:bx + bw])
        ys, xs = ys + by, xs + bx
        x0, y0 = max(int(xs.min()) - PAD, 0), max(int(ys.min()) - PAD, 0)
        x1, y1 = min(int(xs.max()) + PAD + 1, patch.shape[1]), min(int(ys.max()) + PAD + 1, patch.shape[0])
        self.mine = patch[y0:y1, x0:x1].ravel()
        self.free = ~(hidden[y0:y1, x0:x1].ravel() & ~self.mine)
        self.shape = (y1 - y0, x1 - x0)
        self.points = np.stack([xs - x0, ys - y0], axis=1).astype(np.float64)
        centre = self.points.mean(axis=0)
        self.shapes = _Shapes(fit.view, fit.origin, fit.scale, centre + (x0, y0), fit.grow, fit.sweep)
        # the silhouette's middle lies above the floor below the cube's middle by half a rise
        self.half_rise = 0.5 * fit.view.rise(to_frame(centre + (x0, y0), fit.origin, fit.scale)[None])[0] * fit.scale

    def cover(self, cubes: int) -> float:
        """How well ``cubes`` cubes, lying flat or one of them leaning, can cover the patch: the
        intersection over union of their silhouettes and the patch, less a cost for footprints
        that overlap. Each round turns and then moves one cube at a time to where it covers
        best, all its candidates scored at once: the first round every way it may lie, by 2
        and 1 pixels; later rounds only a step further round or over (``_near_kinds``), by 1
        pixel: as good a fit as trying every way in every round, in three quarters of the time."""
        shapes, shape, mine, free = self.shapes, self.shape, self.mine, self.free
        at = [np.round((c + self.half_rise) * SUBPIXEL).astype(np.int32) for c in _k_means(self.points, cubes)]
        kinds = [_FLAT[0]] * cubes
        feet_matter = cubes > 1
        drawn = list(zip(*shapes.draw(kinds, np.array(at), shape, feet_matter)))
        total = int(mine.sum())
        best = -np.inf
        for first in [True] + [False] * (ROUNDS - 1):
            improved = False
            for i in range(cubes):
                union = np.zeros(mine.shape, bool)
                feet = np.zeros(mine.shape, bool)
                overlap = 0
                for j, (s, f) in enumerate(drawn):
                    if j != i:
                        overlap += np.count_nonzero(feet & f.view(bool))
                        union |= s.view(bool)
                        feet |= f.view(bool)
                union &= free
                gain = (mine & ~union).astype(np.float32)
                cost = (free & ~mine & ~union).astype(np.float32)
                inter, outside = np.count_nonzero(union & mine), total + np.count_nonzero(union & ~mine)
                taken = feet.astype(np.float32)

                def take(turned: list[int], places: np.ndarray) -> None:
                    """Score every candidate at once; keep the best if it covers better."""
                    nonlocal best, improved
                    silhouettes, footprints = shapes.draw(turned, places, shape, feet_matter)
                    area = silhouettes.astype(np.float32)
                    values = (inter + area @ gain) / (outside + area @ cost)
                    if feet_matter:
                        values -= OVERLAP_COST * (overlap + footprints.astype(np.float32) @ taken)
                    j = int(np.argmax(values))
                    if values[j] > best + 1e-9:
                        best, improved = float(values[j]), True
                        kinds[i], at[i], drawn[i] = turned[j], places[j], (silhouettes[j], footprints[j])

                if first:  # one cube of the patch may lean
                    turns = _FLAT + _LEANING if i == 0 else _FLAT
                else:
                    turns = _NEAR[kinds[i]]
                take(turns, at[i] + shapes.middles[kinds[i]] - shapes.middles[turns])
                for step in (2 * SUBPIXEL, SUBPIXEL) if first else (SUBPIXEL,):
                    take([kinds[i]] * len(_NEIGHBOURS), at[i] + step * _NEIGHBOURS)
            if not improved:
                break
        return best


def _k_means(points: np.ndarray, k: int, rounds: int = 10) -> np.ndarray:
    """``k`` centres of ``points``, seeded deterministically (farthest first, from the point
    nearest the middle), so the same frame always fits the same way. Distances are summed over
    x and y by hand: numpy's sum over an axis of two costs ten times as much, a millisecond of
    a big patch's fit."""
    if k == 1:
        return points.mean(axis=0)[None]
    x, y = points[:, 0], points[:, 1]

    def squared(centres: np.ndarray) -> np.ndarray:
        return (x[:, None] - centres[None, :, 0]) ** 2 + (y[:, None] - centres[None, :, 1]) ** 2

    seeds = points[[np.argmin(squared(points.mean(axis=0)[None])[:, 0])]]
    for _ in range(1, k):
        seeds = np.concatenate([seeds, points[[np.argmax(squared(seeds).min(axis=1))]]])
    centres, nearest = seeds, None
    for _ in range(rounds):
        assigned = np.argmin(squared(centres), axis=1)
        if nearest is not None and np.array_equal(assigned, nearest):
            break  # the same members give the same centres
        nearest = assigned
        members = np.bincount(nearest, minlength=k)[:, None]
        sums = np.stack([np.bincount(nearest, weights=points[:, d], minlength=k) for d in range(2)], axis=1)
        centres = np.where(members > 0, sums / np.maximum(members, 1), centres)
    return centres
