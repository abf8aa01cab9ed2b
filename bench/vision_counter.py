"""Benchmark of the camera tray counter against a fixed-HSV-threshold contour counter.

    .venv/bin/python bench/vision_counter.py [--sessions 40] [--images 10] [--seed 1000]
    .venv/bin/python bench/vision_counter.py --true-camera   # accuracy with the generator's camera
    .venv/bin/python bench/vision_counter.py --as-sent 85    # accuracy on photos re-encoded as a phone or browser sends them
    .venv/bin/python bench/vision_counter.py --follow-advice # accuracy where players do what calibration asks (paper under the tray)
    .venv/bin/python bench/vision_counter.py --seed 2000 --sessions 60 --timing-frames 0 --settle-runs 0   # other tables
    .venv/bin/python bench/vision_counter.py --seed 4840 --sessions 300 --cloths "charcoal,black felt" \
        --timing-frames 0 --settle-runs 0 --show-misses 1000   # the dark tables among 300 more, every miss listed

Both counters see the same generated photos (devtools/tray_photos.py: a new table, camera
and light per session). Prints: how often all six counts are exactly right, for each; how often the
camera counter said it was unsure and how right it was when it did not; unsure rate on
photos with a hand in the tray; ms to count one 1280x720 frame on one core (five scenes of 25
cubes on the first table, over and over, and every accuracy photo once); and time from
the cubes stopping to a stable reading at 30 frames per second; and where the misses come
from (tables it refused to calibrate, tilted cubes, the rest), which says what to work on; and
the tables that miss most. A table that misses most of its photos is a bug rather than hard
photos: that list shows it, where it would hide among the misses listed.

Tune rules on other seeds than the bench's (1000..1039), and judge a change also on tables
drawn for it that no rule was tuned on; ``--cloths`` picks out tables of some cloths. Two
versions compare photo by photo: run each with ``--show-misses 1000`` and diff the lists of
misses.

The baseline is the deliberate exception to "no hand-tuned colour thresholds": it is the
OpenCV-tutorial recipe (HSV inRange per colour, open/close, external contours), given
generous help it would not have at a real table: the true tray outline as its mask and the
true size of one cube at the tray's centre to split touching contours.
"""
from __future__ import annotations

import argparse
import collections
import platform
import sys
import time
from pathlib import Path
from unittest.mock import patch

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.shogun.colours import CUBE_COLOURS  # noqa: E402
from companion.kits.tower.source import Throw  # noqa: E402
from devtools import tray_photos as synth  # noqa: E402
from vision import geometry, table_counter  # noqa: E402
from vision.calibration import Calibration, CalibrationError, calibrate  # noqa: E402
from vision.counter import Counter  # noqa: E402
from vision.source import CameraTraySource  # noqa: E402

HSV = {  # OpenCV hue 0..180; the usual tutorial ranges
    "red": [((0, 100, 60), (10, 255, 255)), ((170, 100, 60), (180, 255, 255))],
    "blue": [((100, 100, 50), (130, 255, 255))],
    "yellow": [((20, 100, 100), (35, 255, 255))],
    "purple": [((130, 60, 40), (165, 255, 255))],
    "black": [((0, 0, 0), (180, 255, 50))],
    "green": [((40, 80, 40), (85, 255, 255))],
}
SILHOUETTE = 1.27  # a whole cube's area in the picture over its edge squared: the median over 40 generator cameras


