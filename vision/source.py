"""The camera as a tray source for the engine: frames in, settled counts and a picture out.

Frames arrive either pushed (a phone or tablet camera whose browser posts JPEGs to the
server: call ``push_frame``) or pulled (a USB webcam on the server: ``watch`` runs a reader
thread over ``cv2.VideoCapture`` or anything with the same ``read()``). Each frame is
counted at once; ``poll`` returns the latest reading, marked stable only when the tray has
stopped moving and the counts held (``vision.stability``). The annotated JPEG for the battle
screen travels in ``TrayReading.extra["annotated_jpeg"]``.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable, Protocol, Sequence

import numpy as np

from companion.kits.tower.source import Doubt, Throw, TrayReading
from vision import frames
from vision.annotate import annotate, jpeg
from vision.calibration import Calibration
from vision.counter import Count
from vision.learned_counter import LearnedCalibration
from vision.stability import Stabiliser, motion
from vision.table_counter import CheckedCalibration, CheckedCounter, TableCounter, counter_for, load


RETRY_SECONDS = 2.0  # how often a webcam that cannot be read is tried again
BEYOND_CONFIDENCE = 0.3  # at most, for counts the throw cannot have left in the tray


def against_throw(count: Count, throw: Throw | None) -> tuple[list[Doubt], float]:
    """The count's doubts and confidence once checked against what ``throw`` can leave in the
    tray: a colour counted above it is impossible, whether the frame is live or a photo."""
    over = [] if throw is None else throw.beyond(count.counts)
    if not over:
        return list(count.doubts), count.confidence
    return [*count.doubts, Doubt("doubt.too_many", {"colours": over})], min(count.confidence, BEYOND_CONFIDENCE)


class Capture(Protocol):
    def read(self) -> tuple[bool, np.ndarray | None]: ...

    def release(self) -> None: ...


class CameraTraySource:
    """A ``TraySource`` that counts the tray from camera frames, in the cube colours its
    calibration learned (the game's, handed to ``calibrate``)."""

    name = "camera"

    def __init__(
        self,
        calibration: Calibration | LearnedCalibration | CheckedCalibration | TableCounter,
        *,
        stabiliser: Stabiliser | None = None,
        annotate_frames: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.counter = _counter(calibration)
        self.stabiliser = stabiliser or Stabiliser()
        self.annotate_frames = annotate_frames
        self.clock = clock
        self._lock = threading.Lock()
        self._counting = threading.Lock()  # one frame at a time, never across a recalibration
        self._reading: TrayReading | None = None
        self._previous: np.ndarray | None = None
        self._check: tuple[dict[str, int], Count] | None = None  # the settled counts and their checked count
        self._throw: Throw | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @classmethod
    def from_file(cls, path: str | Path, colours: Sequence[str] | None = None, **options: object) -> "CameraTraySource":
        """The source for a saved calibration, refused when ``colours`` (the game's cube
        colours) are not the ones it was calibrated for."""
        return cls(load(path, colours), **options)  # type: ignore[arg-type]

    def begin_throw(self, throw: Throw) -> None:
        """Forget the last battle's tray; counts above what was thrown plus what was inside are doubted."""
        with self._lock:
            self.stabiliser.reset()
            self._reading = None
            self._check = None
            self._throw = throw

    def poll(self) -> TrayReading | None:
        with self._lock:
            return self._reading

    def recalibrate(self, calibration: Calibration | LearnedCalibration | CheckedCalibration | TableCounter) -> None:
        """Count with a new calibration from the next frame on (the camera or the light moved).

        Whoever follows this source keeps following it: only what it learnt from frames under
        the old calibration is forgotten; the throw's limits still hold.
        """
        counter = _counter(calibration)
        with self._counting, self._lock:
            self.counter = counter
            self.stabiliser.reset()
            self._previous = None
            self._check = None
            self._reading = None

    def push_frame(self, frame: bytes | np.ndarray, timestamp: float | None = None) -> TrayReading:
        """Count one frame (encoded bytes as a browser posts them, or a BGR array) and return the reading."""
        image = frames.decode(frame)
        with self._counting:
            return self._count(image, timestamp)

    def _count(self, image: np.ndarray, timestamp: float | None) -> TrayReading:
        counter = self.counter
        view = counter.analyse(image)
        count = counter.count_view(view)
        with self._lock:
            now = self.clock() if timestamp is None else timestamp
            moved = motion(self._previous, view.image, counter.inv2var, counter.cube_pixels)
            self._previous = view.image
            doubts, confidence = against_throw(count, self._throw)
            impossible = len(doubts) > len(count.doubts)
            stable = self.stabiliser.update(count, moved, now) and not impossible
            if isinstance(counter, CheckedCounter):
                count = self._checked(counter, image, count, stable)
                doubts, confidence = against_throw(count, self._throw)
            if stable and self.stabiliser.agreed < 1:
                doubts.append(Doubt("doubt.flicker", {"agreed": round(100 * self.stabiliser.agreed)}))
                confidence = min(confidence, self.stabiliser.agreed)
            if moved > self.stabiliser.still:
                doubts.append(Doubt("doubt.moving"))
            extra: dict[str, object] = {"timestamp": now, "moved": moved, "patches": [
                {"colour": p.colour, "cubes": p.cubes, "estimate": round(p.estimate, 2), "doubtful": p.doubtful} for p in count.patches
            ]}
            if self.annotate_frames:
                extra["annotated_jpeg"] = jpeg(annotate(image, count, counter.calibration.roi, counter.calibration.tray))
            self._reading = TrayReading(
                counts=dict(count.counts),
                stable=stable,
                confidence=confidence,
                doubts=tuple(doubts),
                extra=extra,
            )
            return self._reading

    def _checked(self, counter: CheckedCounter, image: np.ndarray, count: Count, stable: bool) -> Count:
        """The settled tray's count checked by the learned counter, asked once a settle: the
        tray lies still, so its answer holds until the tray moves or the count changes."""
        if not stable:
            self._check = None
            return count
        if self._check is None or self._check[0] != count.counts:
            self._check = (dict(count.counts), counter.check(image, count))
        return self._check[1]

    def watch(self, capture: Capture) -> None:
        """Read frames from ``capture`` on a background thread until ``stop``; a failed read ends it."""

        def run() -> None:
            try:
                self._read(capture)
            finally:
                capture.release()

        self._start(run)

    def open_camera(self, device: int | str = 0, *, retry: float = RETRY_SECONDS) -> None:
        """Watch a USB webcam (or a video file or stream URL) through OpenCV for as long as the
        source runs. A camera that cannot be opened, or stops giving frames (its cable pulled),
        is tried again every ``retry`` seconds; meanwhile the reading says so instead of the
        table waiting on a count that will not come."""
        import cv2

        def run() -> None:
            while not self._stop.is_set():
                capture = cv2.VideoCapture(device)
                try:
                    if capture.isOpened():
                        width, height = self.counter.calibration.frame_size
                        capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
                        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
                        self._read(capture)
                finally:
                    capture.release()
                if not self._stop.is_set():
                    self._doubt_reading(Doubt("doubt.camera_unavailable", {"device": str(device)}))
                self._stop.wait(retry)

        self._start(run)

    def _read(self, capture: Capture) -> None:
        """Count frames from ``capture`` until it fails or the source stops. A frame of
        another size than the calibration's (the webcam ignored the size asked for) is no
        tray this counter can read: said, and the capture given up."""
        while not self._stop.is_set():
            ok, image = capture.read()
            if not ok or image is None:
                return
            width, height = self.counter.calibration.frame_size
            if image.shape[1::-1] != (width, height):
                self._doubt_reading(Doubt("doubt.camera_wrong_size", {
                    "got": f"{image.shape[1]}×{image.shape[0]}", "calibrated": f"{width}×{height}"}))
                return
            self.push_frame(image)

    def _doubt_reading(self, doubt: Doubt) -> None:
        """The last counts, no longer current: never stable, no confidence, and why."""
        with self._lock:
            last = self._reading
            self.stabiliser.reset()
            self._reading = TrayReading(
                counts=dict(last.counts) if last is not None else {c: 0 for c in self.counter.colours},
                stable=False,
                confidence=0.0,
                doubts=(doubt,),
                extra=dict(last.extra) if last is not None else {},
            )

    def _start(self, run: Callable[[], None]) -> None:
        """Run ``run`` on the source's one reader thread, after the previous one stopped."""
        self.stop()
        self._stop.clear()
        self._thread = threading.Thread(target=run, name="vision-camera", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None

    @property
    def watching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()


def _counter(calibration: Calibration | LearnedCalibration | CheckedCalibration | TableCounter) -> TableCounter:
    """A counter for ``calibration``; one already built is shared (its colour tables or
    network take a fraction of a second and a few megabytes to build)."""
    if isinstance(calibration, TableCounter):
        return calibration
    return counter_for(calibration)
