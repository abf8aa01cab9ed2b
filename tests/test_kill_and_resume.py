"""The crash test: a real ``companion simulate --store --progress`` process is killed with
SIGKILL in the middle of a game, and the game in its SQLite file must have every command the
process reported as stored, replay to a state that keeps every cube, and play on to the end.

The child reports each stored command on stdout ("game ID" after the first, "stored N" after
every later one), flushed. Its stdout is a pipe of one page that the test fills in advance,
so the child can write only the lines that fit and then blocks: that bounds how far it can
run before it is killed, however the machine schedules the two processes.

* Killed while running: the room left in the pipe is for ``target + MARGIN`` lines; the test
  reads the lines as they come (always leaving the last byte, so the page is never emptied
  and never freed for more) and kills the child as soon as it reports ``target``. The child
  is then somewhere in the next commands, possibly inside a transaction.
* Killed mid-battle: the room is for exactly the lines up to command ``m - 1``, where command
  ``m`` is one that leaves a battle waiting for its tray count (found by playing the same
  seed in this process). The child commits ``m`` and blocks reporting it; the test waits
  until ``m`` is in the file, then kills it.
"""
from __future__ import annotations

import array
import fcntl
import os
import random
import signal
import sqlite3
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from companion.engine import EventStore, Session
from companion.games.shogun import agent
from companion.games.shogun.battle import throw_of
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.simulate import check_invariants, play_game
from companion.kits.tower.simulated import SimulatedTower

if not hasattr(fcntl, "F_SETPIPE_SZ"):
    pytest.skip("needs Linux pipes (F_SETPIPE_SZ)", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
RULES = ShogunRules()
PLAYERS = 5
SEED = 4  # its game is long enough for the latest kill point (checked in the test)
PAGE = os.sysconf("SC_PAGE_SIZE")
GAME_LINE = len("game 0123456789\n")  # the game id is 10 hex digits
MARGIN = 25
DEADLINE = 60.0  # seconds for any wait on the child; a hang fails instead of blocking


def line_bytes(seq: int) -> int:
    """Bytes the child writes after storing command ``seq``."""
    return GAME_LINE if seq == 1 else len(f"stored {seq}\n")


def room_for(last: int) -> int:
    """Bytes of the lines reporting commands 1..last."""
    return sum(line_bytes(seq) for seq in range(1, last + 1))


def available(fd: int) -> int:
    n = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, n, True)
    return n[0]


def stored_commands(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=DEADLINE)
    try:
        return con.execute("SELECT COUNT(*) FROM commands").fetchone()[0]
    finally:
        con.close()


class Child:
    """``companion simulate --store --progress`` writing into a page-sized pipe that holds
    ``padding`` bytes before it starts."""

    def __init__(self, db: Path, padding: int, tmp_path: Path):
        assert 0 <= padding <= PAGE
        self.padding = padding
        self.read_fd, write_fd = os.pipe()
        fcntl.fcntl(write_fd, fcntl.F_SETPIPE_SZ, PAGE)
        assert fcntl.fcntl(write_fd, fcntl.F_GETPIPE_SZ) == PAGE
        if padding:
            os.write(write_fd, b"#" * padding)
        self.stderr = open(tmp_path / "child.stderr", "w+b")
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion", "--db", str(db), "simulate", "--store",
                 "--progress", "--games", "1", "--players", str(PLAYERS), "--seed", str(SEED)],
                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=write_fd, stderr=self.stderr)
        finally:
            os.close(write_fd)
        self.data = b""

    def read_all_but_one_byte(self) -> None:
        n = available(self.read_fd)
        if n > 1:
            self.data += os.read(self.read_fd, n - 1)

    def output(self) -> bytes:
        return self.data[self.padding:] if len(self.data) >= self.padding else b""

    def reported(self) -> list[str]:
        """The complete lines the child has written (and we have read)."""
        text = self.output().decode()
        return text.split("\n")[:-1]

    def fail(self, why: str) -> None:
        self.stderr.seek(0)
        pytest.fail(f"{why}; child stderr: {self.stderr.read().decode(errors='replace')}")

    def check_alive(self) -> None:
        if self.proc.poll() is not None:
            self.fail(f"the child ended (code {self.proc.returncode}) before it was killed")

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=DEADLINE)
        assert self.proc.returncode == -signal.SIGKILL
        # the write end died with the child: read what is left up to end of file
        while chunk := os.read(self.read_fd, 65536):
            self.data += chunk

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=DEADLINE)
        os.close(self.read_fd)
        self.stderr.close()


def kill_while_running(db: Path, tmp_path: Path, target: int) -> list[str]:
    """Kill the child as soon as it reports command ``target``; the lines it wrote."""
    child = Child(db, PAGE - room_for(target + MARGIN), tmp_path)
    try:
        deadline = time.monotonic() + DEADLINE
        while True:
            child.read_all_but_one_byte()
            lines = child.reported()
            if lines[1:] and int(lines[-1].split()[1]) >= target:
                break
            child.check_alive()
            if time.monotonic() > deadline:
                child.fail(f"no report of command {target} in {DEADLINE} s; got {lines[-3:]}")
            time.sleep(0.001)
        child.kill()
        return child.reported()
    finally:
        child.close()


