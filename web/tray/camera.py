"""The camera at the table: calibration pictures, tray photos, and live frames.

One tower, one camera: the calibration belongs to the install (kept next to the database
as ``<db>.camera.json``) and is made again whenever the camera or the light moves. Counting
live needs a stream of frames, and a browser gives a page its camera only in a secure
context (HTTPS, or http://localhost). So a tablet that runs the server itself and opens the
table at http://localhost streams its rear camera: the page posts a few frames a second
while a throw waits for its count, and grabs the two calibration pictures from the stream.
A tablet on the plain-HTTP network address cannot, and sends photos instead (a photo input
works anywhere): two to calibrate, then one of the settled tray per throw. A USB webcam on
the server streams by itself. Either stream feeds one ``CameraTraySource``, followed for
each game like the sensor board, so the counts settle on the battle screen for one tap.
The calibration learns the cube colours of the game it was made for (its tower's
``colours``); a game whose cubes have other colours is asked to calibrate again.

Both counters are calibrated on the same photos (``vision.table_counter``): where both find
the six reference cubes, the rules count and the learned counter checks each settled tray;
where only one of them finds them (for the network: two cubes touching, light or a cloth the
rules were not made for), the table counts with that one and says so: no second counter
checks its counts, so each is to be checked against the outlined picture. If neither finds
them, the rules' refusal, which names what to fix, is what the table reads.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import cv2
import numpy as np

from companion.errors import RuleError
from companion.kits.tower.source import Throw, TrayReading
from vision import table_counter
from vision.annotate import annotate, jpeg
from vision.calibration import CalibrationError, check_colours
from vision.source import CameraTraySource, against_throw
from vision.table_counter import TableCounter
from web.tray.readings import reading_dict

def decode(data: bytes) -> np.ndarray:
    """A picture as OpenCV reads it; a broken or empty file is refused, never half-used."""
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        raise RuleError("camera.bad_image")
    return image


def _same_size(image: np.ndarray, frame_size: tuple[int, int]) -> None:
    """The counter works only on pictures the size of the calibration's (the same camera)."""
    height, width = image.shape[:2]
    if (width, height) != tuple(frame_size):
        raise RuleError("camera.wrong_size", got=f"{width}×{height}", calibrated="×".join(map(str, frame_size)))


@dataclass(frozen=True)
class CameraState:
    """The camera as one game's battle screen shows it (templates never call the camera)."""

    device: str | int | None  # a webcam on the server; None when the table's browser streams or sends photos
    calibrated: bool = False  # for this game's cube colours
    advice: list[str] = field(default_factory=list)  # message keys: what would make the counts surer
    refusal: dict[str, Any] | None = None  # why the install's calibration is not this game's (a note: key, params)


def _refused(err: CalibrationError) -> RuleError:
    return RuleError(err.key, **err.params)


