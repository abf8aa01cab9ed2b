"""Command line: calibrate from two photos, count photos, print JSON.

    python -m vision calibrate --empty EMPTY --reference REFERENCE -o CALIB.json [--colours red,blue,...] [--counter table|rules|learned]
    python -m vision count IMAGE [IMAGE ...] --calibration CALIB.json [--colours ...] [--details] [--annotate DIR]

The cubes' colours are names from the tower kit's palette (``companion.kits.tower.colours``);
calibration learns the ones given (by default red, blue, yellow, purple, black and green), and
a calibration counts those it learned (``--colours`` on ``count`` checks they are the ones meant).
By default both counters are calibrated, as the table's camera runs them
(``vision.table_counter``: the rules checked by the network, or whichever finds the cubes
alone); ``--counter rules`` or ``--counter learned`` calibrates one of them alone. ``count``
counts with whichever the calibration file holds, and a count that no second counter checked
is never called sure.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

from companion.kits.tower.colours import OPTION_HELP, TOOLS_DEFAULT, colours_argument
from companion.kits.tower.source import in_english_message
from vision.annotate import annotate
from vision import learned_counter, table_counter
from vision.calibration import CalibrationError, calibrate


def _read(path: str):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"vision: cannot read image {path}")
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision", description="Count the cubes in a cube tower's tray in photos.")
    sub = parser.add_subparsers(dest="command", required=True)
    cal = sub.add_parser("calibrate", help="learn tray, cube size and colours from two photos")
    cal.add_argument("--empty", required=True, help="photo of the empty tray")
    cal.add_argument("--reference", required=True, help="photo of the tray with one cube of each colour, apart")
    cal.add_argument("-o", "--output", required=True, help="calibration JSON to write")
    cal.add_argument("--colours", type=colours_argument, default=TOOLS_DEFAULT, metavar="NAMES",
                     help=OPTION_HELP)
    cal.add_argument("--counter", choices=("table", "rules", "learned"), default="table",
                     help="the counters to calibrate: both, as the table's camera runs them (the default), or the rule-based one or the learned network alone")
    cnt = sub.add_parser("count", help="count cubes; one JSON object per image, in order")
    cnt.add_argument("images", nargs="+")
    cnt.add_argument("--calibration", required=True)
    cnt.add_argument("--colours", type=colours_argument, metavar="NAMES",
                     help="refuse a calibration learned for other colours than these (comma-separated)")
    cnt.add_argument("--details", action="store_true", help="add confidence and note to each object")
    cnt.add_argument("--annotate", metavar="DIR", help="also write each image with counted patches outlined")
    args = parser.parse_args(argv)

    if args.command == "calibrate":
        try:
            empty, reference = _read(args.empty), _read(args.reference)
            if args.counter == "table":
                counter = table_counter.calibrate(empty, reference, args.colours)
                calibration, advice = counter.calibration, table_counter.advice(counter)
            else:
                learn = learned_counter.calibrate if args.counter == "learned" else calibrate
                calibration = learn(empty, reference, args.colours)
                advice = calibration.advice()
        except CalibrationError as error:
            print(f"vision: calibration failed: {error}", file=sys.stderr)
            return 2
        calibration.save(args.output)
        for key in advice:
            print(f"vision: {in_english_message(key, {})}", file=sys.stderr)
        return 0

    try:
        counter = table_counter.load(args.calibration, args.colours)
    except (OSError, CalibrationError) as error:
        print(f"vision: cannot use calibration {args.calibration}: {error}", file=sys.stderr)
        return 2
    for path in args.images:
        image = _read(path)
        try:
            count = counter.count(image)
        except ValueError as error:
            print(f"vision: {path}: {error}", file=sys.stderr)
            return 2
        result: dict[str, object] = dict(count.counts)
        if args.details:
            result.update(confidence=count.confidence, note=count.note)
        print(json.dumps(result), flush=True)
        if args.annotate:
            out = Path(args.annotate) / (Path(path).stem + ".annotated.jpg")
            out.parent.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(out), annotate(image, count, counter.calibration.roi, counter.calibration.tray))
    return 0


if __name__ == "__main__":
    sys.exit(main())
