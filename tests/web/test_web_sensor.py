"""The sensor board on the battle screen: cubes arrive live, the table confirms with a tap.

The board is the emulator (the firmware's own logic) behind a real pseudo-terminal; the
app is the real app on a real SQLite file. Only the falling cubes are simulated.
"""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from devtools.sensor_emulator_process import EmulatorProcess
from sensor_board import wait_until
from web import create_app
from web_devices import PIN, PLAYERS


pytestmark = pytest.mark.seed(5)


@pytest.fixture
def sensor_app(tmp_path: Path, board: EmulatorProcess):
    app = create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True,
                      "SENSOR_PORT": board.port})
    yield app
    app.extensions["companion"].close()


def throw_watched(hub: Any) -> bool:
    """The watch has begun the pending throw on the board: its empty tray is on the screen."""
    live = hub.live
    return (hub.throw_in_progress()[0] is not None and live is not None
            and not any(live["counts"].values()))


def new_game(table: Any, tray: str) -> str:
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended",
                                        "pin": PIN, "tray": tray})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["game_id"]


def test_best_present_picks_the_sensor_board_when_one_is_configured(sensor_app):
    table = sensor_app.test_client()
    game = new_game(table, "auto")
    assert sensor_app.extensions["companion"].settings.get(game).tray == "sensor"


def watched_game(app: Any) -> tuple[Any, str, Any]:
    """A new game counted by the sensor board, its table open (the table's client, the game,
    its hub), once the watch has begun the pending throw on the board."""
    table = app.test_client()
    game = new_game(table, "sensor")
    assert table.get(f"/table/{game}").status_code == 200
    hub = app.extensions["companion"].hubs.get(game)
    wait_until(lambda: throw_watched(hub))
    return table, game, hub


def test_the_boards_count_arrives_live_and_one_tap_confirms_it(sensor_app, board):
    """Tower loading counted by the board: 3 red, 2 blue and 4 green fall into the tray."""
    table, game, hub = watched_game(sensor_app)
    board.drop("red*3 blue*2 green*4")
    live = wait_until(lambda: hub.live if hub.live and hub.live["stable"] else None)
    assert live["counts"] == {"red": 3, "blue": 2, "green": 4}
    assert sorted(live["arrivals"]) == sorted(["red"] * 3 + ["blue"] * 2 + ["green"] * 4)

    table.set_cookie("lang", "en")
    screen = table.get(f"/table/{game}").get_data(as_text=True)
    assert "the tray has settled" in screen
    assert "The tower is loaded" in screen           # the verdict, shown before confirming
    assert "<output>3</output>" in screen             # the steppers hold the board's count

    r = table.post(f"/api/games/{game}/commands",
                   json={"type": "count_tray", "counts": live["counts"]})
    assert r.status_code == 200, r.get_json()
    assert hub.state.tower["red"] == 4 and hub.state.tower["green"] == 6
    assert hub.state.phase == "planning"


def test_a_cube_that_falls_between_battles_goes_into_the_tray_by_itself(sensor_app, board):
    """Rulebook: cubes that fall out between battles stay in the tray for the next one."""
    table, game, hub = watched_game(sensor_app)
    board.drop("red")
    live = wait_until(lambda: hub.live if hub.live and hub.live["stable"] else None)
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": live["counts"]})
    # the watch drops the battle's reading once it follows the tray between battles
    wait_until(lambda: hub.live is None and hub.throw_in_progress()[0] is None)
    board.drop("blue")
    wait_until(lambda: hub.state.tray["blue"] == 1)
    assert [n["key"] for n in hub.state.log].count("tray.fell") == 1


def test_the_battle_screen_says_why_nothing_settles_while_the_board_sends_noise(sensor_app, board):
    """A loose cable or a wrong baud rate: every line arrives as noise. The count cannot settle,
    and the battle screen says why, in the table's language."""
    table, game, hub = watched_game(sensor_app)
    board.send("fault scramble=1")
    board.expect("FAULTS")
    live = wait_until(lambda: hub.live if hub.live and "doubt.board_noise" in
                      [d["key"] for d in hub.live["doubts"]] else None)
    assert not live["stable"]
    screen = table.get(f"/table/{game}").get_data(as_text=True)
    assert "плата датчиков присылает нечитаемые данные (" in screen
    table.set_cookie("lang", "en")
    screen = html.unescape(table.get(f"/table/{game}").get_data(as_text=True))
    assert re.search(r"the sensor board sends unreadable data \(\d+ bad lines in the last 5 s\): "
                     r"check its cable, and that the port's baud rate is 115200", screen)
