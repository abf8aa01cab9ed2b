"""Another writer on the same database (the command line, a second server): the server's
screens catch up by themselves, a move legal after the other's write is accepted, and the
host's undo never answers with a server error."""
from __future__ import annotations

import time

from companion.engine import EventStore, Session, find_game
from web_devices import PIN, PLAYERS, Phone

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def command_line(db, game: str) -> Session:
    """The game as ``./run do`` opens it: its own connection to the file."""
    return Session(find_game("shogun"), EventStore(db), game)


def red_is_ready(table, game: str) -> bool:
    players = table.get(f"/api/games/{game}/view").json["players"]
    return next(p for p in players if p["colour"] == "red")["plan"] is not None


def test_the_screens_show_a_move_made_from_the_command_line_within_a_second(db, table, game):
    command_line(db, game).execute(RED_PLAN)
    deadline = time.monotonic() + 3
    while not red_is_ready(table, game):
        assert time.monotonic() < deadline, "the table never showed the command line's move"
        time.sleep(0.05)


def test_a_move_legal_after_the_command_lines_write_is_accepted_at_once(db, app, table):
    game = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended",
                                          "pin": PIN}).json["game_id"]
    assert table.get(f"/table/{game}").status_code == 200  # the server has it open: the tray awaited
    command_line(db, game).execute({"type": "count_tray", "counts": {}})
    r = Phone(app, game, "red").send(RED_PLAN)
    assert r.status_code == 200, r.json


def test_the_hosts_undo_after_the_command_lines_write_is_never_a_server_error(db, app, table, game):
    command_line(db, game).execute(RED_PLAN)
    r = table.post(f"/api/games/{game}/undo", json={"pin": PIN})
    if r.status_code == 409:
        assert r.json["error"]["key"] == "undo.game_changed"
        r = table.post(f"/api/games/{game}/undo", json={"pin": PIN})
    assert r.status_code == 200, r.json
    assert not red_is_ready(table, game)
    assert command_line(db, game).seq == r.json["seq"]
