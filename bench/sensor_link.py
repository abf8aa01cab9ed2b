"""Sensor-board link figures: cubes per second carried with nothing lost, and the time from
the last cube to the settled count, measured host-side against the emulator over a real pty.

The emulator runs the firmware's own logic in real time (gate sampled every --step-us), so
the rate limit found here is the emulated gate's and the link's, not the tower's. Run from
the repository root:

    python bench/sensor_link.py [--settle-ms 1500] [--faults 0.05]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.kits.tower.colours import TOOLS_DEFAULT  # noqa: E402
from companion.kits.tower.source import Throw  # noqa: E402
from sensor import SensorLink, SensorTraySource  # noqa: E402
from devtools.sensor_emulator_process import EmulatorProcess  # noqa: E402

COLOURS = ("red", "blue", "yellow", "purple", "black", "green")
THROW = Throw(thrown={}, inside={})


def wait(fn, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.002)
    return None


def burst(emu: EmulatorProcess, source: SensorTraySource, rate: float, cubes: int,
          settle_ms: int) -> dict[str, float]:
    """One burst; latencies are from the moment the last cube left the emulated gate
    (the emulator's monotonic clock, which is the host's too on one machine)."""
    gap = 1000.0 / rate
    width = min(6.0, gap * 0.4)
    names = [COLOURS[i % len(COLOURS)] for i in range(cubes)]
    spec = " ".join(names) + f" gap={gap:.2f} width={width:.2f}"
    source.begin_throw(THROW)
    wait(lambda: source.link.with_session(lambda s: s.reset_acked), 5)
    emu.send("drop " + spec)
    span_ms = float(emu.expect("DROP").split("span_ms=")[1])
    last_cube = float(emu.expect("DONE", timeout=60).split("last_cube_mono=")[1])

    def accounted(reading) -> int:
        return (sum(reading.counts.values()) + reading.extra["unknown"]
                + reading.extra["unrecovered"])

    seen = wait(lambda: accounted(source.poll()) >= cubes and time.monotonic(), 10)
    stable = wait(lambda: (r := source.poll()).stable and (time.monotonic(), r),
                  settle_ms / 1000 + 10)
    result = {"rate": (cubes - 1) / span_ms * 1000 if span_ms else float("inf"),
              "counted": False, "colours": False,
              "seen_ms": float("nan"), "settled_ms": float("nan")}
    if stable is None or seen is None:
        return result
    at, reading = stable
    result["counted"] = accounted(reading) == cubes
    result["colours"] = (Counter({c: n for c, n in reading.counts.items() if n})
                         == Counter(names) and reading.confidence == 1.0)
    result["seen_ms"] = (seen - last_cube) * 1000
    result["settled_ms"] = (at - last_cube) * 1000
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle-ms", type=int, default=1500)
    parser.add_argument("--faults", type=float, default=0.05,
                        help="per-line rate of each fault (lose, cut, flip, garbage) in the "
                             "faulty runs")
    parser.add_argument("--rates", default="20,40,80,120,160,200")
    parser.add_argument("--cubes", type=int, default=40)
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    print(f"sensor link bench: {args.cubes} cubes per burst, settle {args.settle_ms} ms, "
          f"emulated gate sampled every 250 us")
    print(f"{'faults':>6} {'nominal/s':>9} {'actual/s':>8} {'all counted':>11} "
          f"{'colours right':>13} {'last cube->counted ms':>21} {'last cube->settled ms':>21}")
    with tempfile.TemporaryDirectory() as tmp:
        emu = EmulatorProcess(Path(tmp), "--settle-ms", str(args.settle_ms), "--step-us", "250",
                              "--seed", "3")
        source = SensorTraySource(colours=TOOLS_DEFAULT, link=SensorLink(emu.port, retry_s=0.05))
        try:
            wait(lambda: source.link.with_session(lambda s: s.hello_ok), 10)
            for fault in (0.0, args.faults):
                emu.send(f"fault lose={fault} cut={fault} flip={fault} garbage={fault}")
                emu.expect("FAULTS")
                best = 0.0
                settled = []
                for rate in rates:
                    r = burst(emu, source, rate, args.cubes, args.settle_ms)
                    print(f"{fault:>6.2f} {rate:>9.0f} {r['rate']:>8.1f} "
                          f"{'yes' if r['counted'] else 'NO':>11} "
                          f"{'yes' if r['colours'] else 'no':>13} {r['seen_ms']:>21.1f} "
                          f"{r['settled_ms']:>21.1f}")
                    if r["counted"] and r["colours"]:
                        best = max(best, r["rate"])
                        settled.append(r["settled_ms"])
                median = statistics.median(settled) if settled else float("nan")
                print(f"faults {fault:.2f}: up to {best:.0f} cubes/s with nothing lost and every "
                      f"colour right; last cube -> settled count: median {median:.0f} ms "
                      f"(settle window {args.settle_ms} ms)")
        finally:
            source.close()
            emu.close()


if __name__ == "__main__":
    main()
