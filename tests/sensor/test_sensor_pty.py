"""The host against the emulator over a real pseudo-terminal, with faults injected.

Each test drops known cubes and checks that every one is accounted for: counted with its
colour, or named in the reading as possibly missing. Waits are conditions with timeouts,
never fixed sleeps that decide a pass.
"""
from __future__ import annotations

from collections import Counter

import pytest

from companion.games.shogun.colours import CUBE_COLOURS
from companion.kits.tower.source import Doubt, Throw, TrayReading
from sensor import SensorLink, SensorTraySource
from sensor_harness import EmulatorProcess, wait_until

THROW = Throw(thrown={"red": 5, "green": 3}, inside={})


@pytest.fixture
def connect():
    sources: list[SensorTraySource] = []

    def make(emu: EmulatorProcess, colours: tuple[str, ...] = CUBE_COLOURS) -> SensorTraySource:
        source = SensorTraySource(colours=colours, link=SensorLink(emu.port, retry_s=0.05, silence_s=2.0))
        sources.append(source)
        assert source.wait_ready(timeout=10)
        return source

    yield make
    for source in sources:
        source.close()


def expected(spec: str) -> Counter:
    out: Counter = Counter()
    for word in spec.split():
        if "=" not in word:
            colour, _, times = word.partition("*")
            out[colour] += int(times or 1)
    return out


def counts(reading: TrayReading) -> Counter:
    return Counter({c: n for c, n in reading.counts.items() if n})


def accounted(reading: TrayReading) -> int:
    """Cubes the reading answers for: counted by colour, of unknown colour, or unrecovered."""
    return (sum(reading.counts.values()) + reading.extra["unknown"]
            + reading.extra["unrecovered"])


def settled(source: SensorTraySource, cubes: int | None = None,
            timeout: float = 15.0) -> TrayReading:
    """The first stable reading (answering for ``cubes`` cubes, when the test knows)."""
    def ready() -> TrayReading | None:
        r = source.poll()
        if r is None or not r.stable or (cubes is not None and accounted(r) != cubes):
            return None
        return r
    return wait_until(ready, timeout)


def settled_exact(source: SensorTraySource, spec: str, timeout: float = 15.0) -> None:
    assert_exact(settled(source, sum(expected(spec).values()), timeout), spec)


def assert_exact(reading: TrayReading, spec: str) -> None:
    assert counts(reading) == expected(spec), reading
    assert reading.confidence == 1.0, reading.note
    assert reading.doubts == ()
    assert reading.extra["unknown"] == 0 and reading.extra["unrecovered"] == 0
    assert set(reading.counts) == set(CUBE_COLOURS)


