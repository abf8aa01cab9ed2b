"""The sensor board without the board: the firmware's own logic behind a pseudo-terminal.

Runs firmware/towerfw (board.py with the simulated hw_fake shim) in real time and serves
its serial line on a pty, reachable through a stable symlink (``PORT`` line on stdout)
that follows the pty across emulated unplugs, the way udev keeps a device name.

Control it with lines on stdin; it answers on stdout:
  drop red*3 blue green [gap=MS] [width=MS]   -> DROP id=K cubes=N, later DONE id=K
  unplug MS      power cut: board off, link gone; cubes falling meanwhile are not seen
                 -> UNPLUGGED, then UNSEEN n=.. colours=.. and PLUGGED pty=..
  replug MS      link cut only (board keeps power and counting) -> UNPLUGGED, PLUGGED
  reset MS       the board restarts (reset button, watchdog) while the link stays up, as
                 over a UART; cubes falling meanwhile are not seen -> UNSEEN n=.., RESTARTED
  fault lose=P cut=P flip=P garbage=P scramble=P cmd=P   per-line fault rates (cmd:
                 host->board; scramble: the line arrives as noise, as at a wrong baud rate)
  stats          -> STATS ...
  quit
``--demo`` drops a random throw every few seconds instead, for watching the web app.
``--boot-id HEX`` makes the board draw the same boot id at every power-up.
"""
from __future__ import annotations

import argparse
import fcntl
import os
import random
import select
import shutil
import sys
import tempfile
import time
import tty
from pathlib import Path

from devtools.line_faults import LineFaults

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
sys.path.insert(0, str(FIRMWARE))

from towerfw.board import Board  # noqa: E402
from towerfw.hw_fake import FakeHardware  # noqa: E402

COLOURS = ("red", "blue", "yellow", "purple", "black", "green")


def say(*words: object) -> None:
    print(*words, flush=True)


