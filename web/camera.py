"""The camera at the table: calibration photos, tray photos, and a live webcam.

One tower, one camera: the calibration belongs to the install (kept next to the database
as ``<db>.camera.json``) and is made again whenever the camera or the light moves. A
tablet's browser may stream its camera only over HTTPS, and the table is served over
plain HTTP on the local network, so the tablet sends photos instead (a photo input works
anywhere): two to calibrate, then one of the settled tray per throw. A USB webcam on the
server streams frames and is followed live, like the sensor board.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.errors import RuleError
from companion.tower.source import TraySource
from vision.annotate import annotate, jpeg
from vision.calibration import Calibration, CalibrationError, calibrate
from vision.counter import Counter
from vision.source import CameraTraySource


def decode(data: bytes) -> np.ndarray:
    """A photo as OpenCV reads it; a broken or empty file is refused, never half-used."""
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        raise RuleError("camera.bad_image")
    return image


class Camera:
    def __init__(self, db: Path, device: str | int | None = None) -> None:
        self.path = db.with_name(db.stem + ".camera.json")
        self.device = int(device) if isinstance(device, str) and device.isdigit() else device
        self._lock = threading.Lock()
        self._counter: Counter | None = None
        self._live: CameraTraySource | None = None
        self._picture: bytes | None = None

    def calibrated(self) -> bool:
        return self.path.exists()

    def calibrate(self, empty: bytes, reference: bytes) -> None:
        """Learn the tray, the cube size and the six colours under this light."""
        try:
            calibration = calibrate(decode(empty), decode(reference))
        except CalibrationError as err:
            raise RuleError("camera.calibration_failed", reason=str(err)) from None
        with self._lock:
            calibration.save(self.path)
            self._counter = Counter(calibration)
            if self._live is not None:
                self._live.stop()
                self._live = None

    def count_photo(self, photo: bytes) -> dict[str, Any]:
        """A reading of the settled tray from one photo, as the battle screen shows it; the
        person took it after the cubes stopped, so it is final unless the counter doubts."""
        image = decode(photo)
        counter = self._calibrated_counter()
        count = counter.count(image)
        with self._lock:
            self._picture = jpeg(annotate(image, count, counter.calibration.roi))
        return {"source": "camera", "counts": {c: n for c, n in count.counts.items() if n},
                "stable": True, "confidence": count.confidence, "note": count.note,
                "arrivals": []}

    def live_source(self) -> TraySource | None:
        """The server's webcam as a live tray source, when one is configured and calibrated."""
        if self.device is None or not self.calibrated():
            return None
        with self._lock:
            if self._live is None:
                self._live = CameraTraySource(Calibration.load(self.path))
                self._live.open_camera(self.device)
            return self._live

    def picture(self) -> bytes | None:
        """The newest outlined picture of the tray: the live webcam's, else the last photo's."""
        with self._lock:
            live = self._live.poll() if self._live is not None else None
            if live is not None and live.extra.get("annotated_jpeg"):
                return bytes(live.extra["annotated_jpeg"])
            return self._picture

    def _calibrated_counter(self) -> Counter:
        with self._lock:
            if self._counter is None:
                if not self.calibrated():
                    raise RuleError("camera.not_calibrated")
                self._counter = Counter(Calibration.load(self.path))
            return self._counter

    def close(self) -> None:
        with self._lock:
            if self._live is not None:
                self._live.stop()
                self._live = None