class HsvBaseline:
    """The tutorial counter: fixed HSV ranges per colour inside the tray's outline, each blob
    worth its area over one cube's (as the camera sees a whole cube)."""

    def __init__(self, outline: np.ndarray, frame_size: tuple[int, int], cube_area: float):
        width, height = frame_size
        self.mask = np.zeros((height, width), np.uint8)
        cv2.fillPoly(self.mask, [np.round(cv2.convexHull(outline.astype(np.float32))).astype(np.int32)], 255)
        self.cube_area = cube_area

    @classmethod
    def for_session(cls, session: synth.Session) -> HsvBaseline:
        """Given the generator's true tray and cube: help it would not have at a table."""
        outline = session.camera.project(np.vstack([synth._tray_corners(0), synth._tray_corners(synth.WALL_H)]))
        cube = synth.UNIT * synth.CUBE + [0, 0, synth.CUBE / 2]
        hull = cv2.convexHull(session.camera.project(cube).astype(np.float32))
        return cls(outline, (synth.WIDTH, synth.HEIGHT), cv2.contourArea(hull))

    @classmethod
    def for_labels(cls, outline: np.ndarray, frame_size: tuple[int, int], cube_edge_px: float) -> HsvBaseline:
        """Given a labelled photo's tray outline and cube edge, for renderers whose camera the
        bench does not model: a cube's silhouette taken as ``SILHOUETTE`` edges squared."""
        return cls(outline, frame_size, SILHOUETTE * cube_edge_px**2)

    def count(self, image: np.ndarray) -> dict[str, int]:
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
        counts = {}
        for colour, ranges in HSV.items():
            mask = np.zeros(hsv.shape[:2], np.uint8)
            for lo, hi in ranges:
                mask |= cv2.inRange(hsv, lo, hi)
            mask &= self.mask
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
            mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            areas = [cv2.contourArea(c) for c in contours]
            counts[colour] = sum(max(1, round(a / self.cube_area)) for a in areas if a > 0.3 * self.cube_area)
        return counts


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a proportion: 400 photos pin an accuracy down only to a few points."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def tilted_involved(sample: synth.Sample, colours: list[str]) -> bool:
    """Whether a miscounted colour has a cube leaning on another or on the wall, or under one."""
    for cube in sample.cubes:
        if cube.on_wall and cube.colour in colours:
            return True
        if cube.resting_on is not None:
            base = sample.cubes[cube.resting_on]
            if cube.colour in colours or base.colour in colours:
                return True
    return False


def true_view(session: synth.Session) -> geometry.View3D:
    """The generator's own camera, in the counter's terms."""
    cam = session.camera
    down = cam.R @ np.array([0.0, 0.0, -1.0])
    return geometry.View3D(np.arccos(down[2]), np.arctan2(down[0], down[1]), cam.K[0, 0],
                           synth.CUBE / cam.position[2], tuple(cam.K[:2, 2]))


def calibrate_session(session: synth.Session, empty: np.ndarray, reference: np.ndarray, true_camera: bool) -> Calibration:
    """Calibrate as the app does; with ``true_camera`` the fitted camera is replaced by the
    generator's, to measure how much counting loses to the camera fit alone."""
    if not true_camera:
        return calibrate(empty, reference, synth.CUBE_COLOURS)
    with patch.object(geometry, "fit_view", lambda *args, **kwargs: true_view(session)):
        return calibrate(empty, reference, synth.CUBE_COLOURS)


def as_sent(image: np.ndarray, quality: int | None) -> np.ndarray:
    """The photo as the app receives it: a phone or the browser encodes it as JPEG once more."""
    if quality is None:
        return image
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def calibrated_counter(session: synth.Session, args: argparse.Namespace) -> tuple[Counter | None, str]:
    """The counter for this table's calibration pair, as the app receives the photos, or
    None and why calibration refused them."""
    empty, reference = (as_sent(photo, args.as_sent) for photo in synth.calibration_pair(session))
    try:
        return Counter(calibrate_session(session, empty, reference, args.true_camera)), ""
    except CalibrationError as error:
        return None, str(error)


