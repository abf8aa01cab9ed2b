"""The devices of a table, for the web tests: a player's phone (a client sending its token),
an open live stream read event by event, and a clock for the host PIN's guard."""
from __future__ import annotations

import json
import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from web.identity import token

PIN = "246813"
PLAYERS = [{"colour": "red", "name": "Аня"}, {"colour": "blue", "name": "Денис"},
           {"colour": "yellow", "name": "Женя"}]


class DeviceClient(FlaskClient):
    """A device's browser as the shell's script makes it: every POST carries a new request id
    (``Idempotency-Key``) unless the test gives one, as a resent request would."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("method") == "POST" or (args and getattr(args[0], "method", None) == "POST"):
            headers = dict(kwargs.get("headers") or {})
            headers.setdefault("Idempotency-Key", uuid.uuid4().hex)
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)


class Phone:
    """A player's phone: every request carries that player's token."""

    def __init__(self, app: Flask, game_id: str, colour: str, secret_token: str | None = None):
        self.client = app.test_client()
        self.game_id = game_id
        self.colour = colour
        self.token = secret_token or token(app.extensions["companion"].secret, game_id, colour)

    def post(self, path: str, body: Any) -> Any:
        return self.client.post(f"/api/games/{self.game_id}/{path}", json=body,
                                headers={"X-Token": self.token})

    def get(self, path: str) -> Any:
        return self.client.get(f"/api/games/{self.game_id}/{path}", headers={"X-Token": self.token})

    def send(self, command: dict[str, Any]) -> Any:
        return self.post("commands", command)


class Stream:
    """An open Server-Sent Events stream read event by event."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.chunks = iter(response.response)
        self.buffer = ""

    def next(self) -> dict[str, Any]:
        while "\n\n" not in self.buffer:
            chunk = next(self.chunks)
            self.buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        event, self.buffer = self.buffer.split("\n\n", 1)
        data = [line[5:].strip() for line in event.splitlines() if line.startswith("data:")]
        if not data:
            return self.next()
        return json.loads("".join(data))

    def close(self) -> None:
        self.response.close()


def open_stream(client: FlaskClient, url: str) -> Stream:
    response = client.get(url, buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    return Stream(response)


class Clock:
    """A clock that moves only when the test moves it (``now``), for the PIN guard's waits."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def made_with_printed(table: FlaskClient, game: str, players: list[dict[str, str]],
                      printed: dict[str, Any]) -> str:
    """A ``game`` made by the table, which then tells the printed values the game asks first
    (from ``printed``, every value the box shows); its id."""
    r = table.post("/api/games", json={"game": game, "players": players, "pin": PIN})
    assert r.status_code == 201, r.json
    game_id = r.json["game_id"]
    asked = table.get(f"/api/games/{game_id}/view").json["pending"]["questions"]
    told = table.post(f"/api/games/{game_id}/commands", json={
        "type": "printed", "values": {q["key"]: printed[q["key"]] for q in asked}})
    assert told.status_code == 200, told.json
    return game_id
