"""The host's accounting fed directly by the firmware, without a pty: fast and repeatable.

The board (firmware logic on the simulated shim) and the host session are wired through
a fault injector, so many seeds of lost, cut and corrupted lines can be run in seconds.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import sensor.session
from companion.i18n import LANGUAGES, Names, catalog, render
from companion.kits.tower.source import CATALOGUES, Doubt
from devtools.line_faults import LineFaults
from sensor.protocol import BoardLine, LineSplitter, encode, parse_line
from sensor.session import BAD_LINES_DOUBT, BoardSession
from towerfw.board import Board
from towerfw.hw_fake import FakeHardware

COLOURS = ("red", "blue", "yellow", "purple", "black", "green")
FOUR = ("red", "blue", "yellow", "green")
SAME_ID = 0x5EED0001  # a board that draws this boot id at every power-up


class Chain:
    def __init__(self, tmp, seed=1, faults=None, history=256, boot_id=None):
        self.hw = FakeHardware(seed=seed, cal_path=str(tmp / "cal.json"), boot_id=boot_id)
        self.history = history
        self.board = Board(self.hw, settle_ms=300, empty_ms=1500, heartbeat_ms=500,
                           history=history)
        self.session = BoardSession(tray_start=100)
        self.faults = faults or LineFaults()
        self.splitter = LineSplitter()
        self.link_up = True
        self.session.on_connect(self.now)

    @property
    def now(self) -> float:
        return self.hw.now_us / 1e6

    def run(self, ms: int) -> None:
        for _ in range(ms // 5):
            for _ in range(10):
                self.hw.advance(500)
                self.board.step()
            out = self.hw.take_output()
            if not self.link_up:
                continue
            for raw in self.splitter.feed(self.faults.apply(out)):
                line = parse_line(raw)
                if line is None:
                    self.session.on_bad_line(self.now, raw)
                else:
                    self.session.on_line(line, self.now)
            for cmd in self.session.tick(self.now):
                self.hw.inp.extend(cmd)

    def drop(self, names, gap_us=25000):
        t = self.hw.now_us + 10000
        for name in names:
            self.hw.drop(name, t)
            t += gap_us

    def throw(self, names: list[str], ms: int = 1500):
        """A throw begun, ``names`` dropped, ``ms`` run: its reading in the game's colours."""
        self.session.begin_throw(self.now)
        self.drop(names)
        self.run(ms)

    def until_hello(self) -> None:
        """Run until the host has the board's hello, as the app waits for it before a throw
        (lost lines can take the first ones)."""
        while not self.session.hello_ok:
            self.run(100)

    def reboot(self):
        self.board = Board(self.hw, settle_ms=300, empty_ms=1500, heartbeat_ms=500,
                           history=self.history)

    def reading(self):
        return self.session.reading(COLOURS)


def counted(reading):
    return Counter({c: n for c, n in reading.counts.items() if n})


def test_nothing_to_report_before_a_throw(tmp_path):
    chain = Chain(tmp_path)
    chain.run(100)
    assert chain.reading() is None


@pytest.mark.parametrize("seed", range(8))
def test_every_cube_accounted_for_under_heavy_faults(tmp_path, seed):
    rng = random.Random(seed)
    faults = LineFaults(lose=0.2, cut=0.1, flip=0.1, garbage=0.1, rng=random.Random(seed))
    chain = Chain(tmp_path, seed=seed + 1, faults=faults)
    chain.run(600)
    chain.until_hello()
    chain.session.begin_throw(chain.now)
    names = [rng.choice(COLOURS) for _ in range(rng.randint(10, 40))]
    chain.drop(names, gap_us=rng.randint(12000, 40000))
    for _ in range(100):
        chain.run(200)
        if chain.reading().stable:
            break
    reading = chain.reading()
    assert reading.stable
    assert counted(reading) == Counter(names)
    assert reading.confidence == 1.0 and reading.doubts == ()


def test_duplicate_and_replayed_lines_never_count_twice(tmp_path):
    chain = Chain(tmp_path)
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["red", "blue", "green"])
    chain.run(500)
    out_before = chain.reading()
    chain.session.command("REPLAY", ("from", 1))
    chain.session.command("REPLAY", ("from", 1))
    chain.run(100)
    after = chain.reading()
    assert counted(after) == counted(out_before) == Counter(["red", "blue", "green"])
    assert chain.session.stats.duplicates == 6


@pytest.mark.parametrize("boot_id", [None, SAME_ID], ids=["new boot id", "same boot id"])
def test_reboot_during_throw_keeps_seen_cubes_and_says_so(tmp_path, boot_id):
    chain = Chain(tmp_path, boot_id=boot_id)
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["red"] * 3)
    chain.run(300)
    chain.reboot()
    chain.drop(["blue"] * 2)
    for _ in range(20):
        chain.run(200)
        if chain.reading().stable:
            break
    reading = chain.reading()
    assert reading.stable
    assert counted(reading) == Counter({"red": 3, "blue": 2})
    assert reading.confidence < 1.0 and Doubt("doubt.board_restarted") in reading.doubts
    assert chain.session.stats.reboots == 1


