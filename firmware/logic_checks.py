"""Checks of the firmware logic, run unchanged under CPython (pytest) and MicroPython (Node).

Plain functions and asserts only, so the real MicroPython interpreter can run them too:
what passes here is what the board will do, not what CPython happens to allow.
"""

from towerfw import calstore, colour, gate, proto
from towerfw.board import Board
from towerfw.hw_fake import FakeHardware

STEP_US = 500


def diff(a, b):
    return a - b


def run(hw, board, ms):
    for _ in range(ms * 1000 // STEP_US):
        hw.advance(STEP_US)
        board.step()


def lines(hw):
    """Board output since the last call, decoded; every line must frame correctly."""
    out = []
    for raw in hw.take_output().split(b"\n"):
        if raw:
            parsed = proto.unframe(raw)
            assert parsed is not None, raw
            out.append(parsed)
    return out


def kinds(parsed, kind):
    return [p[2] for p in parsed if p[1] == kind]


def send(hw, seq, kind, fields=()):
    hw.inp.extend(proto.frame(seq, kind, fields))


def make(scratch, seed=1, **kw):
    truth = kw.pop("truth", None)
    hw = FakeHardware(seed=seed, cal_path=scratch + "/cal.json", truth=truth)
    hw.advance(1000)
    board = Board(hw, settle_ms=kw.pop("settle_ms", 300), empty_ms=kw.pop("empty_ms", 2000), **kw)
    return hw, board


def check_crc_reference(scratch):
    assert proto.crc16(b"123456789") == 0x29B1


def check_frame_roundtrip(scratch):
    line = proto.frame(42, "CUBE", (("n", 7), ("c", "red")))
    assert line.endswith(b"\n")
    assert proto.unframe(line[:-1]) == (42, "CUBE", {"n": "7", "c": "red"})
    assert proto.unframe(line[:-1] + b"\r") == (42, "CUBE", {"n": "7", "c": "red"})
    flipped = bytearray(line[:-1])
    flipped[6] ^= 0x04
    assert proto.unframe(bytes(flipped)) is None
    assert proto.unframe(line[:-8]) is None
    assert proto.unframe(b"\x00\xff$1 CU" + line[:-1])[0] == 42
    assert proto.unframe(b"") is None
    assert proto.unframe(b"$x HI*0000") is None


def check_line_reader_bounds(scratch):
    reader = proto.LineReader()
    assert reader.feed(b"ab\ncd") == [b"ab"]
    assert reader.feed(b"e\n") == [b"cde"]
    assert reader.feed(b"x" * 500) == []
    assert reader.feed(b"y\nok\n") == [b"ok"]


def pulses(g, levels, t0=0, dt=500):
    events = []
    t = t0
    for level in levels:
        ev = g.feed(diff, t, level)
        if ev is not None:
            events.append(ev[0])
        t += dt
    return events


def check_gate_counts_each_pulse_once(scratch):
    g = gate.Gate()
    clear = [52000] * 40
    noisy_edge = [30000, 26000, 31000, 8000, 8000, 8000, 8000, 8000, 8000, 36000, 33000, 50000]
    events = pulses(g, clear + noisy_edge + clear + noisy_edge + clear)
    assert events.count(gate.ENTER) == 2
    assert events.count(gate.LEAVE) == 2
    assert events.count(gate.GLITCH) == 0


def check_gate_rejects_glitch(scratch):
    g = gate.Gate(min_block_us=1000)
    events = pulses(g, [52000] * 20 + [5000] + [52000] * 20)
    assert events == [gate.ENTER, gate.GLITCH]


def check_gate_follows_slow_drift(scratch):
    g = gate.Gate()
    levels = []
    level = 52000
    for i in range(30):
        for _ in range(300):
            level -= 3
            levels.append(level)
        levels += [level // 6] * 12
    levels += [level] * 10
    events = pulses(g, levels)
    assert events.count(gate.LEAVE) == 30
    assert g.base < 30000


def check_classify_prototypes(scratch):
    for name in colour.COLOURS:
        feat = colour.FACTORY[name][0]
        got, quality = colour.classify(feat, colour.FACTORY)
        assert got == name, (name, got)
        assert quality > 50
    assert colour.classify((0.9, 0.05, 0.05, 0.9), colour.FACTORY)[0] == colour.UNKNOWN
    assert colour.classify(None, colour.FACTORY) == (colour.UNKNOWN, 0)
    assert colour.features(0, 0, 0, 0) is None


def check_calibrator(scratch):
    cal = colour.Calibrator("red", 3)
    assert not cal.add((0.5, 0.3, 0.2, 0.4))
    assert not cal.add(None)
    assert not cal.add((0.7, 0.1, 0.2, 0.4))
    assert cal.add((0.6, 0.2, 0.2, 0.4))
    mean, spread = cal.prototype()
    assert abs(mean[0] - 0.6) < 1e-6
    assert spread[0] > 0.08
    assert spread[3] == colour.SPREAD_FLOOR[3]


def check_calstore_roundtrip(scratch):
    path = scratch + "/store.json"
    protos = {"red": ((0.6, 0.2, 0.2, 0.4), (0.03, 0.02, 0.02, 0.08))}
    calstore.save(FakeHardware().os, path, protos)
    loaded = calstore.load(path)
    assert list(loaded) == ["red"]
    assert abs(loaded["red"][0][0] - 0.6) < 1e-6
    with open(path, "w") as f:
        f.write("{not json")
    assert calstore.load(path) == {}
    assert calstore.load(scratch + "/missing.json") == {}


def check_board_counts_and_settles(scratch):
    hw, board = make(scratch, seed=3)
    order = ["red", "blue", "yellow", "purple", "black", "green"] * 3
    for i, name in enumerate(order):
        hw.drop(name, hw.now_us + 20000 + i * 25000)
    run(hw, board, 1200)
    out = lines(hw)
    assert [p[0] for p in out] == list(range(len(out)))
    assert out[0][1] == "HELLO" and out[0][2]["proto"] == "1"
    cubes = kinds(out, "CUBE")
    assert [int(c["n"]) for c in cubes] == list(range(1, 19))
    assert [c["c"] for c in cubes] == order
    settled = kinds(out, "SETTLED")
    assert len(settled) == 1 and settled[0]["n"] == "18" and settled[0]["cubes"] == "18"
    assert len(set(p[2]["b"] for p in out)) == 1


def check_board_heartbeat(scratch):
    hw, board = make(scratch, heartbeat_ms=200)
    lines(hw)
    run(hw, board, 1000)
    status = kinds(lines(hw), "STATUS")
    assert 4 <= len(status) <= 6
    assert status[-1]["n"] == "0"


def check_board_status_soon_after_last_cube(scratch):
    hw, board = make(scratch, heartbeat_ms=5000, tail_ms=100)
    lines(hw)
    for i in range(3):
        hw.drop("red", hw.now_us + 10000 + i * 20000)
    run(hw, board, 200)
    out = lines(hw)
    order = [p[1] for p in out]
    assert order == ["CUBE", "CUBE", "CUBE", "STATUS"], order
    assert kinds(out, "STATUS")[0]["n"] == "3"


def check_board_replay_and_gone(scratch):
    hw, board = make(scratch, history=8)
    for i in range(12):
        hw.drop("red", hw.now_us + 10000 + i * 20000)
    run(hw, board, 400)
    lines(hw)
    send(hw, 5, "REPLAY", (("from", 10),))
    run(hw, board, 2)
    out = lines(hw)
    assert [c["n"] for c in kinds(out, "CUBE")] == ["10", "11", "12"]
    assert all(c["r"] == "1" for c in kinds(out, "CUBE"))
    assert kinds(out, "OK")[0]["upto"] == "12"
    send(hw, 6, "REPLAY", (("from", 1),))
    run(hw, board, 2)
    out = lines(hw)
    err = kinds(out, "ERR")[0]
    assert err["code"] == "gone" and err["oldest"] == "5" and err["re"] == "6"
    assert [c["n"] for c in kinds(out, "CUBE")] == [str(n) for n in range(5, 13)]


def check_board_reset_is_idempotent(scratch):
    hw, board = make(scratch, empty_ms=500)
    for i in range(3):
        hw.drop("blue", hw.now_us + 10000 + i * 20000)
    run(hw, board, 500)
    lines(hw)
    send(hw, 1, "RESET", (("tray", 7), ("from", 3)))
    send(hw, 2, "RESET", (("tray", 7), ("from", 3)))
    run(hw, board, 300)
    out = lines(hw)
    oks = kinds(out, "OK")
    assert [(o["tray"], o["base"]) for o in oks] == [("7", "3"), ("7", "3")]
    assert kinds(out, "SETTLED") == []
    run(hw, board, 300)
    settled = kinds(lines(hw), "SETTLED")
    assert settled[0]["tray"] == "7" and settled[0]["cubes"] == "0"
    hw.drop("green", hw.now_us + 10000)
    run(hw, board, 400)
    out = lines(hw)
    assert kinds(out, "CUBE")[0]["n"] == "4"
    assert kinds(out, "SETTLED")[0]["cubes"] == "1"


def check_board_cubes_after_settle_are_reported(scratch):
    hw, board = make(scratch)
    hw.drop("red", hw.now_us + 10000)
    hw.drop("yellow", hw.now_us + 900000)
    run(hw, board, 1500)
    out = lines(hw)
    names = [p[1] for p in out if p[1] in ("CUBE", "SETTLED")]
    assert names == ["CUBE", "SETTLED", "CUBE", "SETTLED"]
    assert kinds(out, "SETTLED")[1]["n"] == "2"


def check_board_long_block_and_jam(scratch):
    hw, board = make(scratch, long_ms=40, jam_ms=500)
    hw.drop("red", hw.now_us + 10000, width_us=80000)
    hw.drop("blue", hw.now_us + 300000, width_us=700000)
    run(hw, board, 1400)
    out = lines(hw)
    cubes = kinds(out, "CUBE")
    assert [c.get("x") for c in cubes] == ["long", "long"]
    assert kinds(out, "ERR")[0]["code"] == "jam"
    order = [p[1] for p in out if p[1] in ("CUBE", "ERR", "SETTLED")]
    assert order == ["CUBE", "ERR", "CUBE", "SETTLED"]


def check_board_calibration(scratch):
    shifted = dict(colour.FACTORY)
    shifted["red"] = ((0.52, 0.26, 0.22, 0.30), (0.02, 0.02, 0.02, 0.05))
    shifted["purple"] = ((0.46, 0.20, 0.34, 0.30), (0.02, 0.02, 0.02, 0.05))
    hw, board = make(scratch, truth=shifted)
    send(hw, 1, "CAL", (("c", "red"), ("k", 4)))
    run(hw, board, 5)
    for i in range(4):
        hw.drop("red", hw.now_us + 10000 + i * 30000)
    run(hw, board, 400)
    out = lines(hw)
    assert kinds(out, "OK")[0]["cmd"] == "CAL"
    assert [c["k"] for c in kinds(out, "CAL")] == ["1", "2", "3", "4"]
    assert kinds(out, "CALDONE")[0]["c"] == "red"
    assert kinds(out, "CUBE") == []
    for i in range(5):
        hw.drop("red", hw.now_us + 10000 + i * 30000)
    run(hw, board, 400)
    assert [c["c"] for c in kinds(lines(hw), "CUBE")] == ["red"] * 5
    hw2, board2 = make(scratch, seed=9)
    assert kinds(lines(hw2), "HELLO")[0]["cal"] == "red"
    assert board2.boot != board.boot


def check_board_rejects_bad_commands(scratch):
    hw, board = make(scratch)
    lines(hw)
    bad = bytearray(proto.frame(1, "PING"))
    bad[2] ^= 0x01
    hw.inp.extend(bad)
    send(hw, 2, "FLY")
    send(hw, 3, "CAL", (("c", "pink"),))
    send(hw, 4, "PING")
    hw.inp.extend(b"\x03\xff\x00garbage\n")
    run(hw, board, 2)
    out = lines(hw)
    errs = [(e.get("re"), e["code"]) for e in kinds(out, "ERR")]
    assert errs == [(None, "frame"), ("2", "unknown"), ("3", "args"), (None, "frame")]
    assert kinds(out, "PONG")[0]["re"] == "4"


def check_hello_says_how_long_the_board_has_been_up(scratch):
    hw, board = make(scratch)
    run(hw, board, 2600)
    lines(hw)
    send(hw, 1, "HI")
    run(hw, board, 2)
    assert kinds(lines(hw), "HELLO")[0]["up"] == "2"


class WrappingTicks(FakeHardware):
    """Ticks as MicroPython keeps them: milliseconds modulo 2**30, differences signed."""

    PERIOD = 1 << 30

    def ticks_ms(self):
        return (self.now_us // 1000) % self.PERIOD

    def ticks_diff(self, a, b):
        return (a - b + self.PERIOD // 2) % self.PERIOD - self.PERIOD // 2


def check_uptime_only_goes_up_across_the_tick_counters_wrap(scratch):
    """Seven days up: the tick counter has wrapped, and a difference from the boot's tick
    across more than half its period would come out negative."""
    hw = WrappingTicks(seed=2, cal_path=scratch + "/cal.json")
    hw.advance((WrappingTicks.PERIOD - 500) * 1000)
    board = Board(hw, settle_ms=300, heartbeat_ms=60000)
    for _ in range(7 * 24):
        hw.advance(3600 * 1000 * 1000)
        board.step()
    hw.drop("red", hw.now_us + 10000)
    run(hw, board, 300)
    out = lines(hw)
    ups = [int(s["up"]) for s in kinds(out, "STATUS")]
    assert ups == sorted(ups) and ups[-1] == 7 * 24 * 3600
    assert int(kinds(out, "CUBE")[0]["t"]) >= 7 * 24 * 3600 * 1000


def check_a_colour_of_the_hosts_palette_can_be_learned(scratch):
    hw, board = make(scratch)
    lines(hw)
    send(hw, 1, "CAL", (("c", "white"), ("k", 1)))
    run(hw, board, 2)
    assert kinds(lines(hw), "OK")[0]["c"] == "white"


class BrokenSensor(FakeHardware):
    def read_colour(self):
        if self.now_us > 5000:
            raise OSError(5)
        return FakeHardware.read_colour(self)


def check_board_survives_sensor_failure(scratch):
    hw = BrokenSensor(seed=4, cal_path=scratch + "/cal.json")
    board = Board(hw, settle_ms=300)
    hw.drop("red", 20000)
    hw.drop("blue", 50000)
    run(hw, board, 500)
    out = lines(hw)
    assert [e["code"] for e in kinds(out, "ERR")] == ["sensor"]
    assert [c["c"] for c in kinds(out, "CUBE")] == ["?", "?"]


CHECKS = (
    check_crc_reference,
    check_frame_roundtrip,
    check_line_reader_bounds,
    check_gate_counts_each_pulse_once,
    check_gate_rejects_glitch,
    check_gate_follows_slow_drift,
    check_classify_prototypes,
    check_calibrator,
    check_calstore_roundtrip,
    check_board_counts_and_settles,
    check_board_heartbeat,
    check_board_status_soon_after_last_cube,
    check_board_replay_and_gone,
    check_board_reset_is_idempotent,
    check_board_cubes_after_settle_are_reported,
    check_board_long_block_and_jam,
    check_board_calibration,
    check_board_rejects_bad_commands,
    check_board_survives_sensor_failure,
    check_hello_says_how_long_the_board_has_been_up,
    check_uptime_only_goes_up_across_the_tick_counters_wrap,
    check_a_colour_of_the_hosts_palette_can_be_learned,
)


def run_all(scratch):
    """Run every check, print one PASS/FAIL line each and a summary; return the failures."""
    failed = 0
    for check in CHECKS:
        try:
            check(scratch)
        except Exception as exc:
            failed += 1
            print("FAIL %s: %s %r" % (check.__name__, type(exc).__name__, exc))
        else:
            print("PASS %s" % check.__name__)
    print("micropython logic checks: %d passed, %d failed" % (len(CHECKS) - failed, failed))
    return failed
