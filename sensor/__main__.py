"""Command line for the sensor board: watch the tray live, or calibrate a colour.

    python -m sensor [--port PORT] [--colours red,blue,...] watch
    python -m sensor [--port PORT] [--colours red,blue,...] calibrate COLOUR [--cubes 5]

PORT is a device path or pyserial URL; without it the board is found by its USB ids.
The cubes' colours are names from the tower kit's palette, by default red, blue, yellow,
purple, black and green; a cube the board names another colour is counted apart.
"""
from __future__ import annotations

import argparse
import time

from companion.kits.tower.colours import OPTION_HELP, TOOLS_DEFAULT, colours_argument
from companion.kits.tower.source import Throw
from sensor.source import SensorTraySource


def watch(source: SensorTraySource) -> None:
    if not source.wait_ready():
        print(f"waiting for the board ({source.link.last_error or 'no answer yet'})", flush=True)
        source.wait_ready(timeout=float("inf"))
    source.begin_throw(Throw(thrown={}, inside={}))
    last = None
    while True:
        reading = source.poll()
        if reading is not None:
            shown = (tuple(reading.counts.items()), reading.stable, reading.note)
            if shown != last:
                last = shown
                cubes = " ".join(f"{c}={n}" for c, n in reading.counts.items() if n) or "empty"
                state = "settled" if reading.stable else "counting"
                print(f"{state:8} {cubes}  confidence={reading.confidence:.2f}"
                      + (f"  ({reading.note})" if reading.note else ""), flush=True)
        time.sleep(0.05)


def calibrate(source: SensorTraySource, colour: str, cubes: int) -> None:
    source.calibrate(colour, cubes)
    print(f"drop {cubes} {colour} cubes through the chute, one at a time", flush=True)
    shown = 0
    while True:
        lines = source.link.with_session(lambda s: list(s.calibration))
        for line in lines[shown:]:
            if line.kind == "CAL":
                print(f"  cube {line.fields.get('k')}/{line.fields.get('of')}", flush=True)
            elif line.kind == "CALDONE":
                print(f"{colour} calibrated and saved on the board", flush=True)
                return
        shown = len(lines)
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sensor", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", help="device path or pyserial URL")
    parser.add_argument("--colours", type=colours_argument, default=TOOLS_DEFAULT, metavar="NAMES",
                        help=OPTION_HELP)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("watch", help="show the tray as cubes arrive")
    cal = sub.add_parser("calibrate", help="learn one colour from cubes dropped through")
    cal.add_argument("colour", help="one of the cubes' colours")
    cal.add_argument("--cubes", type=int, default=5)
    args = parser.parse_args(argv)
    if args.command == "calibrate" and args.colour not in args.colours:
        parser.error(f"{args.colour!r} is none of the cubes' colours ({','.join(args.colours)})")
    with SensorTraySource(args.port, colours=args.colours) as source:
        try:
            if args.command == "watch":
                watch(source)
            else:
                calibrate(source, args.colour, args.cubes)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