def accuracy(args: argparse.Namespace) -> None:
    ours = base = total = unsure = confident = confident_right = calib_failed = advised = 0
    tilted_misses = 0
    hands = hands_flagged = 0
    colour_errors = {c: 0 for c in CUBE_COLOURS}
    base_errors = {c: 0 for c in CUBE_COLOURS}
    misses: list[str] = []
    frame_ms: list[float] = []  # every photo's count, one core: the timing scenes are one table's
    by_table: collections.Counter[str] = collections.Counter()  # a table that misses most of its photos is a bug, not a hard photo
    tables = 0
    for s in range(args.sessions):
        seed = args.seed + s
        session = synth.make_session(seed)
        if args.cloths and session.cloth_name not in args.cloths:
            continue
        tables += 1
        baseline = HsvBaseline.for_session(session)
        counter, refusal = calibrated_counter(session, args)
        if args.follow_advice and (counter is None or counter.calibration.advice()):
            advised += 1
            session = synth.under_tray(session)  # every refusal and advice asks for something light under the tray
            baseline = HsvBaseline.for_session(session)
            counter, refusal = calibrated_counter(session, args)
        if counter is None:
            calib_failed += 1
            misses.append(f"session {seed} ({session.cloth_name}): calibration refused: {refusal}")
        for k in range(args.images):
            sample = synth.scene(session, seed * 1000 + k)
            image = as_sent(sample.image, args.as_sent)
            truth = sample.truth.counts
            total += 1
            got = baseline.count(image)
            base += got == truth
            for c in CUBE_COLOURS:
                base_errors[c] += got[c] != truth[c]
            if counter is None:
                for c in CUBE_COLOURS:
                    colour_errors[c] += 1
                continue
            start = time.perf_counter()
            count = counter.count(image)
            frame_ms.append((time.perf_counter() - start) * 1000)
            right = count.counts == truth
            ours += right
            unsure += count.unsure
            if not count.unsure:
                confident += 1
                confident_right += right
            for c in CUBE_COLOURS:
                colour_errors[c] += count.counts[c] != truth[c]
            wrong = [c for c in CUBE_COLOURS if count.counts[c] != truth[c]]
            tilted_misses += bool(wrong) and tilted_involved(sample, wrong)
            by_table[f"{seed} ({session.cloth_name})"] += not right
            if not right and len(misses) < args.show_misses:
                diff = {c: (count.counts[c], truth[c]) for c in CUBE_COLOURS if count.counts[c] != truth[c]}
                misses.append(f"session {seed} ({session.cloth_name}) image {k}: (counted, true) {diff} conf {count.confidence} {count.note or ''}")
        if counter is not None:
            for h in range(args.hands):
                sample = synth.scene(session, seed * 1000 + 500 + h, hand=True)
                hands += 1
                hands_flagged += counter.count(as_sent(sample.image, args.as_sent)).unsure
    print(f"images: {total} in {tables} sessions (seeds {args.seed}..{args.seed + args.sessions - 1}"
          + (f", only {', '.join(sorted(args.cloths))}" if args.cloths else "") + f"); calibration refused in {calib_failed}"
          + (f"; {advised} tables followed the calibration's advice (paper under the tray)" if args.follow_advice else ""))
    if not total:
        return
    low, high = wilson(ours, total)
    calibrated = total - calib_failed * args.images
    print(f"camera counter, all six counts exact: {ours / total:.1%} (95% interval {low:.1%}..{high:.1%};"
          f" {ours / max(calibrated, 1):.1%} of photos from sessions it calibrated)")
    print(f"photos missed: {total - ours}: {calib_failed * args.images} on tables it refused to calibrate,"
          f" {tilted_misses} where a miscounted colour has a cube leaning on another or on the wall, or under one,"
          f" {calibrated - ours - tilted_misses} other")
    print(f"HSV-threshold baseline, all six exact: {base / total:.1%}")
    print(f"camera counter unsure on {unsure / total:.1%} of images; exact on {confident_right / max(confident, 1):.1%} of the rest")
    print(f"hand in the tray flagged unsure: {hands_flagged}/{hands}")
    if frame_ms:
        print(f"count one 1280x720 frame, each of these {len(frame_ms)} photos once, one core: median {np.median(frame_ms):.1f} ms,"
              f" p90 {np.percentile(frame_ms, 90):.1f} ms, p95 {np.percentile(frame_ms, 95):.1f} ms, slowest {max(frame_ms):.1f} ms")
    print("wrong count per colour, ours / baseline: " + ", ".join(f"{c} {colour_errors[c] / total:.1%}/{base_errors[c] / total:.1%}" for c in CUBE_COLOURS))
    worst = [f"{table} {n} of {args.images}" for table, n in by_table.most_common(5) if n >= 2]
    print("tables missing most: " + (", ".join(worst) if worst else "none misses more than one photo"))
    for line in misses:
        print("  miss:", line)


