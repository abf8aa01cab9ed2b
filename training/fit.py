"""Where a model's counts go wrong, cube by cube: the instrument for telling a design that
cannot fit its targets from one that needs more training.

    .venv/bin/python -m training.fit MODEL FOLDER [--setups A B [STEP]] [--reference-colours WAY] [--cube-at P]

An exact-count figure says how often a photo is right, not why it is wrong. Here every counted
cube is matched to the nearest found cube within ``NEAR`` of an edge; what is left over is a
miss (told by its colour and the table under the tray) or an extra peak (told by what it lies
on: a counted cube found twice, a cube that does not count because it lies outside the tray or
shows less than half its top, within ``BESIDE`` edges of a cube, or on an empty floor or a
shadow). Run on the photos a model was
trained on (``configs/overfit50.json`` trains on 50 and validates on the same 50), it says
whether the targets can be learnt at all.
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from training import data, infer
from vision.learned import FAINTEST, Cube
from vision.learned_input import REFERENCE_COLOURS

NEAR = 0.75  # cube edges: a found cube this close to a counted one's top centre is that cube
BESIDE = 1.5  # cube edges: an extra peak this close to any cube is about that cube
MOST_IN = 5  # set-ups listed where the most cubes are named wrongly: such errors gather in a few
BORDERLINE = (0.3, 0.7)  # share of a top seen between which whether the cube counts is hard to tell by eye


@dataclass
class Errors:
    """Misses, extra peaks and wrongly named colours over some photos."""

    photos: int = 0
    exact: int = 0
    found_once: int = 0  # photos whose counted cubes were each found once and nothing else, colours aside
    among_peaks: int = 0  # photos whose counted cubes each have a peak of their own of at least ``FAINTEST``
    borderline_only: int = 0  # photos not found once whose misses and extra peaks all lie on cubes ``BORDERLINE`` seen
    not_found_where: Counter = field(default_factory=Counter)  # set-up -> photos not found once there
    cubes: int = 0
    missed: Counter = field(default_factory=Counter)  # (colour, table) -> counted cubes not found
    missed_pose: Counter = field(default_factory=Counter)  # how a missed cube lay (the label's ``pose``) -> cubes
    extra: Counter = field(default_factory=Counter)  # what it lies on (``_extra_kind``) -> found cubes matching none
    extra_named: Counter = field(default_factory=Counter)  # the colour an extra peak was named -> peaks
    wrong_colour: int = 0
    confused: Counter = field(default_factory=Counter)  # (true colour, named colour) -> cubes named wrongly
    wrong_colour_where: Counter = field(default_factory=Counter)  # set-up -> cubes named wrongly there

    def add(self, other: Errors) -> None:
        self.photos += other.photos
        self.exact += other.exact
        self.found_once += other.found_once
        self.among_peaks += other.among_peaks
        self.borderline_only += other.borderline_only
        self.not_found_where.update(other.not_found_where)
        self.cubes += other.cubes
        self.missed.update(other.missed)
        self.missed_pose.update(other.missed_pose)
        self.extra.update(other.extra)
        self.extra_named.update(other.extra_named)
        self.wrong_colour += other.wrong_colour
        self.confused.update(other.confused)
        self.wrong_colour_where.update(other.wrong_colour_where)

    def report(self) -> dict:
        return {
            "photos": self.photos,
            "all_counts_exact": round(self.exact / self.photos, 3) if self.photos else None,
            "every_cube_found_once": round(self.found_once / self.photos, 3) if self.photos else None,
            "every_cube_among_peaks": round(self.among_peaks / self.photos, 3) if self.photos else None,
            "not_found_once_only_on_borderline_cubes": self.borderline_only,
            "not_found_once_in_setups": len(self.not_found_where),
            "not_found_once_most_in": dict(self.not_found_where.most_common(MOST_IN)),
            "counted_cubes": self.cubes,
            "missed": sum(self.missed.values()),
            "missed_by_colour_and_table": {f"{c} on {t}": n for (c, t), n in self.missed.most_common()},
            "missed_by_pose": dict(self.missed_pose.most_common()),
            "extra": dict(self.extra),
            "extra_named": dict(self.extra_named.most_common()),
            "wrong_colour": self.wrong_colour,
            "wrong_colour_as": {f"{a} as {b}": n for (a, b), n in self.confused.most_common()},
            "wrong_colour_most_in": dict(self.wrong_colour_where.most_common(MOST_IN)),
        }


def compare(cubes: list[dict], found: list[Cube], edge: float, table: str, setup: str = "", peaks: list[Cube] | None = None) -> Errors:
    """One photo's errors: ``cubes`` its labelled cubes (``colour``, ``top``, ``counted``),
    ``found`` what the counter found, ``edge`` one cube's edge in pixels, ``setup`` the
    set-up it was taken in; ``peaks``, every peak of at least ``FAINTEST``, counted or not:
    whether each counted cube has one of its own says whether a better decision among the
    peaks could count the photo (the heatmap's ranking), or the cube is not seen at all."""
    errors = Errors(photos=1)
    counted = [c for c in cubes if c["counted"]]
    errors.cubes = len(counted)
    errors.among_peaks = int(peaks is not None and all(i >= 0 for i in _matched(counted, peaks, edge)))
    borderline: list[bool] = []  # for each miss and extra peak, whether its cube is hard to call
    matches = _matched(counted, found, edge)
    taken = {m for m in matches if m >= 0}
    for cube, best in zip(counted, matches):
        if best < 0:
            errors.missed[(cube["colour"], table)] += 1
            errors.missed_pose[cube.get("pose", "unknown")] += 1
            borderline.append(_is_borderline(cube))
            continue
        if found[best].colour != cube["colour"]:
            errors.wrong_colour += 1
            errors.confused[(cube["colour"], found[best].colour)] += 1
            errors.wrong_colour_where[setup] += 1
    for i, f in enumerate(found):
        if i not in taken:
            on = _cube_under(f, cubes, edge)
            errors.extra[_extra_kind(f, on, cubes, edge)] += 1
            errors.extra_named[f.colour] += 1
            borderline.append(on is not None and _is_borderline(on))
    errors.found_once = int(not borderline)
    errors.borderline_only = int(bool(borderline) and all(borderline))
    if borderline:
        errors.not_found_where[setup] += 1
    counts = Counter(f.colour for f in found)
    errors.exact = int(all(counts[c] == sum(1 for k in counted if k["colour"] == c) for c in {k["colour"] for k in cubes} | set(counts)))
    return errors


def _matched(counted: list[dict], found: list[Cube], edge: float) -> list[int]:
    """For each counted cube in turn, the nearest found cube not taken by an earlier one,
    within ``NEAR`` of an edge: its index, or -1."""
    taken: set[int] = set()
    out = []
    for cube in counted:
        distances = [np.hypot(f.x - cube["top"][0], f.y - cube["top"][1]) if i not in taken else np.inf for i, f in enumerate(found)]
        best = int(np.argmin(distances)) if distances else -1
        out.append(best if best >= 0 and distances[best] <= NEAR * edge else -1)
        if out[-1] >= 0:
            taken.add(best)
    return out


def _is_borderline(cube: dict) -> bool:
    low, high = BORDERLINE
    return low <= cube["visible"] <= high


def _cube_under(peak: Cube, cubes: list[dict], edge: float) -> dict | None:
    """The labelled cube whose top the peak lies on (within ``NEAR`` of an edge), if any."""
    if not cubes:
        return None
    distances = [np.hypot(peak.x - c["top"][0], peak.y - c["top"][1]) for c in cubes]
    nearest = int(np.argmin(distances))
    return cubes[nearest] if distances[nearest] <= NEAR * edge else None


def _extra_kind(peak: Cube, on: dict | None, cubes: list[dict], edge: float) -> str:
    """What an extra peak lies on (``on``: the cube whose top it is on, ``_cube_under``): the
    top of a counted cube already found (found twice), of a cube that does not count (outside
    the tray, or less than half its top seen), near a cube, or on nothing."""
    if not cubes:
        return "apart"
    if on is not None:
        if on["counted"]:
            return "a counted cube twice"
        return "a cube outside the tray" if on["visible"] >= 0.5 else "a cube less than half seen"
    nearest = min(np.hypot(peak.x - c["top"][0], peak.y - c["top"][1]) for c in cubes)
    return "beside a cube" if nearest <= BESIDE * edge else "apart"


def table_of(path: Path) -> str:
    """What lies under the tray in a path-traced sample (its set-up's surface), else unknown."""
    settings = json.loads(path.read_text(encoding="utf-8")).get("source", {}).get("settings", {})
    return settings.get("surface", {}).get("kind", "unknown")


def errors_on(model: Path, paths: list[Path], way: str | None = None, cube_at: float | None = None) -> Errors:
    """The model's errors over the samples ``paths``, counted as ``training.infer`` counts
    (``way``: its reference colours read otherwise, ``vision.learned_input.REFERENCE_COLOURS``;
    ``cube_at``: another cube threshold than its manifest's)."""
    total = Errors()
    for path in paths:
        sample = data.load(path)
        counter = infer.counter_for(model, sample, way=way)
        counted_from = counter.cube_at if cube_at is None else cube_at
        counter.cube_at = FAINTEST  # every peak: those the threshold counts are the highest of them
        peaks = counter.count(sample.image).cubes
        found = [p for p in peaks if p.probability >= counted_from]
        total.add(compare(sample.cubes, found, sample.cube_edge_px, table_of(path), path.stem.split("_")[0], peaks))
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--setups", type=int, nargs="+", metavar="N",
                        help="only set-ups A <= i < B of a path-traced folder (A B), every STEP-th (A B STEP)")
    parser.add_argument("--reference-colours", choices=REFERENCE_COLOURS, help="read the reference colours this way, not as the model learned")
    parser.add_argument("--cube-at", type=float, help="count peaks from this probability, not the manifest's cube threshold")
    args = parser.parse_args(argv)
    if args.setups and len(args.setups) not in (2, 3):
        parser.error("--setups takes A B or A B STEP")
    entry = {"folder": str(args.folder), "setups": args.setups} if args.setups else str(args.folder)
    print(json.dumps(errors_on(args.model, data.selected(entry)[1], args.reference_colours, args.cube_at).report(), indent=1))


if __name__ == "__main__":
    main()
