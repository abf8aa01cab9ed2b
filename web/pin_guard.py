"""Guessing the host PIN, slowed down: wrong PINs are counted per device and per game, each
count earns a growing wait, and the table is told that someone is trying.

The host PIN undoes, ends the game and claims the table, and the table lists every player's
join link, so every hand and bid. Tried at the speed of the network, a 4-digit PIN fell in
24 seconds. So:

- A device may get a game's PIN wrong ``DEVICE_FREE`` (3) times; each wrong PIN after that
  makes it wait, 5 s the first time, twice as long each next time, at most 15 minutes. The
  right PIN clears the device's count. A device is the client's address and what its token
  proves (the table, a seat, or nothing): a made-up token proves nothing, so it does not
  make a fresh device.
- A game allows ``GAME_FREE`` (10) wrong PINs from all devices together, then the same
  doubling waits, so a guesser with many addresses gains nothing. The table itself (the
  device with the table cookie) counts only as a device: it already shows every join link,
  so guessing gains it nothing, and a guesser elsewhere must not lock the host out at the
  table. Its wrong PINs are not "someone trying" either, so they are not in the notice.
- While a wait runs, an attempt is refused unchecked, even with the right PIN: an answer
  that differed would tell a right guess from a wrong one. Checking and counting happen
  under one lock, so a burst of parallel attempts is counted one by one.
- A count is forgotten a day after its last wrong PIN, so an old attack does not slow the
  host down at next week's game.
- The table is told how many wrong PINs were entered elsewhere in the last 10 minutes.

What that costs a guesser: past the game's free tries the waits reach 15 minutes after
9 more wrong PINs (about 21 minutes of waiting), then each guess costs 15 minutes, from any
number of devices. A 6-digit PIN (one of 1,000,000) takes on average 500,000 guesses:
about 14 years. In a 4-hour evening 33 guesses fit, a 0.003% chance. Pausing a day to be
forgiven buys 19 quick guesses, fewer than the day would have allowed (96). A game kept
with a 4-digit PIN takes 52 days on average, 0.3% in an evening.

The counts live in the games' SQLite file and survive a restart. A guesser cannot restart
the server, but a server in a crash loop (or restarted by a supervisor after each fault)
would otherwise give every guesser fresh free tries each time; keeping them costs one
small write per wrong PIN. The clock is the wall clock, as it must mean the same after a
restart; a time recorded in the future (the clock set back) is taken as now, so no wait
ever runs longer than its own length.

No Flask here: the guard is given a way to check the PIN and a clock, so its tests need
neither an app nor sleeping.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

DEVICE_FREE = 3  # wrong PINs a device may enter before it waits
GAME_FREE = 10  # wrong PINs a game allows from all its devices but the table
FIRST_WAIT_S = 5.0  # the first wait; each next one is twice as long
LONGEST_WAIT_S = 15 * 60.0
FORGET_S = 24 * 60 * 60.0  # a count is forgotten this long after its last wrong PIN
NOTICE_S = 10 * 60.0  # the table is told of the wrong PINs of this last stretch

GAME = ""  # the device name of a game's own count

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_pin_counts (
    game_id TEXT NOT NULL,
    device TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last REAL NOT NULL,
    PRIMARY KEY (game_id, device)
);
CREATE TABLE IF NOT EXISTS web_pin_failures (
    game_id TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS web_pin_failures_by_game ON web_pin_failures (game_id, at);
"""


def wait_after(failures: int, free: int) -> float:
    """The wait after ``failures`` wrong PINs when ``free`` cost nothing.

    >>> [wait_after(n, 3) for n in (3, 4, 5, 6)]
    [0.0, 5.0, 10.0, 20.0]
    >>> wait_after(40, 3)
    900.0
    """
    if failures <= free:
        return 0.0
    return min(LONGEST_WAIT_S, FIRST_WAIT_S * 2.0 ** min(failures - free - 1, 32))


@dataclass(frozen=True)
class Verdict:
    """An attempt's outcome: ``accepted``, or refused; ``wait`` > 0 when it was refused
    unchecked because a wait still runs (that many seconds more)."""

    accepted: bool
    wait: float = 0.0


@dataclass(frozen=True)
class Notice:
    """What the table is told: ``failures`` wrong PINs in the last ``NOTICE_S`` seconds,
    the latest at ``last``; the notice is over at ``until`` unless another comes."""

    failures: int
    last: float
    until: float


class PinGuard:
    """Wrong host PINs counted per game and per device, in the games' SQLite file."""

    def __init__(self, db: Path | str, clock: Callable[[], float] = time.time) -> None:
        self._db = sqlite3.connect(str(db), check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        self._clock = clock
        self._lock = threading.Lock()

    def attempt(self, game_id: str, device: str, right: Callable[[], bool], *,
                table: bool = False) -> Verdict:
        """Try a PIN from ``device`` (``table``: the game's own table), ``right()`` saying
        whether it is the game's. Refused unchecked while the device or the game waits.
        ``device`` names the device within the game (never empty)."""
        if not device:
            raise ValueError("a device needs a name")
        with self._lock:
            now = self._clock()
            self._forget(now)
            counts = [device] if table else [device, GAME]
            wait = max(self._wait(game_id, name, now) for name in counts)
            if wait > 0:
                return Verdict(False, wait)
            if right():
                with self._db:
                    self._db.execute("DELETE FROM web_pin_counts WHERE game_id = ? AND device = ?",
                                     (game_id, device))
                return Verdict(True)
            with self._db:
                for name in counts:
                    self._db.execute(
                        "INSERT INTO web_pin_counts (game_id, device, failures, last)"
                        " VALUES (?, ?, 1, ?) ON CONFLICT (game_id, device) DO UPDATE"
                        " SET failures = failures + 1, last = excluded.last",
                        (game_id, name, now))
                if not table:
                    self._db.execute("INSERT INTO web_pin_failures (game_id, at) VALUES (?, ?)",
                                     (game_id, now))
            return Verdict(False)

    def notice(self, game_id: str) -> Notice | None:
        """The wrong PINs of the last ``NOTICE_S`` seconds from devices other than the table,
        or None when there were none."""
        with self._lock:
            now = self._clock()
            failures, last = self._db.execute(
                "SELECT COUNT(*), MAX(at) FROM web_pin_failures WHERE game_id = ? AND at > ?",
                (game_id, now - NOTICE_S)).fetchone()
        if not failures:
            return None
        return Notice(failures, last, min(last, now) + NOTICE_S)

    def close(self) -> None:
        self._db.close()

    def _wait(self, game_id: str, device: str, now: float) -> float:
        row = self._db.execute("SELECT failures, last FROM web_pin_counts"
                               " WHERE game_id = ? AND device = ?", (game_id, device)).fetchone()
        if row is None:
            return 0.0
        failures, last = row
        free = GAME_FREE if device == GAME else DEVICE_FREE
        return max(0.0, min(last, now) + wait_after(failures, free) - now)

    def _forget(self, now: float) -> None:
        with self._db:
            self._db.execute("DELETE FROM web_pin_counts WHERE last < ?", (now - FORGET_S,))
            self._db.execute("DELETE FROM web_pin_failures WHERE at < ?", (now - NOTICE_S,))