def test_clean_throw_is_counted_and_settles(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    first = source.poll()
    assert first is not None and not first.stable and sum(first.counts.values()) == 0
    spec = "red*4 blue*2 yellow purple black*2 green*3"
    emu.drop(spec)
    settled_exact(source, spec)
    assert len(source.poll().extra["arrivals"]) == 13


def test_a_game_with_four_cube_colours_is_counted_in_those_four(emulator_factory, connect):
    four = ("red", "blue", "yellow", "green")
    emu = emulator_factory()
    source = connect(emu, four)
    source.begin_throw(THROW)
    emu.drop("red*2 blue yellow*3 green*4")
    reading = settled(source, 10)
    assert tuple(reading.counts) == four and reading.doubts == ()
    assert counts(reading) == expected("red*2 blue yellow*3 green*4")


def test_cubes_arrive_live_before_settling(emulator_factory, connect):
    emu = emulator_factory("--settle-ms", "1500")
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("green*6 gap=40")
    live = wait_until(lambda: (r := source.poll()) and sum(r.counts.values()) == 6 and r)
    assert not live.stable
    assert live.extra["arrivals"] == ["green"] * 6
    settled_exact(source, "green*6")


def test_each_throw_counts_only_its_own_cubes(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("red*3")
    settled_exact(source, "red*3")
    source.begin_throw(THROW)
    emu.drop("blue*2")
    settled_exact(source, "blue*2")


def test_cube_falling_after_settle_reopens_the_count(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("yellow*2")
    settled_exact(source, "yellow*2")
    emu.drop("black")
    settled_exact(source, "yellow*2 black")


def test_empty_throw_settles_with_nothing(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    settled_exact(source, "")


def test_flipped_cut_lost_and_garbage_lines_lose_nothing(emulator_factory, connect):
    emu = emulator_factory("--seed", "5")
    source = connect(emu)
    emu.send("fault lose=0.12 cut=0.12 flip=0.12 garbage=0.12 cmd=0.1")
    emu.expect("FAULTS")
    source.begin_throw(THROW)
    spec = "red*8 blue*6 yellow*5 purple*4 black*4 green*8 gap=30"
    emu.drop(spec)
    settled_exact(source, spec, timeout=25)
    emu.send("stats")
    injected = emu.expect("STATS")
    stats = source.link.with_session(lambda s: s.stats)
    assert stats.bad_lines > 0 and stats.seq_gaps > 0, (stats, injected)


def test_burst_of_forty_cubes_in_under_a_second(emulator_factory, connect):
    emu = emulator_factory("--seed", "11")
    source = connect(emu)
    emu.send("fault lose=0.05 cut=0.05 flip=0.05 garbage=0.05")
    emu.expect("FAULTS")
    source.begin_throw(THROW)
    spec = "red*7 blue*7 yellow*6 purple*6 black*6 green*8 gap=18"
    emu.send("drop " + spec)
    emu.expect("DROP")
    emu.expect("DONE")
    settled_exact(source, spec)


def test_host_closes_and_reopens_the_port_mid_battle(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    emu.send("drop red*10 green*10 gap=60")
    emu.expect("DROP")
    wait_until(lambda: sum(source.poll().counts.values()) >= 4)
    source.link.reconnect()
    wait_until(lambda: source.link.with_session(lambda s: s.stats.connects) >= 2)
    emu.expect("DONE")
    settled_exact(source, "red*10 green*10")


def test_link_cut_while_board_keeps_power_is_recovered_by_replay(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    emu.send("drop purple*12 yellow*12 gap=50")
    emu.expect("DROP")
    wait_until(lambda: sum(source.poll().counts.values()) >= 3)
    emu.send("replug 600")
    emu.expect("UNPLUGGED")
    wait_until(lambda: not source.link.connected)
    during = source.poll()
    assert not during.stable and Doubt("doubt.board_disconnected") in during.doubts
    emu.expect("PLUGGED")
    emu.expect("DONE")
    settled_exact(source, "purple*12 yellow*12")
    assert source.link.with_session(lambda s: s.stats.reboots) == 0


def test_power_cut_mid_battle_says_which_cubes_may_be_missing(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.begin_throw(THROW)
    emu.send("drop red*15 blue*15 gap=40")
    emu.expect("DROP")
    wait_until(lambda: sum(source.poll().counts.values()) >= 5)
    emu.send("unplug 400")
    emu.expect("UNPLUGGED")
    unseen = emu.expect("UNSEEN")
    emu.expect("DONE")
    missed = int(unseen.split()[1].removeprefix("n="))
    emu.send("stats")
    after_restart = int(emu.expect("STATS").split()[1].removeprefix("cubes="))
    reading = wait_until(lambda: (r := source.poll()).stable and source.link.with_session(
        lambda s: s.board_n.get(s.boot) == after_restart) and r)
    assert 5 <= accounted(reading) <= 30 - missed
    assert reading.confidence < 1.0
    assert Doubt("doubt.board_restarted") in reading.doubts


def power_cut_with_the_same_boot_id(emu: EmulatorProcess, source: SensorTraySource) -> None:
    """The board loses power for 0.4 s and comes back with the boot id it had; returns once
    the host has its hello and has told the restart."""
    emu.send("unplug 400")
    assert emu.expect("RESTARTED") == "RESTARTED boot=5eed0001"
    emu.expect("PLUGGED")
    wait_until(lambda: source.link.with_session(lambda s: s.hello_ok and s.stats.same_id_reboots == 1))


def test_a_board_restarting_with_its_boot_id_mid_throw_keeps_every_cube_it_saw(emulator_factory, connect):
    emu = emulator_factory("--boot-id", "5eed0001")
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("red*6")
    settled(source, 6)
    power_cut_with_the_same_boot_id(emu, source)
    emu.drop("blue*4")
    reading = settled(source, 10)
    assert counts(reading) == expected("red*6 blue*4")
    assert Doubt("doubt.board_restarted") in reading.doubts


def test_a_board_restarting_with_its_boot_id_between_throws_counts_the_next_throw_exactly(
        emulator_factory, connect):
    emu = emulator_factory("--boot-id", "5eed0001")
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("green*12")
    settled_exact(source, "green*12")
    power_cut_with_the_same_boot_id(emu, source)
    source.begin_throw(THROW)
    emu.drop("red*7 yellow*5")
    settled_exact(source, "red*7 yellow*5")


def test_a_restart_with_the_link_up_all_along_is_told_by_the_lines_alone(emulator_factory, connect):
    """A board on a UART keeps its link through a reset: no reconnect, the same boot id, and
    still the host files the new boot's cubes apart."""
    emu = emulator_factory("--boot-id", "5eed0001")
    source = connect(emu)
    source.begin_throw(THROW)
    emu.drop("yellow*5")
    settled(source, 5)
    emu.send("reset 300")
    emu.expect("RESTARTED")
    emu.drop("black*3")
    reading = settled(source, 8)
    assert counts(reading) == expected("yellow*5 black*3")
    assert Doubt("doubt.board_restarted") in reading.doubts
    stats = source.link.with_session(lambda s: s.stats)
    assert (stats.connects, stats.same_id_reboots) == (1, 1)


def test_lines_too_old_to_replay_are_reported_not_hidden(emulator_factory, connect):
    emu = emulator_factory("--history", "8")
    source = connect(emu)
    source.begin_throw(THROW)
    wait_until(lambda: source.link.with_session(lambda s: s.reset_acked))
    emu.send("replug 1500")
    emu.expect("UNPLUGGED")
    emu.drop("green*20 gap=30")
    emu.expect("PLUGGED")
    reading = settled(source, 20)
    assert sum(reading.counts.values()) == 8
    assert reading.extra["unrecovered"] == 12
    assert reading.confidence < 1.0
    assert Doubt("doubt.cubes_unrecovered", {"n": 12}) in reading.doubts


def test_calibration_over_the_link(emulator_factory, connect):
    emu = emulator_factory()
    source = connect(emu)
    source.calibrate("blue", cubes=3)
    wait_until(lambda: source.link.with_session(lambda s: "CAL" in s.acks))
    emu.drop("blue*3")
    done = wait_until(lambda: source.link.with_session(
        lambda s: [line for line in s.calibration if line.kind == "CALDONE"]))
    assert done[0].fields["c"] == "blue"
    source.begin_throw(THROW)
    emu.drop("blue*2")
    settled_exact(source, "blue*2")
