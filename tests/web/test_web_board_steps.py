"""The board steps on the table: what to do with the real pieces is shown one player's part
at a time and waits for "done on the board" (or runs on by itself, as the group chose); the
table's place in the steps outlives a restart, an undo asks to put the board back, and the
planning clock waits for the board."""
from __future__ import annotations

import re
import time
from pathlib import Path

from web import create_app
from web_devices import PIN, PLAYERS, Phone, open_stream

TAXES = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def made(table, board: str = "tap", **more) -> str:
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "board": board, **more})
    assert r.status_code == 201, r.json
    return r.json["game_id"]


def payload(client, game: str) -> dict:
    stream = open_stream(client, f"/live/{game}")
    try:
        return stream.next()
    finally:
        stream.close()


def step_on_screen(client, game: str) -> tuple[int, int] | None:
    html = payload(client, game)["regions"].get("board", "")
    found = re.search(r'data-seq="(\d+)" data-index="(\d+)"', html)
    return (int(found[1]), int(found[2])) if found else None


def done(client, game: str, step: tuple[int, int]):
    return client.post(f"/api/games/{game}/board/done", json={"seq": step[0], "index": step[1]})


def test_a_new_game_shows_the_first_players_set_up_with_done_on_the_board(table):
    game = made(table)
    html = payload(table, game)["regions"]["board"]
    assert "Аня" in html and "Сделано на поле" in html  # Russian first, as the users speak
    assert re.search(r"возьмите карту, поставьте \d+ арми[йия]", html)
    assert step_on_screen(table, game) == (1, 0)


def test_done_on_the_board_brings_the_next_players_step(table):
    game = made(table)
    assert done(table, game, (1, 0)).status_code == 200
    assert step_on_screen(table, game) == (1, 1)
    assert "Денис" in payload(table, game)["regions"]["board"]


def test_the_same_tap_sent_again_changes_nothing(table):
    game = made(table)
    done(table, game, (1, 0))
    assert done(table, game, (1, 0)).status_code == 200
    assert step_on_screen(table, game) == (1, 1)


def test_a_step_not_on_the_screen_is_refused_and_changes_nothing(table):
    game = made(table)
    r = done(table, game, (1, 2))
    assert r.status_code == 409 and "не на экране стола" in r.json["error"]["message"]
    assert step_on_screen(table, game) == (1, 0)


def test_only_the_table_marks_a_step_done_a_phone_is_told_so_in_russian(app, table):
    game = made(table)
    phone = Phone(app, game, "red")
    r = phone.client.post(f"/api/games/{game}/board/done", json={"seq": 1, "index": 0},
                          headers={"X-Token": phone.token, "Accept-Language": "ru"})
    assert r.status_code >= 400 and "только стол" in r.json["error"]["message"]
    assert step_on_screen(table, game) == (1, 0)


def test_a_malformed_tap_is_refused_by_the_schema(table):
    game = made(table)
    r = table.post(f"/api/games/{game}/board/done", json={"seq": "one", "index": 0})
    assert r.status_code == 400
    assert step_on_screen(table, game) == (1, 0)


def test_the_table_keeps_its_place_in_the_steps_across_a_restart(db: Path, app, table):
    game = made(table)
    done(table, game, (1, 0))
    app.extensions["companion"].close()
    again = create_app({"DB": str(db), "TESTING": True})
    try:
        client = again.test_client()
        client.set_cookie(*_table_cookie(table, game))
        assert step_on_screen(client, game) == (1, 1)
    finally:
        again.extensions["companion"].close()


def _table_cookie(table, game: str) -> tuple[str, str]:
    cookie = next(c for c in table._cookies.values() if c.key.endswith(game))
    return cookie.key, cookie.value


def test_a_game_with_the_steps_off_shows_none_and_keeps_none_after_an_undo(app, table):
    game = made(table, board="off")
    assert payload(table, game)["regions"]["board"].strip() == ""
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {"red": 2}})
    assert table.post(f"/api/games/{game}/undo", json={"pin": PIN}).status_code == 200
    assert payload(table, game)["regions"]["board"].strip() == ""
    assert app.extensions["companion"].settings.get(game).board_undo == ()


def test_an_unknown_way_of_showing_steps_is_refused(table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "board": "sometimes"})
    assert r.status_code == 400


def through_the_steps(table, game: str) -> None:
    for _ in range(40):
        step = step_on_screen(table, game)
        if step is None:
            return
        assert done(table, game, step).status_code == 200
    raise AssertionError("the steps never ended")


def test_an_undo_after_the_steps_were_done_asks_to_put_the_board_back(table):
    game = made(table)
    through_the_steps(table, game)
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {"red": 2}})
    through_the_steps(table, game)
    assert table.post(f"/api/games/{game}/undo", json={"pin": PIN}).status_code == 200
    html = payload(table, game)["regions"]["board"]
    assert "Отменено: верните поле как было" in html
    assert "Верните 2 армии из запаса в лоток." in html
    assert step_on_screen(table, game) == (0, 0)
    through_the_steps(table, game)
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {}})
    assert step_on_screen(table, game) is None


def test_the_planning_clock_stands_while_steps_wait_and_runs_once_they_are_done(table):
    game = made(table, timer=120)
    through_the_steps(table, game)
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {"blue": 1}})
    waiting = payload(table, game)
    assert waiting["timer"] == 120 and waiting["paused_left"] == 120
    time.sleep(0.05)
    through_the_steps(table, game)
    running = payload(table, game)
    assert running["paused_left"] is None and running["since"] > waiting["since"]


def test_a_step_that_runs_on_stays_six_seconds_on_the_tables_screen(table):
    """Long enough to read across the table; a test server shortens it in its configuration
    (``BOARD_AUTO_SECONDS``), never a request."""
    game = made(table, board="auto")
    assert 'data-auto="6"' in payload(table, game)["regions"]["board"]


def test_the_pause_of_steps_that_run_on_is_the_apps_configuration(db: Path):
    app = create_app({"DB": str(db), "TESTING": True, "BOARD_AUTO_SECONDS": 1})
    try:
        table = app.test_client()
        game = made(table, board="auto")
        assert 'data-auto="1"' in payload(table, game)["regions"]["board"]
    finally:
        app.extensions["companion"].close()
