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

from browser_devices import chromium, driver, served, stopped
from devtools.sensor_emulator_process import EmulatorProcess
from web import create_app
from web_devices import PIN, PLAYERS, DeviceClient, Phone


@pytest.fixture(autouse=True, scope="session")
def devices_send_request_ids() -> Iterator[None]:
    """Every app's test client behaves as the shell's script: each POST with a request id."""
    before = Flask.test_client_class
    Flask.test_client_class = DeviceClient
    yield
    Flask.test_client_class = before


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def seed_of(request: pytest.FixtureRequest) -> int:
    """The seed the test's games draw from: ``@pytest.mark.seed(n)``, else 11. The server
    is configured with it; no request can choose it."""
    marker = request.node.get_closest_marker("seed")
    return marker.args[0] if marker else 11


@pytest.fixture
def app(db: Path, request: pytest.FixtureRequest) -> Iterator[Flask]:
    app = create_app({"DB": str(db), "TESTING": True, "SEED": seed_of(request)})
    yield app
    app.extensions["companion"].close()


@pytest.fixture
def table(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def game(table: FlaskClient) -> str:
    """A three-player game with the recommended set-up; the tower is loaded (nothing fell
    out), so the first round's plans are awaited."""
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN})
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
def server(db: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The real app behind waitress on a free loopback port; yields its base URL."""
    app, httpd, base = served(db, seed=seed_of(request))
    yield base
    stopped(app, httpd)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """Playwright's driver for the test process (see ``browser_devices.driver``)."""
    with driver() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium_process(playwright: Any) -> Iterator[Any]:
    """One Chromium for the test process: starting one costs about a second, a context little."""
    with chromium(playwright) as browser:
        yield browser


@pytest.fixture
def browser(chromium_process: Any) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download). Every device a test opens
    is a fresh context (own cookies, storage and cache, as a fresh profile), closed when the
    test ends, so no test sees another's."""
    yield chromium_process
    for context in chromium_process.contexts:
        context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def board(tmp_path: Path) -> Iterator[EmulatorProcess]:
    """The sensor board's emulator behind a real pseudo-terminal (its port: ``board.port``)."""
    emulator = EmulatorProcess(tmp_path, "--settle-ms", "300", "--empty-ms", "1500",
                               "--heartbeat-ms", "500")
    yield emulator
    emulator.close()
