"""The host PIN's guard on its own (``web.pin_guard``): wrong PINs earn growing waits per
device and per game, on a clock the tests move by hand (nothing sleeps)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from web.pin_guard import (DEVICE_FREE, FORGET_S, GAME_FREE, LONGEST_WAIT_S, NOTICE_S, PinGuard,
                           Verdict, wait_after)
from web_devices import Clock

GAME = "g1"
PHONE = "10.0.0.5|"
OTHER = "10.0.0.6|"
TABLE = "10.0.0.2|table"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def guard(tmp_path: Path, clock: Clock) -> Iterator[PinGuard]:
    guard = PinGuard(tmp_path / "games.sqlite3", clock)
    yield guard
    guard.close()


def wrong(guard: PinGuard, device: str = PHONE, *, table: bool = False) -> Verdict:
    return guard.attempt(GAME, device, lambda: False, table=table)


def right(guard: PinGuard, device: str = PHONE, *, table: bool = False) -> Verdict:
    return guard.attempt(GAME, device, lambda: True, table=table)


def wrong_until_waiting(guard: PinGuard, device: str = PHONE) -> float:
    """Wrong PINs from ``device``, at once, until one is refused for a wait: that wait."""
    while True:
        verdict = wrong(guard, device)
        if verdict.wait:
            return verdict.wait


def test_a_device_gets_its_first_wrong_pins_without_waiting(guard):
    for _ in range(DEVICE_FREE):
        assert wrong(guard) == Verdict(False)
    assert right(guard) == Verdict(True)


def test_each_wrong_pin_past_the_free_ones_doubles_the_wait(guard, clock):
    for _ in range(DEVICE_FREE):
        wrong(guard)
    waits = []
    for _ in range(4):
        assert wrong(guard) == Verdict(False)
        waits.append(wrong(guard).wait)
        clock.now += waits[-1]
    assert waits == [5.0, 10.0, 20.0, 40.0]


def test_the_wait_never_exceeds_fifteen_minutes():
    assert wait_after(DEVICE_FREE + 9, DEVICE_FREE) == LONGEST_WAIT_S == 15 * 60
    assert wait_after(10_000, DEVICE_FREE) == LONGEST_WAIT_S


def test_the_right_pin_during_a_wait_is_refused_unchecked(guard, clock):
    wait = wrong_until_waiting(guard)
    checked = []
    verdict = guard.attempt(GAME, PHONE, lambda: checked.append(1) or True)
    assert (verdict.accepted, verdict.wait, checked) == (False, wait, [])


def test_the_right_pin_is_taken_once_the_wait_is_over(guard, clock):
    clock.now += wrong_until_waiting(guard)
    assert right(guard) == Verdict(True)


def test_the_right_pin_clears_the_devices_count(guard, clock):
    clock.now += wrong_until_waiting(guard)
    right(guard)
    for _ in range(DEVICE_FREE):
        assert wrong(guard) == Verdict(False)


def test_another_device_waits_once_the_game_has_had_its_free_wrong_pins(guard, clock):
    devices = [f"10.0.1.{i}|" for i in range(GAME_FREE)]
    for device in devices:
        assert wrong(guard, device) == Verdict(False)
    assert wrong(guard, OTHER) == Verdict(False)
    assert wrong(guard, "10.0.2.1|").wait == 5.0
    assert right(guard, "10.0.2.2|").accepted is False


def test_the_table_is_not_held_by_the_games_wait(guard, clock):
    for i in range(GAME_FREE + 1):
        wrong(guard, f"10.0.1.{i}|")
    assert wrong(guard, OTHER).wait > 0
    assert right(guard, TABLE, table=True) == Verdict(True)


def test_the_table_waits_after_its_own_wrong_pins(guard, clock):
    for _ in range(DEVICE_FREE + 1):
        wrong(guard, TABLE, table=True)
    assert right(guard, TABLE, table=True).wait == 5.0


def tables_wrong_pins(guard: PinGuard, clock: Clock, count: int) -> None:
    """``count`` wrong PINs at the table, each once any wait is over."""
    for _ in range(count):
        assert wrong(guard, TABLE, table=True) == Verdict(False)
        clock.now += LONGEST_WAIT_S


def test_the_tables_own_wrong_pins_do_not_count_against_the_game(guard, clock):
    tables_wrong_pins(guard, clock, GAME_FREE + 1)
    assert right(guard, OTHER) == Verdict(True)


def test_the_tables_own_wrong_pins_are_not_in_the_notice(guard, clock):
    tables_wrong_pins(guard, clock, 2)
    assert guard.notice(GAME) is None


def test_games_are_counted_apart(guard):
    for i in range(GAME_FREE + 1):
        wrong(guard, f"10.0.1.{i}|")
    assert guard.attempt("g2", PHONE, lambda: True) == Verdict(True)


def test_a_count_is_forgotten_a_day_after_its_last_wrong_pin(guard, clock):
    wrong_until_waiting(guard)
    clock.now += FORGET_S + 1
    for _ in range(DEVICE_FREE):
        assert wrong(guard) == Verdict(False)


def test_the_counts_survive_a_restart(guard, tmp_path, clock):
    wait = wrong_until_waiting(guard)
    guard.close()
    again = PinGuard(tmp_path / "games.sqlite3", clock)
    try:
        assert again.attempt(GAME, PHONE, lambda: True) == Verdict(False, wait)
    finally:
        again.close()


def test_a_clock_set_back_never_makes_a_wait_longer_than_its_length(guard, clock):
    wait = wrong_until_waiting(guard)
    clock.now += -3600
    assert wrong(guard).wait == wait


def test_the_notice_counts_the_wrong_pins_of_the_last_ten_minutes(guard, clock):
    wrong(guard, PHONE)
    clock.now += NOTICE_S - 60
    wrong(guard, OTHER)
    wrong(guard, OTHER)
    notice = guard.notice(GAME)
    assert (notice.failures, notice.last, notice.until) == (3, clock.now, clock.now + NOTICE_S)
    clock.now += 120
    assert guard.notice(GAME).failures == 2


def test_there_is_no_notice_without_wrong_pins(guard):
    right(guard)
    assert guard.notice(GAME) is None


def test_a_device_needs_a_name(guard):
    with pytest.raises(ValueError):
        guard.attempt(GAME, "", lambda: True)
