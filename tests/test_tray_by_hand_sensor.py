"""The sensor board counts the battle after a Samurai bonus, over a real pseudo-terminal with
the board's emulator: the red cubes put into the tray by hand were thrown with the battle
(«а также все кубики, лежащие в поддоне башни в начале сражения»), so the board sees those
that fall out again through its chute, and its count is the whole tray, as a person's is."""
from __future__ import annotations

import time

from companion.games.shogun.tray import ShogunTower, count_command, start_throw
from companion.kits.tower.manual import ManualTraySource
from devtools.sensor_emulator_process import EmulatorProcess
from sensor import SensorLink, SensorTraySource
from test_tray_by_hand import samurai_bonus_then_attack

FALLEN = {"blue": 1, "red": 3}
"""Blue's attack: 1 blue out; red's defender and both red cubes of the bonus out again."""


def wait_for(fn, timeout: float):
    deadline = time.monotonic() + timeout
    while (value := fn()) is None:
        assert time.monotonic() < deadline, "the board's count did not settle"
        time.sleep(0.02)
    return value


def test_the_boards_count_after_a_hand_put_in_decides_as_a_persons_count(tmp_path):
    """«Сторона, чьих армий выпало больше, побеждает»: red 3 against blue 1, counted by the
    board, keeps Kozuke for red exactly as the same tray entered by hand does."""
    table = samurai_bonus_then_attack()
    table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    manual = ManualTraySource(ShogunTower.colours)
    start_throw(table.state, manual)
    manual.enter(FALLEN)

    emulator = EmulatorProcess(tmp_path, "--settle-ms", "300", "--empty-ms", "1500", "--heartbeat-ms", "500")
    source = SensorTraySource(colours=ShogunTower.colours,
                              link=SensorLink(emulator.port, retry_s=0.05, silence_s=2.0))
    try:
        assert source.wait_ready(timeout=10)
        start_throw(table.state, source)
        emulator.drop("blue red*3")
        command = wait_for(lambda: count_command(source), 15.0)
    finally:
        source.close()
        emulator.close()
    assert command == count_command(manual) == {"type": "count_tray", "counts": FALLEN}
    table.do(command)
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies) == ("red", 2)
    assert {c: n for c, n in table.state.tray.items() if n} == {}
