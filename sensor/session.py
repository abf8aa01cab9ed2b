"""What the host knows about the board and the tray: the accounting behind the tray source.

No I/O here. The link feeds in received lines and connection events, and sends whatever
``tick`` returns. Every cube is filed under (boot, cube number): a replayed or repeated
line can never count twice, a gap in cube numbers is asked for again, and what cannot be
recovered is said in the reading instead of silently missing.

A boot is told by more than the board's boot id, which a board may repeat (its random
source unseeded at power-up): within one boot the line numbers, the cube counter and the
uptime only ever go up, so a line from the same id that goes back on any of them starts a
new boot, filed apart from the old one. Lines that do not parse are kept count of: when
they outnumber the good ones, the reading says so, and what they look like.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Collection

from companion.kits.tower.source import Doubt, TrayReading
from sensor.protocol import PROTOCOL_VERSION, BoardLine, encode

UNKNOWN = "?"
RETRY_S = 0.3
STATUS_GAP_S = 0.15
LOW_QUALITY = 30
BAD_WINDOW_S = 5.0  # bad lines are counted over this many seconds
BAD_LINES_DOUBT = 3  # at least this many bad lines in the window, and no fewer than good ones, are a doubt
STATE_KINDS = frozenset({"HELLO", "STATUS", "SETTLED", "PONG"})  # lines whose n is the board's cube counter now


@dataclass(frozen=True)
class Cube:
    boot: str
    n: int
    colour: str
    quality: int
    long: bool


@dataclass
class BoardState:
    """The board's latest word on the tray, from STATUS, SETTLED, CUBE or HELLO lines."""

    seq: int = -1
    tray: int = -1
    n: int = 0
    settled: bool = False


@dataclass
class Stats:
    lines: int = 0
    bad_lines: int = 0
    seq_gaps: int = 0
    duplicates: int = 0
    replays: int = 0
    connects: int = 0
    reboots: int = 0
    same_id_reboots: int = 0


@dataclass
class Marks:
    """The highest line number, cube counter and uptime one boot has sent: none goes back
    within a boot, so a line of the same boot id below any of them is from a new boot."""

    seq: int = -1
    n: int = 0
    up: int = -1

    def went_back(self, line: BoardLine) -> bool:
        up, n = line.int("up"), _counter(line)
        if line.seq < self.seq or (up is not None and up < self.up):
            return True
        if n is None:
            return False
        return n <= self.n if line.kind == "CUBE" else n < self.n  # a cube seen live takes the next number

    def note(self, line: BoardLine) -> None:
        up, n = line.int("up"), _counter(line)
        self.seq = max(self.seq, line.seq)
        self.up = self.up if up is None else max(self.up, up)
        self.n = self.n if n is None else max(self.n, n)


def _counter(line: BoardLine) -> int | None:
    """The board's cube counter as ``line`` gives it: a state line's ``n``, a cube's number
    when it is seen live; None for other lines (a replayed cube's number is an old one)."""
    if line.kind in STATE_KINDS or (line.kind == "CUBE" and line.fields.get("r") != "1"):
        return line.int("n")
    return None


def looks_like(raw: bytes) -> str:
    """What a line that does not parse looks like: ``damaged`` (a protocol line cut or
    corrupted on the way: the host recovers it), ``text`` (readable, but not the protocol:
    another program on the port, or MicroPython's prompt with the firmware not running), or
    ``noise`` (unreadable bytes: a loose cable, or a baud rate that is not the board's)."""
    before, dollar, _ = raw.partition(b"$")
    if dollar and not before.strip():
        return "damaged"
    printable = sum(32 <= b < 127 or b in (9, 13) for b in before)  # before a "$": the prompt echoing a command
    return "text" if before and printable >= 0.9 * len(before) else "noise"


