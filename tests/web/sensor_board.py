"""A wait for what the web app's sensor board reader sees (the board itself is the ``board``
fixture in conftest.py: the emulator behind a real pseudo-terminal)."""
from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")


def wait_until(fn: Callable[[], T], timeout: float = 15.0) -> T:
    """``fn``'s first truthy value, polled; fails with its last value after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not (value := fn()):
        assert time.monotonic() < deadline, f"not within {timeout} s (last {value!r})"
        time.sleep(0.05)
    return value
