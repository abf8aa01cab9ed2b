"""Frame time of two versions of the camera counter, taking turns photo by photo on one core.

    git worktree add /tmp/before <commit>
    .venv/bin/python bench/vision_ab.py /tmp/before . [--seed 2000 --sessions 20 --images 10 --repeats 3] [--cloths "white table"]

This VM's speed wanders by a fifth within minutes, more than most
speed-ups are worth: two runs one after the other compare the machine, not the code. Here each
tree counts in a process of its own, both pinned to the same core, and the two take turns photo
by photo (each photo the best of ``--repeats``), so a slower minute slows both. Prints each
tree's median, mean and p90 per frame, the median of the paired differences, the share of
photos the second tree counted faster, and how many photos the two counted differently: a
speed-up should change no count.

The photos are this tree's generator's (``devtools/tray_photos.py``), the same for both, handed over as
files; each tree calibrates every table itself. It also prints how many photos each tree
counted exactly (and how many of its misses it did not doubt), and every photo that one tree
counts exactly and the other does not. For a change of pixels, judge that on seeds no rule was
tuned on (not the default 2000-2059: rules tuned pixel by pixel on a set of photos lose a few
of them to any change, neutral or not), and on many photos: a neutral change moves 2-4 of 400.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from devtools import tray_photos as synth  # noqa: E402
from vision_counter import cloths  # noqa: E402  (bench/ is the script's own folder)

# Each tree's side: calibrate the table it is sent, count the photo it is asked for. A tree
# from before the game handed its colours to calibration knows them itself.
_WORKER = """
import inspect, json, sys, time
import cv2, numpy as np
sys.path.insert(0, sys.argv[1])
from vision.calibration import CalibrationError, calibrate
from vision.counter import Counter
cv2.setNumThreads(1)
counter = images = colours = None
takes_colours = "colours" in inspect.signature(calibrate).parameters
for line in sys.stdin:
    ask = json.loads(line)
    if "table" in ask:
        table = np.load(ask["table"])
        images, colours = table["images"], ask["colours"]
        try:
            counter = Counter(calibrate(table["empty"], table["reference"], *[colours] * takes_colours))
        except CalibrationError:
            counter = None
        reply = {"calibrated": counter is not None}
    else:
        best, count = float("inf"), None
        for _ in range(ask["repeats"]):
            start = time.perf_counter()
            count = counter.count(images[ask["image"]])
            best = min(best, time.perf_counter() - start)
        reply = {"ms": best * 1000, "counts": [count.counts[c] for c in colours], "unsure": count.unsure}
    print(json.dumps(reply), flush=True)
"""


class Tree:
    """One version of the counter, counting in its own process on ``core``."""

    def __init__(self, path: Path, core: int | None):
        self.path = path
        self.process = subprocess.Popen([sys.executable, "-c", _WORKER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if core is not None:
            os.sched_setaffinity(self.process.pid, {core})

    def ask(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"{self.path}: the counter stopped (its error is above)")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path, help="a tree with vision/ and companion/ (a git worktree of the older commit)")
    parser.add_argument("after", type=Path)
    parser.add_argument("--seed", type=int, default=2000, help="first table; the dev set by default, not the bench's")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--images", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cloths", type=cloths, default=frozenset(), metavar="NAME,NAME",
                        help="only the tables drawn on these cloths (a white table is worked on whole where its tray is not found)")
    parser.add_argument("--core", type=int, default=sorted(os.sched_getaffinity(0))[-1], help="the core both trees count on")
    args = parser.parse_args()
    for tree in (args.before, args.after):
        if not (tree / "vision" / "counter.py").is_file():
            parser.error(f"{tree} holds no vision/counter.py")
    trees = [Tree(args.before.resolve(), args.core), Tree(args.after.resolve(), args.core)]
    differ = refused = 0
    right, sure_misses = [0, 0], [0, 0]
    turned: list[str] = []  # photos one tree counts exactly and the other does not
    ms: list[tuple[float, float]] = []  # each photo's time, before and after
    with tempfile.TemporaryDirectory() as scratch:
        for s in range(args.sessions):
            session = synth.make_session(args.seed + s)
            if args.cloths and session.cloth_name not in args.cloths:
                continue
            empty, reference = synth.calibration_pair(session)
            samples = [synth.scene(session, (args.seed + s) * 1000 + k) for k in range(args.images)]
            images = np.stack([sample.image for sample in samples])
            table = Path(scratch) / f"{args.seed + s}.npz"
            np.savez(table, empty=empty, reference=reference, images=images)
            # a list, not a generator: both trees must take the table, whichever refuses it
            calibrated = all([tree.ask({"table": str(table), "colours": session.colours})["calibrated"] for tree in trees])
            table.unlink()  # both hold its photos now: ten 1280x720 photos are 28 MB a table
            if not calibrated:
                refused += 1
                continue
            for k in range(args.images):
                order = trees if k % 2 == 0 else trees[::-1]  # neither always goes first
                replies = {id(tree): tree.ask({"image": k, "repeats": args.repeats}) for tree in order}
                first, second = (replies[id(tree)] for tree in trees)
                ms.append((first["ms"], second["ms"]))
                differ += (first["counts"], first["unsure"]) != (second["counts"], second["unsure"])
                truth = [samples[k].truth.counts[c] for c in session.colours]
                exact = [reply["counts"] == truth for reply in (first, second)]
                for t, reply in enumerate((first, second)):
                    right[t] += exact[t]
                    sure_misses[t] += not exact[t] and not reply["unsure"]
                if exact[0] != exact[1]:
                    miss = second if exact[0] else first
                    turned.append(f"{args.seed + s}/{k}: " + ("right -> wrong" if exact[0] else "wrong -> right")
                                  + (", the miss doubted" if miss["unsure"] else ", the miss sure"))
    for tree in trees:
        tree.close()
    print(f"photos counted differently (counts or doubt): {differ}; tables either refused: {refused}")
    if not ms:
        return
    before, after = np.array(ms).T
    for t, (tree, times) in enumerate(zip(trees, (before, after))):
        print(f"{tree.path}: {len(times)} photos, median {np.median(times):.2f} ms, mean {times.mean():.2f}, p90 {np.percentile(times, 90):.2f};"
              f" all six exact on {right[t]}, missed with no doubt on {sure_misses[t]}")
    for line in turned:
        print("  " + line)
    print(f"paired, second minus first: median {np.median(after - before):+.2f} ms ({np.median(after / before) - 1:+.1%}), "
          f"second faster on {np.mean(after < before):.0%} of photos")


if __name__ == "__main__":
    main()
