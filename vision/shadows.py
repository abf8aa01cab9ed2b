"""Where a shadow may fall: next to something that casts it.

A black cube on black or charcoal cloth, seen through the tray's hazy floor, can have just the
colour of the floor in a cube's shadow, or of the floor itself lit a little differently. Only
where it lies tells them apart: a shadow lies next to whatever casts it, on the side away from
the lamp and no further than the lamp's slant lets it reach. Calibration learns this from the
reference cubes: which way and how far their shadows reach in the image, and how much the lit
floor's brightness wanders between the two photos. In a frame, the floor may then be as dark
as a shadow only within a shadow's reach of something found in the tray; darker than the lit
floor anywhere else, it is something lying there.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from vision.pixels import SHADE_RANGE, Shade

SMOOTH = 7  # pixels averaged to read the floor's shading without the sensor's noise
LIT_SIGMAS = 5.0  # the lit floor's shading stays within this many robust sigmas of its middle
AROUND = 4.0  # cube edges around the reference cubes where the lit floor is read
ANGLES = 32  # directions the reach is looked for in: at most 6 degrees off, 2 pixels sideways at a cube edge's length, within a shadow's soft edge
DARK = 3  # a dark pixel the reach leaves out counts three lit ones it takes in: left out, a shadow's dark floor is read as a cube; taken in, lit floor hides only a black cube lying just there
PENUMBRA = 0.15  # cube edges: how soft a shadow's edge may be (a lamp the size of a hand, a metre up)
FURTHEST = 1.5  # cube edges: the longest reach looked for (a lamp 35 degrees above the table)
SLIVER = 0.2  # cube edges: a piece thinner than this (a dark cube's edge seen alone) lies too low to cast a shadow


@dataclass(frozen=True)
class Shadows:
    """This session's shadows, in working pixels."""

    reach: tuple[float, float]  # the furthest a shadow falls from the edge of its caster
    blur: float  # the shadow's soft edge, beyond its reach and to either side
    lit: tuple[float, float]  # the darkest and brightest the floor is with no shadow on it
    black_casts: bool = True  # False where the black cube is only found as "no shadow here": it is counted with its own shadow
    sliver: float = 1.0  # pieces no thicker than twice this cast no shadow

    @cached_property
    def kernel(self) -> np.ndarray:
        """Offsets a caster's pixels cast onto: the segment towards ``reach``, widened by the blur."""
        dx, dy = self.reach
        r = int(np.ceil(np.hypot(dx, dy) + self.blur))
        kernel = np.zeros((2 * r + 1, 2 * r + 1), np.uint8)
        # cv2.dilate reads src(x + offset - anchor): to shade x from a caster at x - reach, draw towards -reach
        cv2.line(kernel, (r, r), (int(round(r - dx)), int(round(r - dy))), 1, 1 + 2 * int(round(self.blur)))
        kernel[r, r] = 1
        return kernel

    @cached_property
    def _thin(self) -> np.ndarray:
        """Built once per calibration, like the kernel: ``shade`` runs on every frame."""
        return _disc(int(round(self.sliver)))

    def shade(self, casters: np.ndarray) -> Shade:
        """Per pixel, the darkest and brightest the floor may be: a shadow's depth within
        reach of ``casters`` (anything found in the tray), the lit floor's range elsewhere.

        Slivers cast nothing: where only the dark edges of a black cube show, its top has the
        colour of a shadow, and the edges would otherwise explain it away as their own."""
        thick = cv2.morphologyEx(casters.astype(np.uint8), cv2.MORPH_OPEN, self._thin)
        zone = cv2.dilate(thick, self.kernel) > 0
        return np.where(zone, SHADE_RANGE[0], self.lit[0]).astype(np.float32), self.lit[1]

    def to_json(self) -> dict:
        return {"reach": list(self.reach), "blur": self.blur, "lit": list(self.lit), "black_casts": self.black_casts, "sliver": self.sliver}

    @classmethod
    def from_json(cls, data: dict) -> "Shadows":
        return cls(tuple(data["reach"]), float(data["blur"]), tuple(data["lit"]), bool(data["black_casts"]), float(data["sliver"]))