def timing(args: argparse.Namespace) -> None:
    for seed in range(args.seed, args.seed + 50):
        session = synth.make_session(seed)
        try:
            counter = Counter(calibrate(*synth.calibration_pair(session), session.colours))
            break
        except CalibrationError:
            continue
    images = [synth.scene(session, 7000 + k, total=25).image for k in range(5)]
    encoded = [cv2.imencode(".jpg", im, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes() for im in images]
    for im in images:
        counter.count(im)
    times, decode = [], []
    for r in range(args.timing_frames):
        start = time.perf_counter()
        counter.count(images[r % len(images)])
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        cv2.imdecode(np.frombuffer(encoded[r % len(encoded)], np.uint8), cv2.IMREAD_COLOR)
        decode.append(time.perf_counter() - start)
    ms = np.array(times) * 1000
    print(f"count one 1280x720 frame, one core (cv2.setNumThreads(1)): median {np.median(ms):.1f} ms, p95 {np.percentile(ms, 95):.1f} ms"
          f" (+ {np.median(decode) * 1000:.1f} ms to decode a posted JPEG)")


def settling(args: argparse.Namespace) -> None:
    """The live source as the table runs it (``vision.table_counter``: the rules count each
    frame, the learned counter checks the settled one)."""
    fps = 30.0
    delays, wrong, unflagged, never, refused, settled_ms = [], 0, 0, 0, 0, []
    for r in range(args.settle_runs):
        session = synth.make_session(args.seed + 500 + r)
        try:
            source = CameraTraySource(table_counter.calibrate(*synth.calibration_pair(session), session.colours), annotate_frames=False)
        except CalibrationError:
            refused += 1
            continue
        source.begin_throw(Throw(thrown={c: 30 for c in CUBE_COLOURS}, inside={}))
        frames = synth.settling(session, 9000 + r, total=int(np.random.default_rng(r).integers(3, 20)), moving=8, still=20)
        stopped = next(i for i, (_, t) in enumerate(frames) if not t.moving)
        for i, (image, truth) in enumerate(frames):
            started = time.perf_counter()
            reading = source.push_frame(image, timestamp=i / fps)
            if reading.stable:
                settled_ms.append(1000 * (time.perf_counter() - started))
                delays.append((i - stopped) / fps)
                wrong += reading.counts != truth.counts
                unflagged += reading.counts != truth.counts and not reading.doubts
                break
        else:
            never += 1
    d = np.array(delays) if delays else np.array([np.inf])
    print(f"time from cubes stopping to a stable reading at {fps:.0f} fps: median {np.median(d):.2f} s, max {d.max():.2f} s,"
          f" within 0.5 s in {int(np.sum(d <= 0.5))}/{args.settle_runs - refused} runs; stable but wrong {wrong}"
          f" ({unflagged} of them with no doubt for the players to check); never stable {never};"
          f" calibration refused {refused}; the settled frame counted and checked in {np.median(settled_ms or [np.nan]):.0f} ms median")


def cloths(names: str) -> frozenset[str]:
    """``--cloths``: names the generator draws tables on, comma-separated."""
    chosen = frozenset(name.strip() for name in names.split(","))
    unknown = chosen - set(synth.CLOTHS)
    if unknown:
        raise argparse.ArgumentTypeError(f"no such cloth: {', '.join(sorted(unknown))} (the generator draws {', '.join(synth.CLOTHS)})")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--images", type=int, default=10)
    parser.add_argument("--hands", type=int, default=1, help="photos with a hand, per session")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--timing-frames", type=int, default=100)
    parser.add_argument("--settle-runs", type=int, default=10)
    parser.add_argument("--show-misses", type=int, default=15)
    parser.add_argument("--true-camera", action="store_true", help="accuracy only, with the generator's camera instead of the fitted one")
    parser.add_argument("--as-sent", type=int, metavar="QUALITY", help="accuracy only, every photo re-encoded as JPEG of this quality first")
    parser.add_argument("--follow-advice", action="store_true",
                        help="accuracy only: where calibration refuses or advises something light under the tray, the players lay paper under it")
    parser.add_argument("--cloths", type=cloths, default=frozenset(), metavar="NAME,NAME",
                        help=f"only the sessions drawn on these cloths, of: {', '.join(synth.CLOTHS)}")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    # the counts turn on a level's rounding here and there: the versions belong with the figures
    print(f"machine: {platform.processor() or platform.machine()}, {len(__import__('os').sched_getaffinity(0))} cores;"
          f" Python {platform.python_version()}, OpenCV {cv2.__version__}, numpy {np.__version__}")
    if not args.true_camera and args.as_sent is None and not args.follow_advice:
        if args.timing_frames:
            timing(args)
        if args.settle_runs:
            settling(args)
    accuracy(args)


if __name__ == "__main__":
    main()