def test_reboot_between_throws_is_harmless(tmp_path):
    chain = Chain(tmp_path)
    chain.run(600)
    chain.reboot()
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["yellow"] * 2)
    chain.run(1500)
    reading = chain.reading()
    assert reading.stable and reading.confidence == 1.0
    assert counted(reading) == Counter({"yellow": 2})


def test_unknown_colour_is_reported_not_guessed(tmp_path):
    chain = Chain(tmp_path)
    chain.hw.truth = dict(chain.hw.truth, red=((0.90, 0.05, 0.05, 0.9), (0.02, 0.02, 0.02, 0.05)))
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["red", "green"])
    chain.run(1500)
    reading = chain.reading()
    assert reading.stable
    assert counted(reading) == Counter({"green": 1})
    assert reading.extra["unknown"] == 1
    assert reading.confidence < 1.0 and Doubt("doubt.colour_unknown", {"n": 1}) in reading.doubts


def test_the_tray_is_counted_in_the_colours_the_game_gives(tmp_path):
    chain = Chain(tmp_path)
    chain.run(600)
    chain.throw(["red", "blue", "yellow", "green", "green"])
    reading = chain.session.reading(FOUR)
    assert reading.stable and tuple(reading.counts) == FOUR
    assert counted(reading) == Counter({"red": 1, "blue": 1, "yellow": 1, "green": 2})
    assert reading.confidence == 1.0 and reading.doubts == ()


def test_a_cube_read_as_a_colour_the_game_lacks_is_said_not_counted(tmp_path):
    chain = Chain(tmp_path)
    chain.run(600)
    chain.throw(["red", "purple", "purple"])
    reading = chain.session.reading(FOUR)
    assert reading.stable and counted(reading) == Counter({"red": 1})
    assert reading.extra["unknown"] == 2
    assert Doubt("doubt.colour_not_in_game", {"n": 2, "colours": ["purple"]}) in reading.doubts
    assert reading.confidence < 1.0


def test_not_stable_until_the_reset_reaches_the_board(tmp_path):
    chain = Chain(tmp_path)
    chain.run(600)
    chain.link_up = False
    chain.session.begin_throw(chain.now)
    chain.run(2000)
    assert not chain.reading().stable
    chain.link_up = True
    chain.run(1800)
    reading = chain.reading()
    assert reading.stable and sum(reading.counts.values()) == 0


def test_every_doubt_the_board_can_raise_is_worded_in_russian_czech_and_english():
    """The table shows a reading's doubts in each device's language, not the host's English."""
    source = Path(sensor.session.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'Doubt\(\s*"([a-z_.]+)"', source))
    assert len(keys) >= 10
    sample = {"n": 2, "numbers": [4, 5], "board": "1", "host": 2, "seconds": 5, "colours": ["purple"]}
    for lang in LANGUAGES:
        worded = set(catalog(lang, CATALOGUES[0])["messages"])
        assert keys <= worded, (lang, keys - worded)
        for key in keys:
            line = render(key, sample, Names(lang, catalogues=CATALOGUES))
            assert not re.search(r"\{\w+", line), (lang, key)


# --- a board that repeats its boot id ---------------------------------------------------------

def settle(chain, ms=4000):
    for _ in range(ms // 200):
        chain.run(200)
        if chain.reading().stable:
            break
    return chain.reading()


def test_a_restart_with_the_same_boot_id_between_throws_loses_no_cube_of_the_next(tmp_path):
    """Seventeen cubes, then a restart: the new boot's cubes 1 to 17 are new cubes, not the
    old boot's again."""
    chain = Chain(tmp_path, boot_id=SAME_ID)
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["green"] * 17)
    assert counted(settle(chain)) == Counter({"green": 17})
    chain.reboot()
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["red"] * 10 + ["yellow"] * 7)
    reading = settle(chain)
    assert reading.stable and reading.doubts == ()
    assert counted(reading) == Counter({"red": 10, "yellow": 7})


@pytest.mark.parametrize("seed", range(5))
def test_throw_after_throw_settles_exactly_however_often_the_board_restarts_with_its_id(tmp_path, seed):
    rng = random.Random(seed)
    chain = Chain(tmp_path, seed=seed + 1, boot_id=SAME_ID)
    chain.run(600)
    for _ in range(5):
        chain.session.begin_throw(chain.now)
        names = [rng.choice(COLOURS) for _ in range(rng.randint(5, 20))]
        chain.drop(names)
        reading = settle(chain)
        assert reading.stable and reading.doubts == ()
        assert counted(reading) == Counter(names)
        chain.reboot()
        chain.run(rng.randint(600, 1500))
    assert chain.session.stats.same_id_reboots == 5