def learn(shading: np.ndarray, cubes: list[np.ndarray], everything: np.ndarray) -> Shadows:
    """Shadows from the reference photo: ``shading`` is its brightness over the empty tray's,
    ``cubes`` the masks of the cubes found (each casts a shadow), ``everything`` all that
    differs from the empty tray."""
    edge = float(np.median([np.sqrt(m.sum()) for m in cubes]))
    found = everything.astype(np.uint8)
    smooth = cv2.blur(shading, (SMOOTH, SMOOTH))
    near = _widened(found, int(round(FURTHEST * edge)) + SMOOTH)
    around = _widened(found, int(round(AROUND * edge)))
    floor = smooth[around & ~near]  # the tray's floor between the cubes, not the cloth beyond its walls
    if floor.size:
        # robust: the rim's lines and a black cube nobody has found yet are outliers here
        middle = float(np.median(floor))
        spread = LIT_SIGMAS * 1.4826 * float(np.median(np.abs(floor - middle)))
        lit = (min(middle - spread, 1.0), max(middle + spread, 1.0))
    else:
        lit = SHADE_RANGE
    blur = max(1.0, PENUMBRA * edge)
    return Shadows(_reach(shading, cubes, found, lit[0], blur, FURTHEST * edge), blur, lit, sliver=max(1.0, SLIVER * edge))


def _reach(shading: np.ndarray, cubes: list[np.ndarray], found: np.ndarray, lit: float, blur: float, furthest: float) -> tuple[float, float]:
    """The reach whose shadows best tell the dark floor around the cubes from the lit floor:
    each dark pixel they cover counts ``DARK``, each lit one -1. Looked for in
    every direction and, in each, one pixel longer at a time: a cube's silhouette, widened by
    the soft edge, swept step by step (the zone ``Shadows.kernel`` draws). A dilation by it for
    each reach would take 11 s a calibration; instead each pixel of the box learns the first
    step whose sweep covers it, and a step's score is what the steps up to it covered.

    The reach is not the shortest that covers most of the dark pixels along their mean
    direction: under a lamp nearly overhead the cubes' dark outlines ring them on every side,
    no reach covers most of a ring, and the longest would be taken, in a direction the shadows
    do not fall (a black cube anywhere there would hide as a shadow). Scoring dark pixels
    covered against lit ones finds where the shadows are."""
    steps = int(furthest)
    margin = steps + int(np.ceil(blur)) + 2  # a swept silhouette never leaves its cube's box

    def padded(image: np.ndarray) -> np.ndarray:  # so that every cube's box lies inside
        return cv2.copyMakeBorder(image.astype(np.uint8), margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=0) > 0

    beside = padded(~(cv2.dilate(found, _disc(1)) > 0))
    weights = np.where(beside, np.where(padded(cv2.blur(shading, (3, 3)) < lit), DARK, -1), 0)
    angles = np.arange(ANGLES) * (2 * np.pi / ANGLES)
    step = np.arange(steps + 1)
    score = np.zeros((ANGLES, steps + 1))
    for mask in cubes:
        x, y, w, h = cv2.boundingRect(mask)
        box = (slice(y, y + h + 2 * margin), slice(x, x + w + 2 * margin))
        cube = padded(mask)[box]
        weight = np.where(cube, 0, weights[box]).ravel()
        soft = cv2.dilate(cube.view(np.uint8), _disc(int(round(blur)))) > 0
        pixels = np.flatnonzero(soft)
        for a, angle in enumerate(angles):
            shifts = np.round(step * np.sin(angle)).astype(int) * soft.shape[1] + np.round(step * np.cos(angle)).astype(int)
            first = np.full(soft.size, steps + 1)
            np.minimum.at(first, (pixels[None, :] + shifts[:, None]).ravel(), np.repeat(step, len(pixels)))
            covered = first <= steps
            score[a] += np.cumsum(np.bincount(first[covered], weights=weight[covered], minlength=steps + 1))
    a, t = np.unravel_index(int(np.argmax(score)), score.shape)
    return float(np.cos(angles[a]) * t), float(np.sin(angles[a]) * t)


def _disc(radius: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))


def _widened(mask: np.ndarray, radius: int) -> np.ndarray:
    """Exactly ``cv2.dilate(mask, _disc(radius)) > 0``, a row of the disc at a time: each row
    is a run, and a run is a dilation OpenCV does in constant time a pixel, where the whole
    disc costs its area (a tenth of a second a calibration at four cube edges)."""
    disc = _disc(radius)
    rows, cols = mask.shape
    out = np.zeros((rows, cols), bool)
    for dy, row in enumerate(disc, start=-radius):
        if abs(dy) >= rows:
            continue
        half = int(np.count_nonzero(row)) // 2
        run = cv2.dilate(mask, np.ones((1, 2 * half + 1), np.uint8)) > 0
        # out[y] takes the run of source row y + dy
        if dy >= 0:
            out[: rows - dy] |= run[dy:]
        else:
            out[-dy:] |= run[: rows + dy]
    return out