class BoardSession:
    def __init__(self, tray_start: int | None = None) -> None:
        self.tray_id = tray_start if tray_start is not None else random.randrange(1, 1 << 20)
        self.connected = False
        self.boot: str | None = None  # the current boot as cubes are filed: the board's id, or that id and a number once it repeats
        self.board_boot: str | None = None  # the id the current boot's lines carry
        self.marks = Marks()
        self.hello: dict[str, str] = {}
        self.hello_ok = False
        self.protocol_error: Doubt | None = None
        self.state = BoardState()
        self.board_n: dict[str, int] = {}
        self.cubes: dict[tuple[str, int], Cube] = {}
        self.order: list[tuple[str, int]] = []
        self.gone: set[tuple[str, int]] = set()
        self.throw_active = False
        self.bases: dict[str, int] = {}
        self.base_unknown = False
        self.reset_acked = False
        self.incidents: list[Doubt] = []
        self.jam = False
        self.sensor_fault = False
        self.stats = Stats()
        self.calibration: list[BoardLine] = []
        self.acks: dict[str, BoardLine] = {}
        self._expect_seq: int | None = None
        self._hseq = 0
        self._queue: list[tuple[str, tuple[tuple[str, object], ...]]] = []
        self._want_status = False
        self._replay_upto = 0
        self._last = {"HI": -1e9, "RESET": -1e9, "REPLAY": -1e9, "STATUS": -1e9}
        self._recent: deque[tuple[float, str | None]] = deque()  # (when, None for a good line or what a bad one looked like)
        self._now = 0.0

    # -- events from the link ---------------------------------------------------------

    def on_connect(self, now: float) -> None:
        self.connected = True
        self.hello_ok = False
        self._expect_seq = None
        self.stats.connects += 1
        self._last["HI"] = -1e9
        self._now = now  # bad lines heard before stay counted for their while: the link reopens the port on them

    def on_disconnect(self, now: float) -> None:
        self.connected = False
        self.hello_ok = False

    def on_bad_line(self, now: float, raw: bytes = b"") -> None:
        """A cut or corrupted line may have been anything, a cube included: ask for status.
        What it looks like is kept for a while: many of them are why nothing settles."""
        self.stats.bad_lines += 1
        self._want_status = True
        self._heard(now, looks_like(raw))

    def on_line(self, line: BoardLine, now: float) -> None:
        self.stats.lines += 1
        self._heard(now, None)
        if self._expect_seq is not None and line.seq != self._expect_seq:
            self.stats.seq_gaps += 1
            self._want_status = True
        self._expect_seq = line.seq + 1
        if line.boot is not None and line.boot == self.board_boot and self.marks.went_back(line):
            self.stats.same_id_reboots += 1
            self._rebooted(self._new_boot(line.boot))
            self.hello_ok = False
        if line.boot == self.board_boot and line.kind != "HELLO":
            self.marks.note(line)
        if line.kind == "HELLO":
            self._on_hello(line)
            return
        if not self.hello_ok or line.boot != self.board_boot:
            if line.boot != self.board_boot:
                self.hello_ok = False
            return
        handler = getattr(self, "_on_" + line.kind.lower(), None)
        if handler is not None:
            handler(line)

    # -- line handlers ------------------------------------------------------------------

    def _see_n(self, n: int | None) -> None:
        if n is not None and self.boot is not None:
            self.board_n[self.boot] = max(self.board_n.get(self.boot, 0), n)

    def _set_state(self, line: BoardLine, tray: int | None, n: int | None, settled: bool) -> None:
        if line.seq > self.state.seq and n is not None:
            self.state = BoardState(line.seq, self.state.tray if tray is None else tray, n, settled)

    def _on_hello(self, line: BoardLine) -> None:
        boot = line.boot
        if boot is None:
            return
        self.hello = dict(line.fields)
        if line.int("proto") != PROTOCOL_VERSION:
            self.protocol_error = Doubt("doubt.board_protocol", {
                "board": line.fields.get("proto", "?"), "host": PROTOCOL_VERSION})
            return
        self.protocol_error = None
        n = line.int("n", 0)
        if self.board_boot is not None and boot != self.board_boot:
            self._rebooted(self._new_boot(boot))
        elif self.boot is None:
            self.boot, self.board_boot = boot, boot
            if self.throw_active:
                self.bases[boot] = n
                self.base_unknown = True
        self.marks.note(line)
        self.hello_ok = True
        self.state = BoardState(line.seq, line.int("tray", -1), n, line.int("st") == 1)
        self._see_n(n)

    def _new_boot(self, board_boot: str) -> str:
        """The key the board's new boot files its cubes under: its id, unless cubes are
        already filed under that id, then the id and how many boots used it."""
        used = sum(1 for key in self.board_n if key.split("~")[0] == board_boot)
        return board_boot if not used else f"{board_boot}~{used + 1}"

    def _rebooted(self, boot: str) -> None:
        """The board restarted: what it had not yet sent of the old boot is gone, and its
        cube counter starts again from 0 under ``boot``."""
        self.stats.reboots += 1
        self._replay_upto = 0
        old = self.boot
        assert old is not None
        if self.throw_active:
            for n in self._missing(old):
                self.gone.add((old, n))
            self.incidents.append(Doubt("doubt.board_restarted"))
            self.bases[boot] = 0
            self.reset_acked = False
        self.boot, self.board_boot = boot, boot.split("~")[0]
        self.board_n.setdefault(boot, 0)
        self.marks = Marks()
        self.state = BoardState()

    def _heard(self, now: float, bad: str | None) -> None:
        """Keep the last ``BAD_WINDOW_S`` of lines heard, good (None) and bad (what it looked like)."""
        self._now = now
        self._recent.append((now, bad))
        while self._recent and self._recent[0][0] < now - BAD_WINDOW_S:
            self._recent.popleft()

    def _on_cube(self, line: BoardLine) -> None:
        n = line.int("n")
        if n is None or self.boot is None:
            return
        replay = line.fields.get("r") == "1"
        key = (self.boot, n)
        if key in self.cubes:
            self.stats.duplicates += 1
        else:
            self.cubes[key] = Cube(self.boot, n, line.fields.get("c", UNKNOWN),
                                   line.int("q", 0) or 0, line.fields.get("x") == "long")
            self.order.append(key)
            self.gone.discard(key)
        self._see_n(n)
        if not replay:
            self.jam = False
            self._set_state(line, None, n, False)

    def _on_settled(self, line: BoardLine) -> None:
        n = line.int("n")
        self._see_n(n)
        self._set_state(line, line.int("tray"), n, True)

    def _on_status(self, line: BoardLine) -> None:
        n = line.int("n")
        self._see_n(n)
        self._set_state(line, line.int("tray"), n, line.int("st") == 1)
        self.jam = line.int("gate") == 1 and self.jam

    def _on_pong(self, line: BoardLine) -> None:
        self._see_n(line.int("n"))

    def _on_ok(self, line: BoardLine) -> None:
        self.acks[line.fields.get("cmd", "")] = line
        if line.fields.get("cmd") == "RESET" and line.int("tray") == self.tray_id:
            self.reset_acked = True
            if self.state.tray != self.tray_id:
                self._set_state(line, self.tray_id, line.int("n"), False)
        self._see_n(line.int("n"))
        self._see_n(line.int("upto"))

    def _on_err(self, line: BoardLine) -> None:
        code = line.fields.get("code")
        if code == "gone" and self.boot is not None:
            oldest = line.int("oldest", 0) or 0
            for n in self._missing(self.boot):
                if n < oldest:
                    self.gone.add((self.boot, n))
        elif code == "jam":
            self.jam = True
        elif code == "sensor":
            self.sensor_fault = True

    def _on_cal(self, line: BoardLine) -> None:
        self.calibration.append(line)

    _on_caldone = _on_cal

    # -- what to send -------------------------------------------------------------------

    def _missing(self, boot: str) -> list[int]:
        """Cube numbers of this throw the board has announced but the host has not got."""
        if not self.throw_active or boot not in self.bases:
            return []
        return [n for n in range(self.bases[boot] + 1, self.board_n.get(boot, 0) + 1)
                if (boot, n) not in self.cubes and (boot, n) not in self.gone]

    def command(self, kind: str, *fields: tuple[str, object]) -> None:
        """Queue a command for the board (sent on the next tick while connected)."""
        self._queue.append((kind, fields))

    def _due(self, kind: str, now: float, every: float) -> bool:
        if now - self._last[kind] < every:
            return False
        self._last[kind] = now
        return True

    def _encode(self, kind: str, fields: tuple[tuple[str, object], ...] = ()) -> bytes:
        self._hseq += 1
        return encode(self._hseq, kind, fields)

    def tick(self, now: float) -> list[bytes]:
        """Commands to send now: hello, tray reset, replays of lost cubes, status, queued."""
        self._now = now
        if not self.connected:
            return []
        if not self.hello_ok:
            return [self._encode("HI")] if self._due("HI", now, 0.5) else []
        out = []
        boot = self.boot
        assert boot is not None
        if self.throw_active and not self.reset_acked and self._due("RESET", now, RETRY_S):
            out.append(self._encode("RESET", (("tray", self.tray_id), ("from", self.bases[boot]))))
        missing = self._missing(boot)
        if missing and (missing[-1] > self._replay_upto or self._due("REPLAY", now, RETRY_S)):
            self._last["REPLAY"] = now
            self._replay_upto = missing[-1]
            self.stats.replays += 1
            out.append(self._encode("REPLAY", (("from", missing[0]),)))
        if self._want_status and self._due("STATUS", now, STATUS_GAP_S):
            self._want_status = False
            out.append(self._encode("STATUS"))
        while self._queue:
            kind, fields = self._queue.pop(0)
            out.append(self._encode(kind, fields))
        return out

    # -- the tray -----------------------------------------------------------------------

    def begin_throw(self, now: float) -> None:
        """The tray was emptied into the tower: cubes from the board's next number on count."""
        self.throw_active = True
        self.tray_id += 1
        self.incidents = []
        self.gone = set()
        self.bases = {}
        self.base_unknown = False
        self.reset_acked = False
        self._last["RESET"] = -1e9
        if self.boot is not None:
            self.bases[self.boot] = self.board_n.get(self.boot, 0)
            if not self.connected:
                self.incidents.append(Doubt("doubt.board_offline_at_start"))
        self.cubes = {}
        self.order = []

    def tray_cubes(self) -> list[Cube]:
        return [self.cubes[k] for k in self.order
                if k[0] in self.bases and k[1] > self.bases[k[0]]]

    def is_stable(self) -> bool:
        boot = self.boot
        if not (self.throw_active and self.connected and self.hello_ok and boot in self.bases):
            return False
        assert boot is not None
        st = self.state
        return (st.settled and not self._missing(boot)
                and st.n == self.board_n.get(boot, 0)
                and (st.n > self.bases[boot] or st.tray == self.tray_id))

    def reading(self, colours: Collection[str]) -> TrayReading | None:
        """The tray since the throw began, counted in the game's cube ``colours``: a cube the
        board named another colour is no count of the game's, and is said as such."""
        if not self.throw_active:
            return None
        cubes = self.tray_cubes()
        counts = {c: 0 for c in colours}
        for cube in cubes:
            if cube.colour in counts:
                counts[cube.colour] += 1
        uncounted = [c.colour for c in cubes if c.colour not in counts]
        unknown = len(uncounted)
        foreign = [c for c in uncounted if c != UNKNOWN]  # a colour the game has none of: misread, or a stray cube
        tray_gone = sorted(k for k in self.gone if k[0] in self.bases and k[1] > self.bases[k[0]])
        doubtful = [c.n for c in cubes if c.colour in counts and c.quality < LOW_QUALITY]
        long = [c.n for c in cubes if c.long]
        missing = self._missing(self.boot) if self.boot else []
        confidence = 1.0
        doubts = []
        if self.protocol_error:
            doubts.append(self.protocol_error)
            confidence = 0.0
        for incident in self.incidents:
            doubts.append(incident)
            confidence = min(confidence, 0.5)
        if self.base_unknown:
            doubts.append(Doubt("doubt.board_late"))
            confidence = min(confidence, 0.5)
        if tray_gone:
            doubts.append(Doubt("doubt.cubes_unrecovered", {"n": len(tray_gone)}))
            confidence = min(confidence, 0.5)
        if foreign:
            doubts.append(Doubt("doubt.colour_not_in_game", {"n": len(foreign), "colours": sorted(set(foreign))}))
            confidence = min(confidence, 0.7)
        if unknown > len(foreign):
            doubts.append(Doubt("doubt.colour_unknown", {"n": unknown - len(foreign)}))
            confidence = min(confidence, 0.7)
        if long:
            doubts.append(Doubt("doubt.two_at_once", {"numbers": long}))
            confidence = min(confidence, 0.8)
        if doubtful:
            doubts.append(Doubt("doubt.colour_doubtful", {"n": len(doubtful)}))
            confidence = min(confidence, 0.9)
        if self.jam:
            doubts.append(Doubt("doubt.jam"))
        if self.sensor_fault:
            doubts.append(Doubt("doubt.sensor_fault"))
        garbled = self.garbled()
        if garbled is not None:
            doubts.append(garbled)
            confidence = min(confidence, 0.5)
        if not self.connected:
            doubts.append(Doubt("doubt.board_disconnected"))
        elif not self.hello_ok and garbled is None and self.protocol_error is None:
            doubts.append(Doubt("doubt.board_silent"))
        elif missing:
            doubts.append(Doubt("doubt.lines_missing", {"n": len(missing)}))
        return TrayReading(
            counts=counts,
            stable=self.is_stable(),
            confidence=confidence,
            doubts=tuple(doubts),
            extra={
                "arrivals": [c.colour for c in cubes],
                "unknown": unknown,
                "unrecovered": len(tray_gone),
                "connected": self.connected,
                "board": {"boot": self.boot, "fw": self.hello.get("fw"),
                          "calibrated": self.hello.get("cal", "-")},
                "tray": self.tray_id,
            },
        )

    def garbled(self) -> Doubt | None:
        """Why nothing settles when the line is mostly lines that do not parse: at least
        ``BAD_LINES_DOUBT`` of them in the last ``BAD_WINDOW_S`` seconds, and no fewer than
        good ones (a few damaged lines are line noise the host recovers from). Worded by what
        most of them look like (``looks_like``)."""
        recent = [bad for when, bad in self._recent if when >= self._now - BAD_WINDOW_S]
        bad = [b for b in recent if b is not None]
        if len(bad) < BAD_LINES_DOUBT or len(bad) < len(recent) - len(bad):
            return None
        kind = max(("noise", "text", "damaged"), key=bad.count)
        said = {"n": len(bad), "seconds": round(BAD_WINDOW_S)}
        if kind == "noise":
            return Doubt("doubt.board_noise", said)
        if kind == "text":
            return Doubt("doubt.board_foreign", said)
        return Doubt("doubt.board_damaged", said)