class Camera:
    def __init__(self, db: Path, device: str | int | None = None) -> None:
        self.path = db.with_name(db.stem + ".camera.json")
        self.device = int(device) if isinstance(device, str) and device.isdigit() else device
        self._lock = threading.Lock()
        # Held while a calibration is worked out (a second or so), and by every photo and frame
        # counted: one that arrives meanwhile waits and is counted with the new calibration,
        # not counted with the old one and then wiped when the new one lands.
        self._calibration_lock = threading.Lock()
        self._counter: TableCounter | None = None  # built once per calibration, shared by photos and the live source
        self._live: CameraTraySource | None = None
        self._picture: bytes | None = None

    def calibrated(self) -> bool:
        return self._stored() is not None

    def calibrate(self, empty: bytes, reference: bytes, colours: Sequence[str],
                  forget_reading: Callable[[], None],
                  marked: tuple[float, float, float, float] | None = None) -> None:
        """Learn the tray (or take it as ``marked`` on the empty photo), the cube size and the
        game's cube ``colours`` under this light; a refusal says, as a message key, what to
        change before trying again. ``forget_reading`` drops the reading shown, counted with
        the old calibration, before any photo waiting for this one is counted."""
        with self._calibration_lock:
            try:
                counter = table_counter.calibrate(decode(empty), decode(reference), colours, marked)
            except CalibrationError as err:
                raise _refused(err) from None
            calibration = counter.calibration
            with self._lock:
                calibration.save(self.path)
                self._counter = counter
                if self._live is not None:
                    self._live.recalibrate(counter)
            forget_reading()

    def count_photo(self, photo: bytes, throw: Throw, colours: Sequence[str],
                    show: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        """A reading of the settled tray from one photo, handed to ``show`` for the battle
        screen before a calibration that arrives meanwhile can replace it, and returned. The
        person took it after the cubes stopped, so it is final unless the counter doubts, and it
        doubts counts ``throw`` cannot have left, as the live camera does."""
        image = decode(photo)
        with self._calibration_lock:
            counter = self._calibrated_counter(colours)
            _same_size(image, counter.calibration.frame_size)
            count = counter.count(image)
            with self._lock:
                self._picture = jpeg(annotate(image, count, counter.calibration.roi, counter.calibration.tray))
            doubts, confidence = against_throw(count, throw)
            reading = reading_dict(TrayReading(count.counts, confidence=confidence, doubts=tuple(doubts)), "camera")
            show(reading)
        return reading

    def push_frame(self, frame: bytes, colours: Sequence[str]) -> None:
        """One frame of the tablet's live camera, for the live source's next reading. A frame
        that cannot be counted is refused before the source sees it."""
        if self.device is not None:
            raise RuleError("camera.webcam_in_use")
        image = decode(frame)
        with self._calibration_lock:
            counter = self._calibrated_counter(colours)
            _same_size(image, counter.calibration.frame_size)
            self._source(counter).push_frame(image)

    def live_source(self, colours: Sequence[str]) -> CameraTraySource | None:
        """The camera as a live tray source once calibrated for the game's cube ``colours``:
        the server's webcam when one is configured, else fed by the frames the table's
        browser posts."""
        try:
            return self._source(self._calibrated_counter(colours))
        except RuleError:
            return None

    def _source(self, counter: TableCounter) -> CameraTraySource:
        with self._lock:
            if self._live is None:
                live = CameraTraySource(counter)
                if self.device is not None:
                    live.open_camera(self.device)
                self._live = live
            return self._live

    def picture(self) -> bytes | None:
        """The newest outlined picture of the tray: the live stream's, else the last photo's."""
        with self._lock:
            live = self._live.poll() if self._live is not None else None
            if live is not None and live.extra.get("annotated_jpeg"):
                return bytes(live.extra["annotated_jpeg"])
            return self._picture

    def state(self, colours: Sequence[str]) -> CameraState:
        """The camera for a game whose cubes have ``colours``: calibrated for them, with its
        advice, or why the install's calibration is not theirs."""
        try:
            counter = self._calibrated_counter(colours)
        except RuleError as refused:
            calibrated_for_others = refused.key != "camera.not_calibrated"
            return CameraState(self.device, refusal={"key": refused.key, "params": refused.params} if calibrated_for_others else None)
        return CameraState(self.device, calibrated=True, advice=table_counter.advice(counter))

    def _stored(self) -> TableCounter | None:
        """The counter for the install's calibration, rule-based or learned; one saved by
        another version of the app counts as none (the table is asked to calibrate again)."""
        with self._lock:
            if self._counter is None and self.path.exists():
                try:
                    self._counter = table_counter.load(self.path)
                except CalibrationError:
                    return None
            return self._counter

    def _calibrated_counter(self, colours: Sequence[str]) -> TableCounter:
        """The counter, if the install's calibration is for the game's ``colours``; else a
        refusal that says what to do."""
        counter = self._stored()
        if counter is None:
            raise RuleError("camera.not_calibrated")
        try:
            check_colours(counter.colours, colours)
        except CalibrationError as err:
            raise _refused(err) from None
        return counter

    def close(self) -> None:
        with self._lock:
            if self._live is not None:
                self._live.stop()
                self._live = None