def board_line(seq: int, kind: str, **fields: object) -> BoardLine:
    return BoardLine(seq, kind, {"b": "0000abcd", **{k: str(v) for k, v in fields.items()}})


def session_heard(*lines: BoardLine) -> BoardSession:
    session = BoardSession(tray_start=1)
    session.on_connect(0.0)
    for i, line in enumerate(lines):
        session.on_line(line, 0.1 * i)
    return session


HELLO = board_line(0, "HELLO", proto=1, fw="1.1.0", n=4, tray=0, st=1, cal="-", settle=1500, up=60)


def test_a_line_numbered_below_the_boots_last_is_from_a_new_boot():
    session = session_heard(HELLO, board_line(9, "STATUS", n=4, up=61), board_line(3, "STATUS", n=4, up=61))
    assert session.stats.same_id_reboots == 1 and session.boot == "0000abcd~2"


def test_a_cube_counter_below_the_boots_last_is_from_a_new_boot():
    session = session_heard(HELLO, board_line(1, "STATUS", n=4, up=61), board_line(2, "STATUS", n=0, up=61))
    assert session.stats.same_id_reboots == 1


def test_an_uptime_below_the_boots_last_is_from_a_new_boot():
    session = session_heard(HELLO, board_line(1, "STATUS", n=4, up=61), board_line(2, "STATUS", n=4, up=0))
    assert session.stats.same_id_reboots == 1


def test_a_cube_seen_live_with_a_number_already_seen_is_from_a_new_boot():
    session = session_heard(HELLO, board_line(1, "CUBE", n=5, c="red", q=90, w=6, t=61000),
                            board_line(2, "CUBE", n=5, c="blue", q=90, w=6, t=61100))
    assert session.stats.same_id_reboots == 1


def test_a_replayed_cube_with_an_old_number_is_no_restart():
    session = session_heard(HELLO, board_line(1, "CUBE", n=5, c="red", q=90, w=6, t=61000),
                            board_line(2, "CUBE", n=2, c="blue", q=90, w=6, t=60000, r=1),
                            board_line(3, "STATUS", n=5, up=62))
    assert session.stats.same_id_reboots == 0 and session.boot == "0000abcd"


# --- lines that do not parse --------------------------------------------------------------------

def test_a_board_sending_noise_says_why_nothing_settles(tmp_path):
    chain = Chain(tmp_path, faults=LineFaults(scramble=1.0))
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.run(3000)
    reading = chain.reading()
    assert not reading.stable
    noise = [d for d in reading.doubts if d.key == "doubt.board_noise"]
    assert noise and noise[0].params["n"] >= BAD_LINES_DOUBT and noise[0].params["seconds"] == 5


def test_text_that_is_not_the_protocol_is_said_to_be_another_program_or_the_prompt():
    session = BoardSession(tray_start=1)
    session.on_connect(0.0)
    session.begin_throw(0.0)
    for i, raw in enumerate([b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040",
                             b'Type "help()" for more information.', b">>> $1 HI*11AD",
                             b"SyntaxError: invalid syntax", b">>> $2 HI*8A71", b"SyntaxError: invalid syntax"]):
        session.on_bad_line(0.1 * i, raw)
    assert Doubt("doubt.board_foreign", {"n": 6, "seconds": 5}) in session.reading(COLOURS).doubts


def test_lines_mostly_damaged_on_the_way_are_said_to_be_damaged():
    session = session_heard(HELLO)
    session.begin_throw(0.2)
    good = encode(1, "STATUS", (("b", "0000abcd"), ("n", 4), ("up", 61))).rstrip(b"\n")
    for i in range(4):
        session.on_bad_line(0.3 + 0.1 * i, good[:-3] + b"000")
    assert [d.key for d in session.reading(COLOURS).doubts] == ["doubt.board_damaged"]


def test_a_few_damaged_lines_among_good_ones_are_no_doubt(tmp_path):
    chain = Chain(tmp_path, faults=LineFaults(flip=0.2, rng=random.Random(3)))
    chain.run(600)
    chain.session.begin_throw(chain.now)
    chain.drop(["red"] * 6)
    reading = settle(chain)
    assert chain.session.stats.bad_lines > 0
    assert reading.stable and reading.doubts == ()


def test_the_doubt_goes_once_the_line_is_clean_again(tmp_path):
    faults = LineFaults()
    chain = Chain(tmp_path, faults=faults)
    chain.run(600)
    faults.scramble = 1.0
    chain.session.begin_throw(chain.now)
    chain.run(3000)
    assert "doubt.board_noise" in [d.key for d in chain.reading().doubts]
    faults.scramble = 0.0
    chain.run(6000)
    chain.drop(["blue"] * 2)
    reading = settle(chain)
    assert reading.stable and reading.doubts == ()
    assert counted(reading) == Counter({"blue": 2})

