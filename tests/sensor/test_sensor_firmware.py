"""The firmware's logic checks, under CPython here and under the real MicroPython via Node."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import logic_checks
from sensor_harness import FIRMWARE


@pytest.mark.parametrize("check", logic_checks.CHECKS, ids=lambda c: c.__name__)
def test_firmware_logic_under_cpython(check, tmp_path):
    check(str(tmp_path))


@pytest.fixture(scope="module")
def micropython_run() -> str:
    if shutil.which("node") is None:
        pytest.skip("node is not installed; CI has it")
    if not (FIRMWARE / "node_modules" / "@micropython").is_dir():
        pytest.skip("firmware/node_modules missing: run `npm ci --prefix firmware` (./test does)")
    done = subprocess.run(["node", str(FIRMWARE / "run_checks.mjs")], capture_output=True,
                          text=True, timeout=120, cwd=FIRMWARE)
    return done.stdout + done.stderr


def test_firmware_runs_under_real_micropython(micropython_run):
    assert re.search(r"^interpreter: micropython \d", micropython_run, re.M), micropython_run


@pytest.mark.parametrize("check", logic_checks.CHECKS, ids=lambda c: c.__name__)
def test_firmware_logic_under_micropython(check, micropython_run):
    assert f"PASS {check.__name__}\n" in micropython_run, micropython_run


def test_rp2040_shim_under_micropython(micropython_run):
    """The real-board shim only loads under MicroPython; here against a stub ``machine``."""
    assert "PASS check_rp2040_shim\n" in micropython_run, micropython_run
