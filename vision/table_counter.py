"""The counter the table's camera runs: the rule-based counter, checked by the learned one.

The two share no code, no constants and no training photos (the rules were tuned on the
project's generator, the network learned from a path tracer), so they rarely go wrong in the
same way: two independent counts that agree are better evidence than either counter's own
doubts about its reading, which are rules of thumb about its own pixels. A settled tray both
count alike is called sure unless the scene itself is in doubt; where they differ, the reading keeps the rules' counts and names the colours they
differ on, so the players check those cubes in the outlined picture.

The network takes about twice the rules' time, so the live source asks it once a settled
tray, not every frame (``CheckedCounter.check``). Where only one of the two calibrates on the
group's photos, the table counts with that one alone and never calls a count sure
(``doubt.unchecked``): a counter's doubts about its own reading do not hold on photos unlike
those it was tuned or trained on (the rules, tuned on the generator, called 4.2% wrong counts
sure on the issue's independent renderer; the network's figures are in ``training/README.md``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from companion.files import write_atomically
from companion.kits.tower.source import Doubt
from vision import learned_counter
from vision.calibration import Calibration, CalibrationError, calibrate as calibrate_rules
from vision.counter import Count, Counter, Patch, View
from vision.learned_counter import LearnedCalibration, LearnedCounter

KIND = "checked"
FILE_VERSION = 1

# Refusals about the photos or the taps, not about finding the cubes in them: the learned
# counter is not asked after these (cubes the rules see outside the frame the taps drew are
# outside it, whatever finds them).
NOT_THE_CUBES = {"calibration.photo_sizes", "calibration.marks_too_close", "calibration.cubes_outside_marks"}


# Doubts about the scene rather than about a counter's reading of it: a thing in the tray may
# hide cubes from both counters alike, and a camera or light changed since calibration misleads
# both. Agreement does not lift these.
SCENE_DOUBTS = {"doubt.unknown_thing", "doubt.camera_moved", "doubt.light_changed"}


def agreed(count: Count, other: Count) -> Count:
    """``count`` as the table shows it once ``other``, an independent counter, has read the
    same frame: when the two agree, doubted only for what ``SCENE_DOUBTS`` names; else also
    on the colours they differ on, with the places to look marked in the picture: ``count``'s
    patches of those colours, and the cubes of theirs ``other`` found where ``count`` has none."""
    if other.counts == count.counts:
        scene = [d for d in count.doubts if d.key in SCENE_DOUBTS]
        return replace(count, doubts=scene, confidence=count.confidence if scene else max(count.confidence, other.confidence))
    differ = [c for c in count.counts if count.counts[c] != other.counts.get(c, 0)]
    patches = [replace(p, doubtful=True) if p.colour in differ else p for p in count.patches]
    patches += [replace(p, cubes=0, doubtful=True) for p in other.patches
                if p.colour in differ and p.cubes and not _on(p, count.patches)]
    return replace(count, doubts=[*count.doubts, Doubt("doubt.counters_disagree", {"colours": differ})],
                   confidence=min(count.confidence, other.confidence), patches=patches)


def _on(patch: Patch, patches: list[Patch]) -> bool:
    """Whether ``patch``'s centre lies on one of ``patches`` of its colour."""
    x, y = np.asarray(patch.contour, np.float32).reshape(-1, 2).mean(axis=0)
    return any(q.colour == patch.colour and cv2.pointPolygonTest(np.asarray(q.contour, np.float32).reshape(-1, 1, 2),
                                                                 (float(x), float(y)), False) >= 0 for q in patches)


@dataclass
class CheckedCalibration:
    """Both counters' calibrations from the same two photos, kept in one file; the rules'
    tray, crop and advice are the ones shown."""

    rules: Calibration
    learned: LearnedCalibration

    @property
    def frame_size(self) -> tuple[int, int]:
        return self.rules.frame_size

    @property
    def roi(self) -> tuple[int, int, int, int]:
        return self.rules.roi

    @property
    def tray(self) -> list[list[float]] | None:
        return self.rules.tray

    def advice(self) -> list[str]:
        return self.rules.advice() + [key for key in self.learned.advice() if key not in self.rules.advice()]

    def to_json(self) -> dict:
        return {"counter": KIND, "version": FILE_VERSION, "rules": self.rules.to_json(), "learned": self.learned.to_json()}

    @classmethod
    def from_json(cls, data: dict, colours: Sequence[str] | None = None) -> "CheckedCalibration":
        if data.get("version") != FILE_VERSION:
            raise CalibrationError("calibration.other_version")
        return cls(Calibration.from_json(data["rules"], colours), LearnedCalibration.from_json(data["learned"], colours))

    def save(self, path: str | Path) -> None:
        write_atomically(Path(path), json.dumps(self.to_json()))


