"""Fixtures for the web app: a real app on a real SQLite file, a table and phones.

The table is a test client holding the table cookie (it created the game); each phone is
its own client sending its player's token, exactly as the join link gives it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from browser_devices import chromium, served, stopped
from web import create_app
from web_devices import PIN, PLAYERS, Phone


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def app(db: Path) -> Iterator[Flask]:
    app = create_app({"DB": str(db), "TESTING": True})
    yield app
    app.extensions["companion"].close()


@pytest.fixture
def table(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(table: FlaskClient) -> str:
    """A three-player game with the recommended set-up; the tower is loaded (nothing fell
    out), so the first round's plans are awaited."""
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended",
                                       "pin": PIN, "seed": 11})
    assert r.status_code == 201, r.json
    game_id = r.json["game_id"]
    r = table.post(f"/api/games/{game_id}/commands", json={"type": "count_tray", "counts": {}})
    assert r.status_code == 200, r.json
    return game_id


@pytest.fixture
def phone(app: Flask, game: str) -> Any:
    """Hand out phones for this game's players: ``phone("red")``."""
    def make(colour: str) -> Phone:
        return Phone(app, game, colour)
    return make


ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"


@pytest.fixture
def server(db: Path) -> Iterator[str]:
    """The real app behind waitress on a free loopback port; yields its base URL."""
    app, httpd, base = served(db)
    yield base
    stopped(app, httpd)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download), fresh profile."""
    with chromium() as browser:
        yield browser


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
