"""Test harness: the firmware on sys.path, the emulator driver, waiting for conditions."""
from __future__ import annotations

import sys
import time
from typing import Callable, TypeVar

from devtools.sensor_emulator_process import ROOT, EmulatorProcess

FIRMWARE = ROOT / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))

T = TypeVar("T")

__all__ = ["FIRMWARE", "EmulatorProcess", "wait_until"]


def wait_until(fn: Callable[[], T], timeout: float = 10.0, every: float = 0.02) -> T:
    """Poll ``fn`` until it returns something truthy; fail with its last value otherwise."""
    deadline = time.monotonic() + timeout
    value = fn()
    while not value:
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s (last value {value!r})")
        time.sleep(every)
        value = fn()
    return value
