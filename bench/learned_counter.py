"""The learned counter beside the rule-based one and the tutorial HSV baseline, on photos from
the project's generator (``devtools/tray_photos.py``), the renderer no training or choice of
the learned counter ever saw (it is trained and validated on path-traced photos only).

    .venv/bin/python -m training.generate /work/data/judge --sessions 70000:70200 --scenes 5 --workers 1
    .venv/bin/python bench/learned_counter.py training/models/lean32more.onnx /work/data/judge [--show-misses 10]

Keep the judge's sessions (tables) apart from every range used elsewhere (the rules were
tuned on generator sessions 1000-5139), and never choose a threshold, epoch or architecture
by this bench's figures: that is what the path-traced validation slice is for.

For each counter, on the same photos, one core: all six counts exact with a 95% Wilson
interval; the share of photos called unsure; the share of photos called sure whose count is
wrong; set-ups whose calibration was refused; and milliseconds to count one frame (median).

- learned: ``training.infer`` with the model's manifest's sure threshold (set on the
  validation slice). By default it is handed the calibration the labels give (the tray's
  outline, the reference cubes' top centres), so it refuses nothing, by construction. With ``--own-calibration`` it calibrates itself
  (``vision.learned_calibration``: the cube size and the six reference cubes found by the network on
  the reference photo) and only the tray's outline comes from the labels, as two taps give it.
  With ``--as-product`` nothing comes from the labels: ``vision.learned_counter`` finds the tray
  (the tray finder's network, else the rules' geometry) and the cubes on the two photos and
  counts, as ``python -m vision ... --counter learned`` does, and the bench says how well the
  outlines it took overlap the true trays;
  beside the rules, it also reports the table's camera (``vision.table_counter``): the rules
  checked by the learned counter where both calibrate (sure only when the two agree), else
  whichever calibrates.
- rules: ``vision.calibration.calibrate`` on the set-up's empty and reference photos and
  ``vision.counter.Counter``, as the product runs them.
- HSV baseline: ``bench/vision_counter.py``'s per-colour HSV thresholds and connected
  components, given the true tray outline and cube size (help it would not have at a table).
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from devtools import tray_photos as synth  # noqa: E402
from training import data, infer  # noqa: E402
from vision import learned_calibration as own, learned_counter, table_counter  # noqa: E402
from vision.learned import TrayCounter, sure_confidence  # noqa: E402
from vision.learned_input import roi_of  # noqa: E402
from vision.learned_tray import GOOD_OVERLAP, overlap  # noqa: E402
from vision.calibration import CalibrationError, calibrate  # noqa: E402
from vision.counter import Counter  # noqa: E402
from vision_counter import HsvBaseline, wilson  # noqa: E402


@dataclass
class Tally:
    """One counter's results over the judge photos."""

    name: str
    photos: int = 0
    exact: int = 0
    unsure: int = 0
    sure_wrong: int = 0
    setups: int = 0
    refused: int = 0
    uncounted: int = 0  # photos of refused set-ups: no count at all
    ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    outlines: list[float] = field(default_factory=list)  # each calibrated set-up's tray outline against the true one
    whitened: list[int] = field(default_factory=lambda: [0, 0, 0])  # set-ups whose calibration said the tops read white, their photos, those exact

    def add(self, label: str, counts: dict[str, int] | None, truth: dict[str, int], unsure: bool | None) -> None:
        """One photo's result; ``counts`` None: its set-up was refused; ``unsure`` None: the counter has no doubt."""
        self.photos += 1
        if counts is None:
            self.uncounted += 1
            return
        right = counts == truth
        self.exact += right
        self.unsure += bool(unsure)
        self.sure_wrong += unsure is False and not right
        if not right:
            diff = {c: (counts[c], truth[c]) for c in truth if counts[c] != truth[c]}
            self.misses.append(f"{label}: (counted, true) {diff}" + (" unsure" if unsure else ""))

    def lines(self) -> list[str]:
        n = max(self.photos, 1)
        low, high = wilson(self.exact, self.photos)
        sure = self.photos - self.unsure - self.uncounted
        out = [
            f"{self.name}: all six counts exact {self.exact}/{self.photos} = {self.exact / n:.1%} (95% interval {low:.1%}..{high:.1%})",
        ]
        if self.name != "HSV baseline":
            out.append(
                f"  unsure {self.unsure / n:.1%}; called sure and wrong {self.sure_wrong} of {sure} sure"
                f" ({self.sure_wrong / max(sure, 1):.1%}); calibration refused {self.refused} of {self.setups} set-ups"
            )
        if self.outlines:
            good = sum(o >= GOOD_OVERLAP for o in self.outlines)
            out.append(f"  tray outline: found on {sum(o > 0 for o in self.outlines)} of {len(self.outlines)} calibrated set-ups,"
                       f" overlapping the true tray by {GOOD_OVERLAP} or more on {good}")
        if self.whitened[0]:
            setups, photos, exact = self.whitened
            out.append(f"  reference tops read white (calibration.reference_whitened): {setups} set-ups, {exact} of their {photos} photos exact")
        if self.ms:
            out.append(f"  one frame, one core: median {np.median(self.ms):.1f} ms, p90 {np.percentile(self.ms, 90):.1f} ms")
        return out