class Emulator:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.link = Path(args.link)
        self.rng = random.Random(args.seed)
        self.hw = FakeHardware(seed=args.seed, cal_path=args.cal,
                               boot_id=None if args.boot_id is None else int(args.boot_id, 16))
        self.board: Board | None = None
        self.faults = LineFaults(rng=random.Random(args.seed + 1))
        self.cmd_faults = LineFaults(rng=random.Random(args.seed + 2))
        self.master: int | None = None
        self.slave: int | None = None
        self.powered = True
        self.plug_at: float | None = None
        self.restart_at: float | None = None
        self.drops: list[tuple[int, int]] = []
        self.next_drop = 1
        self.start = time.monotonic()
        self.control_buf = b""
        self.power_on()
        say("PORT", self.link)
        self.open_pty()

    # -- board power and the pty ----------------------------------------------------------

    def make_board(self) -> Board:
        a = self.args
        return Board(self.hw, settle_ms=a.settle_ms, empty_ms=a.empty_ms,
                     heartbeat_ms=a.heartbeat_ms, history=a.history)

    def power_off(self) -> None:
        self.powered = False
        self.board = None
        self.hw.prune_passed()

    def power_on(self) -> None:
        self.powered = True
        self.hw.out = bytearray()
        self.hw.inp = bytearray()
        self.board = self.make_board()

    def open_pty(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        flags = fcntl.fcntl(self.master, fcntl.F_GETFL)
        fcntl.fcntl(self.master, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        name = os.ttyname(self.slave)
        tmp = self.link.with_name(self.link.name + ".new")
        tmp.unlink(missing_ok=True)
        os.symlink(name, tmp)
        os.replace(tmp, self.link)
        say("PLUGGED", f"pty={name}")

    def close_pty(self) -> None:
        self.link.unlink(missing_ok=True)
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None
        say("UNPLUGGED")

    # -- control --------------------------------------------------------------------------

    def command(self, line: str) -> bool:
        words = line.split()
        if not words:
            return True
        verb, rest = words[0], words[1:]
        opts = dict(w.split("=", 1) for w in rest if "=" in w)
        if verb == "drop":
            names = []
            for w in rest:
                if "=" not in w:
                    colour, _, times = w.partition("*")
                    names += [colour] * int(times or 1)
            self.drop(names, float(opts.get("gap", 40)), float(opts.get("width", 6)))
        elif verb in ("unplug", "replug") and self.master is not None:
            self.close_pty()
            self.plug_at = time.monotonic() + float(rest[0] if rest else 500) / 1000
            if verb == "unplug":
                self.power_off()
        elif verb == "reset" and self.board is not None:
            self.power_off()
            self.restart_at = time.monotonic() + float(rest[0] if rest else 500) / 1000
        elif verb == "fault":
            for key in ("lose", "cut", "flip", "garbage", "scramble"):
                setattr(self.faults, key, float(opts.get(key, 0)))
            cmd = float(opts.get("cmd", 0))
            self.cmd_faults.lose = self.cmd_faults.flip = cmd
            say("FAULTS", " ".join(f"{k}={getattr(self.faults, k)}" for k in self.faults.counts))
        elif verb == "stats":
            injected = " ".join(f"{k}={v}" for k, v in self.faults.counts.items())
            say("STATS", f"cubes={self.board.count if self.board else -1}",
                f"lines={self.board.seq if self.board else -1}", injected)
        elif verb == "quit":
            return False
        else:
            say("ERROR", f"unknown command {verb!r}")
        return True

    def drop(self, names: list[str], gap_ms: float, width_ms: float) -> None:
        first = t = self.hw.now_us + 20000
        width = int(width_ms * 1000)
        for name in names:
            self.hw.drop(name, t, width)
            end = t + width
            t += max(int(gap_ms * 1000 * self.rng.uniform(0.8, 1.2)), width + 2000)
        if not names:
            end = first
        self.drops.append((self.next_drop, end))
        span = (end - first) / 1000
        say("DROP", f"id={self.next_drop}", f"cubes={len(names)}", f"span_ms={span:.0f}")
        self.next_drop += 1

    # -- the loop -------------------------------------------------------------------------

    def run_board(self) -> None:
        target = int((time.monotonic() - self.start) * 1e6)
        step = self.args.step_us
        while self.hw.now_us < target:
            self.hw.advance(step)
            if self.board is not None:
                self.board.step()
        data = self.hw.take_output()
        if data and self.master is not None:
            try:
                os.write(self.master, self.faults.apply(data))
            except (BlockingIOError, OSError):
                pass
        for drop_id, end in list(self.drops):
            if self.hw.now_us >= end + 2000:
                self.drops.remove((drop_id, end))
                say("DONE", f"id={drop_id}", f"last_cube_mono={self.start + (end / 1e6):.6f}")

    def replugged(self) -> None:
        self.plug_at = None
        if not self.powered:
            self.restarted()
        self.open_pty()

    def restarted(self) -> None:
        """Power back: cubes that began to fall while the board was off were never seen."""
        self.restart_at = None
        unseen = self.hw.forget_started_before(self.hw.now_us)
        say("UNSEEN", f"n={len(unseen)}", "colours=" + (",".join(unseen) or "-"))
        self.power_on()
        say("RESTARTED", f"boot={self.board.boot}")

    def serve(self, control: int | None) -> None:
        running = True
        demo_at = time.monotonic() + 1
        while running:
            self.run_board()
            if self.plug_at is not None and time.monotonic() >= self.plug_at:
                self.replugged()
            if self.restart_at is not None and time.monotonic() >= self.restart_at:
                self.restarted()
            fds = [fd for fd in (self.master, control) if fd is not None]
            ready, _, _ = select.select(fds, [], [], 0.002)
            if self.master is not None and self.master in ready:
                try:
                    data = os.read(self.master, 4096)
                except (BlockingIOError, OSError):
                    data = b""
                if data and self.board is not None:
                    self.hw.inp.extend(self.cmd_faults.apply(data))
            if control is not None and control in ready:
                running = self.control(control)
            if self.args.demo and time.monotonic() >= demo_at:
                demo_at = time.monotonic() + 6
                k = self.rng.randint(3, 12)
                self.drop([self.rng.choice(COLOURS) for _ in range(k)], 60, 6)

    def control(self, fd: int) -> bool:
        """Read control lines straight from the fd: select() cannot see Python's buffer."""
        data = os.read(fd, 4096)
        if not data:
            return False
        self.control_buf += data
        *lines, self.control_buf = self.control_buf.split(b"\n")
        return all(self.command(line.decode()) for line in lines)

    def close(self) -> None:
        if self.master is not None:
            self.close_pty()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m devtools.sensor_emulator", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    workdir = tempfile.mkdtemp(prefix="tower-sensor-")
    parser.add_argument("--link", default=os.path.join(workdir, "board"),
                        help="stable path (symlink) that follows the pty")
    parser.add_argument("--cal", default=os.path.join(workdir, "cal.json"),
                        help="where the emulated board keeps its calibration")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settle-ms", type=int, default=1500)
    parser.add_argument("--empty-ms", type=int, default=10000)
    parser.add_argument("--heartbeat-ms", type=int, default=1000)
    parser.add_argument("--history", type=int, default=256)
    parser.add_argument("--step-us", type=int, default=500)
    parser.add_argument("--demo", action="store_true", help="drop random throws by itself")
    parser.add_argument("--boot-id", metavar="HEX", help="the boot id the board draws at every power-up (a board whose random source is not seeded)")
    args = parser.parse_args(argv)
    emulator = Emulator(args)
    control = None if args.demo else sys.stdin.fileno()
    try:
        emulator.serve(control)
    except KeyboardInterrupt:
        pass
    finally:
        emulator.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