class _ByTheRules:
    """The rules count every frame (``analyse``, ``count_view``: what the live source needs to
    tell a still tray)."""

    def __init__(self, rules: Counter):
        self.rules = rules
        self.calibration: Calibration | CheckedCalibration = rules.calibration
        self.colours = rules.colours

    @property
    def inv2var(self) -> np.ndarray:
        return self.rules.inv2var

    @property
    def cube_pixels(self) -> float:
        return self.rules.cube_pixels

    def analyse(self, frame: np.ndarray) -> View:
        return self.rules.analyse(frame)

    def count_view(self, view: View) -> Count:
        return self.rules.count_view(view)

    def count(self, frame: np.ndarray) -> Count:
        return self.count_view(self.analyse(frame))


class RulesAlone(_ByTheRules):
    """The rules where the network did not find the six cubes on the group's photos (or a
    calibration saved with the rules alone): counted as ever, never called sure."""

    def count_view(self, view: View) -> Count:
        count = self.rules.count_view(view)
        return replace(count, doubts=[*count.doubts, Doubt("doubt.unchecked")])


class CheckedCounter(_ByTheRules):
    """The rules count every frame; ``check`` asks the network about a settled one, and
    ``count``, for a photo, does both."""

    def __init__(self, rules: Counter, learned: LearnedCounter):
        super().__init__(rules)
        self.calibration = CheckedCalibration(rules.calibration, learned.calibration)
        self.learned = learned

    @classmethod
    def of(cls, calibration: CheckedCalibration) -> "CheckedCounter":
        return cls(Counter(calibration.rules), LearnedCounter(calibration.learned))

    def check(self, frame: np.ndarray, count: Count) -> Count:
        return agreed(count, self.learned.count(frame))

    def count(self, frame: np.ndarray) -> Count:
        return self.check(frame, self.rules.count(frame))


TableCounter = RulesAlone | LearnedCounter | CheckedCounter


def calibrate(empty: np.ndarray, reference: np.ndarray, colours: Sequence[str],
              marked: tuple[float, float, float, float] | None = None) -> TableCounter:
    """The table's counter from the empty tray and one cube of each colour (``marked``: the
    tray's two taps): both counters where both find the six cubes, else the one that does;
    where neither does, the rules' refusal, which says what to fix, unless the network saw
    why: the tops came out white."""
    try:
        rules = Counter(calibrate_rules(empty, reference, colours, marked))
    except CalibrationError as err:
        if err.key in NOT_THE_CUBES:
            raise
        refusal, rules = err, None
    try:
        learned = LearnedCounter(learned_counter.calibrate(empty, reference, colours, marked))
    except CalibrationError as err:
        learned = None
        if err.key == "calibration.cubes_whitened":
            refusal = err
    if rules is None and learned is None:
        raise refusal
    return combined(rules, learned)


def combined(rules: Counter | None, learned: LearnedCounter | None) -> TableCounter:
    """The counter the table runs with whichever of the two counters calibrated."""
    if rules is not None and learned is not None:
        return CheckedCounter(rules, learned)
    return RulesAlone(rules) if rules is not None else learned


def counter_for(calibration: Calibration | LearnedCalibration | CheckedCalibration) -> TableCounter:
    """The counter the table runs with a calibration of any of the three kinds."""
    if isinstance(calibration, CheckedCalibration):
        return CheckedCounter.of(calibration)
    if isinstance(calibration, LearnedCalibration):
        return LearnedCounter(calibration)
    return RulesAlone(Counter(calibration))


def advice(counter: TableCounter) -> list[str]:
    """What the table is told once calibrated: which counter counts alone, if one does, then
    the calibration's own advice."""
    alone = {RulesAlone: ["calibration.rules_alone"], LearnedCounter: ["calibration.learned_counter"]}
    return alone.get(type(counter), []) + counter.calibration.advice()


def load(path: str | Path, colours: Sequence[str] | None = None) -> TableCounter:
    """The counter a saved calibration holds, whichever of the three kinds; a file that is not
    a whole calibration (cut short, edited by hand), one of another version, or one learned for
    other ``colours`` (when given) is refused, and the table is asked to calibrate again."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a calibration")
        if data.get("counter") == KIND:
            return counter_for(CheckedCalibration.from_json(data, colours))
        if data.get("counter") == learned_counter.KIND:
            return counter_for(LearnedCalibration.from_json(data, colours))
        return counter_for(Calibration.from_json(data, colours))
    except CalibrationError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, cv2.error):
        raise CalibrationError("calibration.unreadable") from None
