"""The sensor board between battles, after the Samurai bonus put a cube into the tray by hand:
the board (its emulator behind a real pseudo-terminal) sees only what falls through its
chute, so the tray the table expects is what the board saw plus what the players laid in."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from devtools.sensor_emulator_process import EmulatorProcess
from sensor_board import wait_until
from expansion_games import client_past_the_specials, made_with_the_form
from test_web_samurai import give_red_a_fourth_region
from test_web_tray_by_hand import told_the_printed_values
from web import create_app
from web_devices import Phone



@pytest.fixture
def sensor_app(tmp_path: Path, board: EmulatorProcess):
    app = create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True, "SEED": 4,
                      "SENSOR_PORT": board.port})
    yield app
    app.extensions["companion"].close()


def between_battles(hub: Any) -> bool:
    return hub.throw_in_progress()[0] is None and hub.live is None


def test_a_cube_falling_after_a_hand_put_in_adds_to_the_cube_laid_in(sensor_app, board, tmp_path):
    """«Поместите указанное количество армий ... в поддон башни сражений», then «Все кубики,
    которые случайно выпадают из башни во время игры, должны оставаться в поддоне до
    следующего сражения»: the tray holds both red cubes, and the table asks the players to
    check by eye what the board cannot see."""
    table = sensor_app.test_client()
    game = made_with_the_form(table, expansion_samurai="1", tray="sensor")
    assert table.get(f"/table/{game}").status_code == 200
    hub = sensor_app.extensions["companion"].hubs.get(game)
    wait_until(lambda: hub.throw_in_progress()[0] is not None and hub.live is not None)
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {}}).status_code == 200
    give_red_a_fourth_region(tmp_path / "games.sqlite3", game)
    client_past_the_specials(table, game)
    assert told_the_printed_values(table, game)["pending"]["player"] == "red"
    r = Phone(sensor_app, game, "red").send({"type": "valour", "player": "red", "take": "armies"})
    assert r.status_code == 200, r.json
    wait_until(lambda: between_battles(hub))
    board.drop("red")
    wait_until(lambda: hub.state.tray["red"] == 2)
    assert [n["params"]["counts"] for n in hub.state.log if n["key"] == "tray.fell"] == [{"red": 1}]
    table.set_cookie("lang", "en")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "1 red cube put in by hand (the Samurai bonus)" in page
    assert "check by eye that the tray holds 2 red." in page