def kill_after_storing(db: Path, tmp_path: Path, last: int) -> list[str]:
    """Let the child store exactly ``last`` commands (it blocks reporting the last), kill it."""
    child = Child(db, PAGE - room_for(last - 1), tmp_path)
    try:
        deadline = time.monotonic() + DEADLINE
        # the first line (or, with no room, the file's first command) means the file exists
        while not (available(child.read_fd) > child.padding or (db.exists() and last == 1)):
            child.check_alive()
            if time.monotonic() > deadline:
                child.fail("the child never stored its first command")
            time.sleep(0.005)
        while True:
            try:
                stored = stored_commands(db)
            except sqlite3.OperationalError:  # the tables are not there yet
                stored = 0
            if stored >= last:
                break
            child.check_alive()
            if time.monotonic() > deadline:
                child.fail(f"only {stored} of {last} commands stored in {DEADLINE} s")
            time.sleep(0.005)
        child.kill()
        return child.reported()
    finally:
        child.close()


def reference_game():
    """The game the child plays, played here without a store: same seed, same choices."""
    return play_game(PLAYERS, SEED).session


def first_battle_waiting(history: list[list[dict]], after: int) -> int:
    """The first command after ``after`` that leaves an attack waiting for its tray count."""
    state = RULES.new_state()
    for seq, events in enumerate(history, start=1):
        for event in events:
            RULES.apply(state, event)
        if seq > after and state.battle is not None and state.battle["kind"] == "attack":
            return seq
    raise AssertionError(f"no battle after command {after} with seed {SEED}")


def play_to_the_end(session: Session, seed: int, limit: int = 5000) -> None:
    """Random legal commands and the simulated tower, as simulate.play_game plays."""
    rng, tower = random.Random(seed), SimulatedTower(seed=seed)
    for _ in range(limit):
        state = session.state
        if state.phase == "over":
            return
        if state.pending["kind"] == "tray":
            throw = throw_of(state.battle)
            command = {"type": "count_tray", "counts": tower.drop(throw.thrown, throw.inside)}
        else:
            command = agent.choose(state, rng)
        session.execute(command)
        check_invariants(session.state)
    raise AssertionError(f"the game did not end in {limit} commands")


def views(session: Session) -> dict:
    return {viewer: RULES.view(session.state, viewer)
            for viewer in [None, *session.state.seating]}


def check_resumed(db: Path, lines: list[str], reference: Session) -> Session:
    """Everything reported is stored and is the game the seed plays; it replays and keeps
    every cube; it plays on to the end with the store attached; the file then holds it."""
    assert lines and lines[0].startswith("game "), lines[:3]
    game_id = lines[0].split()[1]
    reported = 1 + len(lines[1:])
    assert [line.split() for line in lines[1:]] == [["stored", str(seq)]
                                                     for seq in range(2, reported + 1)]

    store = EventStore(db)
    assert [g.id for g in store.games()] == [game_id]
    records = list(store.commands(game_id))
    assert len(records) >= reported, "a command reported as stored is missing"
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    assert [r.events for r in records] == reference.history[:len(records)]

    session = Session(ShogunRules(), store, game_id)
    assert session.seq == len(records)
    check_invariants(session.state)
    assert session.state.phase != "over"

    play_to_the_end(session, seed=len(records))
    assert session.state.phase == "over"
    again = Session(ShogunRules(), EventStore(db), game_id)
    assert views(again) == views(session)
    assert again.history == session.history
    return session


@pytest.fixture(scope="module")
def reference() -> Session:
    return reference_game()


@pytest.mark.parametrize("target", [5, 40, 150])
def test_a_game_killed_while_running_keeps_every_reported_command_and_plays_on(
        tmp_path, reference, target):
    assert target + MARGIN < reference.seq, "the game is too short for this kill point"
    db = tmp_path / "games.sqlite3"
    lines = kill_while_running(db, tmp_path, target)
    assert len(lines) >= target  # the game line and "stored 2".."stored target"
    check_resumed(db, lines, reference)


def test_a_game_killed_right_after_its_creation_plays_on(tmp_path, reference):
    db = tmp_path / "games.sqlite3"
    lines = kill_after_storing(db, tmp_path, 1)
    # the child blocked writing its first line: nothing was reported, one command stored
    assert lines == []
    store = EventStore(db)
    (game,) = store.games()
    assert game.commands == 1
    check_resumed(db, [f"game {game.id}"], reference)


def test_a_game_killed_in_the_middle_of_a_battle_plays_on_from_the_tray_count(
        tmp_path, reference):
    battle = first_battle_waiting(reference.history, after=reference.seq // 3)
    db = tmp_path / "games.sqlite3"
    lines = kill_after_storing(db, tmp_path, battle)
    assert len(lines) == battle - 1  # it blocked reporting the battle command

    store = EventStore(db)
    game_id = lines[0].split()[1]
    assert store.game(game_id).commands == battle
    state = Session(ShogunRules(), store, game_id).state
    assert state.pending["kind"] == "tray"
    assert state.battle["kind"] == "attack"
    assert sum(state.tower.values()) >= sum(p["n"] for p in state.battle["parts"])
    check_resumed(db, lines, reference)
