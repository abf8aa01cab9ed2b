"""A table and its phones playing Shogun against a real server process over HTTP.

For the benchmarks and the crash tests: the server runs as ``python -m web`` in its own
process, as at a real table; requests go as the shell's script sends them (JSON, each with
a request id, the table's cookie or a phone's token). What to send next is decided on the
server's own game, read from its database (``Session`` over the same SQLite file), by the
random legal player for decisions and the simulated tower for tray counts.
"""
from __future__ import annotations

import http.client
import json
import random
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion.engine import EventStore, Session
from companion.games.shogun import agent
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.tray import count_command, start_throw
from companion.kits.tower.simulated import SimulatedTower
from web.identity import TABLE, table_cookie, token
from web.instance import load_secret

ROOT = Path(__file__).resolve().parents[1]
COLOURS = ("red", "blue", "yellow", "purple", "black")
PIN = "246813"


def start_server(db: Path, port: int = 0) -> tuple[subprocess.Popen, str]:
    """``python -m web`` on loopback (a free port unless given); the process and its base URL,
    once it listens."""
    proc = subprocess.Popen([sys.executable, "-m", "web", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:  # type: ignore[union-attr]
        if line.startswith("Table Companion: open "):
            return proc, line.split()[3].rstrip("/")
    proc.wait()
    raise RuntimeError(f"the server did not start (exit {proc.returncode})")


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict[str, Any]


class Remote:
    """One device's connection to the server."""

    def __init__(self, base: str, timeout: float = 30) -> None:
        url = urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)

    def post(self, path: str, body: dict[str, Any], headers: dict[str, str],
             key: str | None = None) -> Answer:
        """POST ``body`` with the request id ``key`` (a new one unless given: a resend gives
        the first one again). Connection errors propagate: no answer came."""
        sent = {"Content-Type": "application/json", "Idempotency-Key": key or uuid.uuid4().hex,
                **headers}
        self.conn.request("POST", path, body=json.dumps(body), headers=sent)
        response = self.conn.getresponse()
        return Answer(response.status, json.loads(response.read() or b"{}"))

    def get(self, path: str, headers: dict[str, str]) -> int:
        self.conn.request("GET", path, headers=headers)
        response = self.conn.getresponse()
        response.read()
        return response.status

    def close(self) -> None:
        self.conn.close()


def new_game_body(players: int = 5) -> dict[str, Any]:
    return {"players": [{"colour": c} for c in COLOURS[:players]], "setup": "recommended",
            "pin": PIN}


class Game:
    """One game on the server: who may send what, and what to send next."""

    def __init__(self, db: Path, game_id: str, seed: int) -> None:
        secret = load_secret(db)
        self.game_id = game_id
        self.table = {"Cookie": f"{table_cookie(game_id)}={token(secret, game_id, TABLE)}"}
        self.phones = {c: {"X-Token": token(secret, game_id, c)} for c in COLOURS}
        self.session = Session(ShogunRules(), EventStore(db), game_id)
        self.rng = random.Random(seed)
        self.tower = SimulatedTower(seed=seed)

    @property
    def over(self) -> bool:
        """Over as last read (``next`` reads the game again)."""
        return self.session.state.pending is None

    def next(self) -> tuple[dict[str, Any], dict[str, str]] | None:
        """The next command, decided on the game as the server has stored it, and the
        headers of the device that sends it; None once the game is over."""
        self.session.reload()
        state = self.session.state
        if state.pending is None:
            return None
        if state.pending["kind"] == "tray":
            start_throw(state, self.tower)
            return count_command(self.tower), self.table
        command = agent.choose(state, self.rng)
        return command, self.phones[command["player"]]

    def command_path(self) -> str:
        return f"/api/games/{self.game_id}/commands"
