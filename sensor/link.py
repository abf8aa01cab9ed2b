"""The serial link to the board: finds it, keeps it open, reconnects, feeds the session.

One background thread owns the port. It never gives up: an unplugged board, a port that
vanished, a silent line or garbage all end in closing the port and opening it again, and
the session (which survives reconnects) asks the board for whatever was missed.
"""
from __future__ import annotations

import os
import threading
import time
from typing import Callable, Iterable, TypeVar

import serial
from serial.tools import list_ports

from sensor.protocol import LineSplitter, parse_line
from sensor.session import BoardSession

ENV_PORT = "COMPANION_SENSOR_PORT"
# MicroPython's own USB ids on RP2040 boards (Raspberry Pi Pico and most clones).
BOARD_USB_IDS: tuple[tuple[int, int], ...] = ((0x2E8A, 0x0005),)
READ_TIMEOUT_S = 0.02

T = TypeVar("T")


def find_board_port(usb_ids: Iterable[tuple[int, int]] = BOARD_USB_IDS) -> list[str]:
    """Serial ports whose USB ids match; the HELLO exchange then tells ours from others."""
    wanted = set(usb_ids)
    return sorted(p.device for p in list_ports.comports() if (p.vid, p.pid) in wanted)


def open_port(spec: str, baudrate: int = 115200) -> serial.SerialBase:
    """A device path, or any pyserial URL (``loop://``, ``socket://host:port``, ...)."""
    if "://" in spec:
        return serial.serial_for_url(spec, baudrate=baudrate, timeout=READ_TIMEOUT_S)
    return serial.Serial(spec, baudrate=baudrate, timeout=READ_TIMEOUT_S, exclusive=True)


class SensorLink:
    def __init__(
        self,
        port: str | None = None,
        *,
        session: BoardSession | None = None,
        baudrate: int = 115200,
        usb_ids: Iterable[tuple[int, int]] = BOARD_USB_IDS,
        retry_s: float = 0.2,
        silence_s: float = 3.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.port_spec = port if port is not None else os.environ.get(ENV_PORT) or None
        self.session = session or BoardSession()
        self.baudrate = baudrate
        self.usb_ids = tuple(usb_ids)
        self.retry_s = retry_s
        self.silence_s = silence_s
        self.clock = clock
        self.port_name: str | None = None
        self.last_error: str | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._drop = threading.Event()
        self._thread: threading.Thread | None = None
        self._candidate = 0

    def with_session(self, fn: Callable[[BoardSession], T]) -> T:
        """Run ``fn`` on the session while the link thread is kept out of it."""
        with self._lock:
            return fn(self.session)

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sensor-link", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None

    def reconnect(self) -> None:
        """Close the port now; the link thread opens it again straight away."""
        self._drop.set()

    @property
    def connected(self) -> bool:
        return self.with_session(lambda s: s.connected)

    def _candidates(self) -> list[str]:
        if self.port_spec:
            return [self.port_spec]
        return find_board_port(self.usb_ids)

    def _open(self) -> serial.SerialBase | None:
        candidates = self._candidates()
        if not candidates:
            self.last_error = "no sensor board found"
            return None
        name = candidates[self._candidate % len(candidates)]
        self._candidate += 1
        try:
            port = open_port(name, self.baudrate)
        except (serial.SerialException, OSError, ValueError) as exc:
            self.last_error = f"{name}: {exc}"
            return None
        self.port_name = name
        return port

    def _run(self) -> None:
        splitter = LineSplitter()
        while not self._stop.is_set():
            port = self._open()
            if port is None:
                self._stop.wait(self.retry_s)
                continue
            splitter.clear()
            self._drop.clear()
            with self._lock:
                self.session.on_connect(self.clock())
            try:
                self._serve(port, splitter)
            except (serial.SerialException, OSError) as exc:
                self.last_error = f"{self.port_name}: {exc}"
            finally:
                with self._lock:
                    self.session.on_disconnect(self.clock())
                try:
                    port.close()
                except (serial.SerialException, OSError):
                    pass
            self._stop.wait(self.retry_s / 4)

    def _serve(self, port: serial.SerialBase, splitter: LineSplitter) -> None:
        last_valid = self.clock()
        while not self._stop.is_set() and not self._drop.is_set():
            data = port.read(max(1, port.in_waiting))
            now = self.clock()
            lines = splitter.feed(data) if data else []
            with self._lock:
                for raw in lines:
                    parsed = parse_line(raw)
                    if parsed is None:
                        self.session.on_bad_line(now, raw)
                    else:
                        last_valid = now
                        self.session.on_line(parsed, now)
                out = self.session.tick(now)
            if out:
                port.write(b"".join(out))
            if now - last_valid > self.silence_s:
                self.last_error = f"{self.port_name}: silent for {self.silence_s:.0f} s"
                return