def timed(count, frame: np.ndarray):  # noqa: ANN001 - any counter's count method
    """The count and its milliseconds, after one untimed call (the first sets up buffers)."""
    count(frame)
    start = time.perf_counter()
    result = count(frame)
    return result, 1000 * (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path)
    parser.add_argument("folder", type=Path, help="generator samples (training.generate)")
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument("--counters", default="learned,rules,hsv", help="which to run, of learned, rules, hsv")
    parser.add_argument("--own-calibration", action="store_true", help="the learned counter finds its reference cubes itself")
    parser.add_argument("--as-product", action="store_true", help="the learned counter calibrates from the two photos alone, as the command line does")
    parser.add_argument("--setups", type=int, nargs=2, metavar=("FIRST", "END"),
                        help="of a path-traced folder, only set-ups FIRST <= i < END (those no choice saw)")
    args = parser.parse_args(argv)
    wanted = set(args.counters.split(","))
    cv2.setNumThreads(1)
    threshold = sure_confidence(args.model)
    learned, rules, hsv = Tally("learned"), Tally("rules (vision/)"), Tally("HSV baseline")
    table = Tally("the table's camera (the rules checked by the learned counter, else either alone)")
    differ = {"photos": 0, "rules": 0, "learned": 0}  # photos the two counters count differently, and which of them was right
    paths = data.selected({"folder": str(args.folder), "setups": args.setups} if args.setups else str(args.folder))[1]
    sessions: dict[str, tuple] = {}
    for path in paths:
        sample = data.load(path)
        meta = json.loads(path.read_text(encoding="utf-8"))
        label = path.stem
        if meta["empty"] not in sessions:
            rule_counter = None
            if "rules" in wanted:
                try:
                    rule_counter = Counter(calibrate(sample.empty, sample.reference, sample.colours))
                except CalibrationError as error:
                    rules.misses.append(f"{meta['empty']}: calibration refused: {error}")
                rules.refused += rule_counter is None
            net = None
            if "learned" in wanted and args.as_product:
                try:
                    found = learned_counter.calibrate(sample.empty, sample.reference, sample.colours, model=args.model)
                    net = learned_counter.LearnedCounter(found, models=args.model.parent)
                    learned.outlines.append(overlap(found.tray, sample.tray))
                    learned.whitened[0] += "calibration.reference_whitened" in found.advice()
                except CalibrationError as error:
                    learned.misses.append(f"{meta['empty']}: calibration refused: {error}")
                learned.refused += net is None
            elif "learned" in wanted and args.own_calibration:
                roi = roi_of(sample.tray, sample.image.shape[1::-1])
                try:
                    found = own.calibrate(args.model, sample.empty, sample.reference, sample.colours, roi, tray=sample.tray)
                    net = TrayCounter(args.model, sample.empty, sample.colours, found.colours_bgr, roi, found.cube_edge_px,
                                            tray=sample.tray)
                except own.Refused as error:
                    learned.misses.append(f"{meta['empty']}: calibration refused: {error}")
                learned.refused += net is None
            elif "learned" in wanted:
                net = infer.counter_for(args.model, sample)
            baseline = None
            if "hsv" in wanted:
                session = meta["source"].get("session")
                baseline = (HsvBaseline.for_session(synth.make_session(session)) if session is not None
                            else HsvBaseline.for_labels(sample.tray, sample.image.shape[1::-1], sample.cube_edge_px))
            at_table = None
            if args.as_product and {"rules", "learned"} <= wanted:
                at_table = table_counter.combined(rule_counter, net) if rule_counter or net else None
                table.setups += 1
                table.refused += at_table is None
            sessions[meta["empty"]] = (net, rule_counter, baseline, at_table)
            for tally in (learned, rules):
                tally.setups += 1
        net, rule_counter, baseline, at_table = sessions[meta["empty"]]
        if args.as_product and {"rules", "learned"} <= wanted:
            if at_table is None:
                table.add(label, None, sample.counts, None)
            else:
                count, ms = timed(at_table.count, sample.image)
                table.ms.append(ms)
                table.add(label, count.counts, sample.counts, count.unsure)
        reading = count = None
        if (args.own_calibration or args.as_product) and net is None:
            learned.add(label, None, sample.counts, None)
        elif net is not None:
            reading, ms = timed(net.count, sample.image)
            learned.ms.append(ms)
            learned.add(label, reading.counts, sample.counts, reading.confidence < threshold)
            if args.as_product and "calibration.reference_whitened" in net.calibration.advice():
                learned.whitened[1] += 1
                learned.whitened[2] += reading.counts == sample.counts
        if "rules" in wanted and rule_counter is None:
            rules.add(label, None, sample.counts, None)
        elif rule_counter is not None:
            count, ms = timed(rule_counter.count, sample.image)
            rules.ms.append(ms)
            rules.add(label, count.counts, sample.counts, count.unsure)
        if reading is not None and count is not None and reading.counts != count.counts:
            for key, right in (("photos", True), ("rules", count.counts == sample.counts), ("learned", reading.counts == sample.counts)):
                differ[key] += right
        if baseline is not None:
            hsv.add(label, baseline.count(sample.image), sample.counts, None)
    cubes = np.mean([sum(json.loads(p.read_text())["counts"].values()) for p in paths])
    described = args.folder / "dataset.json"
    renderer = json.loads(described.read_text(encoding="utf-8")).get("renderer", "?") if described.exists() else "?"
    print(f"{len(paths)} photos ({renderer}) in {learned.setups} set-ups ({args.folder}), {cubes:.1f} counted cubes a photo;"
          f" model {args.model.name}, sure from confidence {threshold}; {platform.machine()}, OpenCV {cv2.__version__}")
    for tally in (learned, rules, table, hsv):
        if not tally.photos:
            continue
        print("\n".join(tally.lines()))
        for line in tally.misses[: args.show_misses]:
            print("    miss:", line)
    if differ["photos"]:
        print(f"where the rules and the learned counter differ: {differ['photos']} photos, the rules right on {differ['rules']},"
              f" the learned counter on {differ['learned']}")


if __name__ == "__main__":
    main()
