"""A disk that fills up, a database that cannot be written or is damaged while the table
plays: each command is refused with a sentence in the device's language that says what is
wrong and what to do (never a bare server error), nothing acknowledged is lost, the game is
exactly as it was, and once the disk has room again the next command is taken. Real SQLite
on a real small disk the test mounts (tmpfs)."""
from __future__ import annotations

import html
import json
import sqlite3
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Iterator

import pytest

from browser_devices import served, stopped
from companion.cli import main
from companion.engine import EventStore
from disks import damage, fill, read_only_view, small_disk
from web import create_app
from web.identity import table_cookie, token
from web_devices import PIN, PLAYERS

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def commands(db: Path) -> dict[str, int]:
    store = EventStore(db)
    try:
        return {g.id: g.commands for g in store.games()}
    finally:
        store.close()


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path / "disk", "2m") as disk:
        yield disk


def new_game(client: Any) -> str:
    r = client.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN})
    assert r.status_code == 201, r.json
    game_id = r.json["game_id"]
    assert client.post(f"/api/games/{game_id}/commands",
                       json={"type": "count_tray", "counts": {}}).status_code == 200
    return game_id


def call(base: str, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One request to the real server, with a new request id: (status, the JSON answer)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              "Idempotency-Key": uuid.uuid4().hex, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def test_a_full_disk_refuses_the_command_in_the_devices_language_and_the_next_one_after_space_is_freed_is_taken(disk):
    db = disk / "games.sqlite3"
    app, httpd, base = served(db)
    try:
        game = new_game(app.test_client())
        red = {"X-Token": token(app.extensions["companion"].secret, game, "red"),
               "Accept-Language": "cs-CZ,cs;q=0.9"}
        before = call(base, "GET", f"/api/games/{game}/view", headers=red)
        stored = commands(db)
        filler = fill(disk)

        status, body = call(base, "POST", f"/api/games/{game}/commands", RED_PLAN, red)
        assert (status, body["error"]["key"]) == (507, "storage.full")
        assert body["error"]["message"].startswith(f"Disk s hrami je plný ({disk}): poslední krok "
                                                   "se neuložil, vše před ním ano.")
        assert call(base, "GET", f"/api/games/{game}/view", headers=red) == before
        assert commands(db) == stored

        filler.unlink()
        assert call(base, "POST", f"/api/games/{game}/commands", RED_PLAN, red)[0] == 200
        assert commands(db) == {game: stored[game] + 1}
    finally:
        stopped(app, httpd)


def test_a_new_game_on_a_full_disk_is_refused_and_leaves_no_game_behind(disk):
    db = disk / "games.sqlite3"
    app = create_app({"DB": str(db), "TESTING": True})
    try:
        tablet = app.test_client()
        game = new_game(tablet)
        fill(disk)
        tablet.set_cookie("lang", "en")
        r = tablet.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN})
        assert (r.status_code, r.json["error"]["key"]) == (507, "storage.full")
        assert r.json["error"]["message"].startswith("The disk that holds the games is full")
        r = tablet.post("/new/shogun", data={"seat1": "red", "seat2": "blue", "seat3": "yellow",
                                             "pin": PIN})
        assert r.status_code == 507
        assert "The disk that holds the games is full" in r.text and 'name="seat1"' in r.text
        assert [g.id for g in app.extensions["companion"].hubs.games()] == [game]
    finally:
        app.extensions["companion"].close()


def test_a_read_only_database_refuses_every_change_and_still_shows_the_games(disk, tmp_path):
    db = disk / "games.sqlite3"
    app = create_app({"DB": str(db), "TESTING": True})
    game = new_game(app.test_client())
    secret = app.extensions["companion"].secret
    app.extensions["companion"].close()
    # A reader on the writable disk keeps the database's shared memory: SQLite can then open
    # the database from the read-only view (read-only), as on a disk remounted read-only.
    keep = sqlite3.connect(db)
    keep.execute("SELECT COUNT(*) FROM games").fetchone()
    with read_only_view(disk, tmp_path / "ro") as ro:
        app = create_app({"DB": str(ro / "games.sqlite3"), "TESTING": True})
        try:
            tablet = app.test_client()
            tablet.set_cookie(table_cookie(game), token(secret, game, "table"))
            tablet.set_cookie("lang", "en")
            before = tablet.get(f"/api/games/{game}/view").json
            r = tablet.post(f"/api/games/{game}/commands", json=dict(RED_PLAN))
            assert (r.status_code, r.json["error"]["key"]) == (503, "storage.read_only")
            assert r.json["error"]["message"] == (
                f"The games cannot be saved: {ro / 'games.sqlite3'} is on a read-only disk, or the "
                "file is read-only. Make it writable, then start Table Companion again.")
            r = tablet.post(f"/api/games/{game}/undo", json={"pin": PIN})
            assert (r.status_code, r.json["error"]["key"]) == (503, "storage.read_only")
            assert tablet.get(f"/api/games/{game}/view").json == before
            assert tablet.get(f"/table/{game}").status_code == 200
            assert tablet.get("/").status_code == 200
        finally:
            app.extensions["companion"].close()
    keep.close()
    assert commands(db) == {game: 2}


def test_a_game_damaged_on_the_disk_while_the_server_runs_is_refused_with_a_sentence(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    app = create_app({"DB": str(db), "TESTING": True})
    try:
        assert main(["--db", str(db), "create", "--setup", "recommended", "--seed", "3"]) == 0
        game = capsys.readouterr().out.strip()
        damage(db, keep_schema=True)
        reader = app.test_client()
        reader.set_cookie("lang", "en")
        r = reader.get(f"/table/{game}")
        assert r.status_code == 503
        assert (f"The games' database {db} is damaged: SQLite cannot read it."
                in html.unescape(r.text))
        assert 'data-refusal="storage.damaged"' in r.text
        r = reader.get(f"/api/games/{game}/view")
        assert (r.status_code, r.json["error"]["key"]) == (503, "storage.damaged")
    finally:
        app.extensions["companion"].close()
