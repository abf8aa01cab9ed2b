"""Drive ``python -m devtools.sensor_emulator`` from another program (tests, benchmarks, demos)."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class EmulatorProcess:
    """The emulator as a subprocess, spoken to through its stdin/stdout control lines."""

    def __init__(self, workdir: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "devtools.sensor_emulator", "--link", str(workdir / "board"),
             "--cal", str(workdir / "cal.json"), *args],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        self.port = self.expect("PORT").split()[1]
        self.expect("PLUGGED")

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str, timeout: float = 15.0) -> str:
        """The next control line starting with ``prefix``; earlier other lines are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"emulator never said {prefix!r}; said {self.seen[-5:]}")
            self.seen.append(line)
            if line.startswith(prefix):
                return line

    def drop(self, spec: str) -> None:
        """Drop cubes and wait until the last one has passed the gate."""
        self.send("drop " + spec)
        self.expect("DROP")
        self.expect("DONE", timeout=30)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.send("quit")
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
