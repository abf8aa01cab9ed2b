"""Kill the web server with SIGKILL again and again while a table makes games and plays them,
and count what was acknowledged and then lost, carried out twice, or left broken.

Each round starts ``python -m web`` on the same database, sends requests one after another
as a table and its phones would (a new game now and then, otherwise the next command of a
game in play) and kills the server at a random moment. A request that got no answer is sent
again, with the same request id, once the server is back, as the shell's script does. At the
end every acknowledged game must open with its PIN, every acknowledged command must be in its
game, no request may have been carried out twice, and no game may be half-made.
"""
from __future__ import annotations

import argparse
import http.client
import random
import sqlite3
import tempfile
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools.http_table import PIN, Game, Remote, new_game_body, start_server

NEW_GAME_CHANCE = 0.1


@dataclass
class Request:
    """One request as sent: kept until an answer comes, to be sent again unchanged."""

    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    game: Game | None = None


@dataclass
class Tally:
    kills: int = 0
    games: int = 0
    commands: int = 0
    resent: int = 0
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.kills} kills: {self.games} games and {self.commands} commands acknowledged, "
                f"{self.resent} requests sent again after no answer; lost {len(self.lost)}, "
                f"carried out twice {len(self.doubled)}, broken games {len(self.broken)}, "
                f"resent requests refused {len(self.refused)}")


class Loop:
    def __init__(self, db: Path, seed: int) -> None:
        self.db = db
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.games: list[Game] = []
        self.acked: list[tuple[str, str]] = []  # (game id, request id) of acknowledged commands
        self.made: dict[str, str] = {}  # request id -> game id of acknowledged creations
        self.unanswered: Request | None = None

    def round(self, window: tuple[float, float]) -> None:
        """Serve until the kill, then wait for the process to be gone."""
        proc, base = start_server(self.db)
        remote = Remote(base, timeout=10)
        killer = threading.Timer(self.rng.uniform(*window), proc.kill)
        killer.start()
        try:
            while True:
                self._send(remote, self.unanswered or self._next())
        except (OSError, http.client.HTTPException):
            pass
        finally:
            killer.cancel()
            proc.kill()
            proc.wait()
            remote.close()
        self.tally.kills += 1

    def check(self) -> Tally:
        """Serve once more (answering what is still unanswered) and check everything."""
        proc, base = start_server(self.db)
        remote = Remote(base, timeout=10)
        try:
            if self.unanswered is not None:
                self._send(remote, self.unanswered)
            self._check_store()
            for key, game_id in self.made.items():
                claim = remote.post(f"/api/games/{game_id}/claim", {"pin": PIN}, {})
                page = remote.get(f"/table/{game_id}", {})
                if claim.status != 200 or page != 200:
                    self.tally.broken.append(f"game {game_id}: claim {claim.status}, page {page}")
        finally:
            proc.terminate()
            proc.wait()
            remote.close()
        return self.tally

    def _send(self, remote: Remote, request: Request) -> None:
        """Send ``request`` (again, if it got no answer before) and file its answer; it stays
        unanswered if the connection breaks."""
        if request is self.unanswered:
            self.tally.resent += 1
        self.unanswered = request
        answer = remote.post(request.path, request.body, request.headers, request.key)
        self.unanswered = None
        self._answered(request, answer.status, answer.body)

    def _next(self) -> Request:
        playing = [g for g in self.games if not g.over]
        step = None
        if playing and self.rng.random() >= NEW_GAME_CHANCE:
            game = self.rng.choice(playing)
            step = game.next()
        if step is None:
            return Request("/api/games", new_game_body(self.rng.randint(3, 5)), {})
        return Request(game.command_path(), step[0], step[1], game=game)

    def _answered(self, request: Request, status: int, body: dict[str, Any]) -> None:
        if status >= 300:
            self.tally.refused.append(f"{request.path} {request.body}: {status} {body}")
            return
        if request.game is None:
            game_id = body["game_id"]
            if self.made.setdefault(request.key, game_id) != game_id:
                self.tally.doubled.append(f"request {request.key} made two games")
            if all(g.game_id != game_id for g in self.games):
                self.games.append(Game(self.db, game_id, self.rng.randrange(2**32)))
            self.tally.games = len(self.made)
        else:
            self.acked.append((request.game.game_id, request.key))
            self.tally.commands += 1

    def _check_store(self) -> None:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            for game_id, key in self.acked:
                if con.execute("SELECT 1 FROM requests WHERE game_id = ? AND key = ?",
                               (game_id, key)).fetchone() is None:
                    self.tally.lost.append(f"game {game_id}: request {key}")
            for key, game_id in self.made.items():
                if con.execute("SELECT 1 FROM games WHERE id = ? AND request = ?",
                               (game_id, key)).fetchone() is None:
                    self.tally.lost.append(f"game {game_id} made by {key}")
            for game_id, commands, requests, settings in con.execute(
                    "SELECT g.id, (SELECT COUNT(*) FROM commands c WHERE c.game_id = g.id), "
                    "(SELECT COUNT(*) FROM requests r WHERE r.game_id = g.id), g.settings "
                    "FROM games g"):
                if commands == 0 or settings is None:
                    self.tally.broken.append(f"game {game_id}: {commands} commands, settings {settings}")
                if commands - 1 > requests:
                    self.tally.doubled.append(f"game {game_id}: {commands} commands, {requests} requests")
        finally:
            con.close()


def run(db: Path, kills: int, seed: int, window: tuple[float, float] = (0.05, 1.5)) -> Tally:
    """``kills`` rounds on ``db``, then the check."""
    loop = Loop(db, seed)
    for _ in range(kills):
        loop.round(window)
    return loop.check()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tally = run(Path(tmp) / "games.sqlite3", args.kills, args.seed)
    print(tally.line())
    for problem in tally.lost + tally.doubled + tally.broken + tally.refused:
        print("  " + problem)
    return 1 if tally.lost or tally.doubled or tally.broken or tally.refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
