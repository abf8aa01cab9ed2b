"""Fixtures for the sensor-board tests."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

import pytest

from sensor_harness import EmulatorProcess


@pytest.fixture
def emulator_factory(tmp_path: Path) -> Iterator[Callable[..., EmulatorProcess]]:
    started: list[EmulatorProcess] = []

    def start(*args: str) -> EmulatorProcess:
        emu = EmulatorProcess(tmp_path, "--settle-ms", "300", "--empty-ms", "1500",
                              "--heartbeat-ms", "500", *args)
        started.append(emu)
        return emu

    yield start
    for emu in started:
        emu.close()
