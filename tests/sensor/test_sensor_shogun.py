"""The sensor board settles a real Shogun battle: emulator on a pty, host, engine."""
from __future__ import annotations

from companion.games.shogun.tray import ShogunTower, count_command, start_throw
from sensor import SensorLink, SensorTraySource
from sensor_harness import wait_until
from shogun_table import Table

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]


def test_the_sensor_boards_count_settles_the_shinano_kozuke_battle(emulator_factory):
    """Rulebook example, counted by the board: 3 blue, 1 yellow, 1 red and 1 green fall;
    blue wins 3:2, one blue stands in Kozuke, the red cube stays in the tray."""
    table = Table()
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.set_year_events("e07")
    table.set_round(actions=ORDER)
    table.plan_round({"blue": {"battle1": "shinano"}})
    table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})

    emulator = emulator_factory()
    source = SensorTraySource(colours=ShogunTower.colours, link=SensorLink(emulator.port, retry_s=0.05, silence_s=2.0))
    try:
        assert source.wait_ready(timeout=10)
        start_throw(table.state, source)
        emulator.drop("blue*3 yellow red green")
        command = wait_until(lambda: count_command(source), 15.0)
    finally:
        source.close()
    assert command == {"type": "count_tray",
                       "counts": {"blue": 3, "yellow": 1, "red": 1, "green": 1}}
    table.do(command)
    kozuke = table.state.provinces["kozuke"]
    assert (kozuke.owner, kozuke.armies) == ("blue", 1)
    assert {c: n for c, n in table.state.tray.items() if n} == {"red": 1}
