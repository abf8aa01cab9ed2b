"""The web app's figures for the README: command-to-every-screen latency, table page ready.

    python bench/web_latency.py [--commands 400] [--loads 10]

Targets (issue 3): a command from a phone reaches every screen, p95 under 100 ms with
6 devices connected on loopback; the table page is ready in under 1 s.

The server runs as ``python -m web`` in its own process on 127.0.0.1, as at a real table.
Six devices (the table and five phones) hold Server-Sent Event streams. Complete
5-player games are played through the HTTP API: each decision by the random legal player
(companion.games.shogun.agent) from the phone whose decision it is, each tray count by the
simulated tower from the table, each decided on the server's own game as stored in its
database (devtools.http_table). Latency is from sending the POST to the moment
all six streams have delivered that revision. The page figure is Chromium's own time from
navigation start to the page's "ready" mark (its first live screen applied).
"""
from __future__ import annotations

import argparse
import http.client
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from devtools.http_table import COLOURS, Game, Remote, new_game_body, start_server  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


class Device(threading.Thread):
    """One screen's live stream; remembers the newest revision it has received."""

    def __init__(self, base: str, path: str, headers: dict[str, str], seen: threading.Condition):
        super().__init__(daemon=True)
        url = urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        self.path, self.headers, self.seen = path, headers, seen
        self.rev = 0

    def run(self) -> None:
        self.conn.request("GET", self.path, headers=self.headers)
        response = self.conn.getresponse()
        for raw in response:
            line = raw.decode()
            if line.startswith("id: "):
                with self.seen:
                    self.rev = int(line[4:])
                    self.seen.notify_all()

    def close(self) -> None:
        self.conn.sock and self.conn.sock.close()  # type: ignore[func-returns-value]


def play_one(remote: Remote, base: str, db: Path, seed: int,
             budget: int) -> tuple[list[float], str, str]:
    """One 5-player game (or ``budget`` commands of it) with six screens watching."""
    made = remote.post("/api/games", new_game_body(), {})
    game = Game(db, made.body["game_id"], seed)
    seen = threading.Condition()
    devices = [Device(base, f"/live/{game.game_id}", game.table, seen)]
    devices += [Device(base, f"/live/{game.game_id}?token={game.phones[c]['X-Token']}", {}, seen)
                for c in COLOURS]
    for d in devices:
        d.start()
    with seen:
        seen.wait_for(lambda: all(d.rev for d in devices), timeout=10)
    times: list[float] = []
    while len(times) < budget and (step := game.next()) is not None:
        command, sender = step
        began = time.perf_counter()
        answer = remote.post(game.command_path(), command, sender)
        if answer.status >= 300:
            raise RuntimeError(f"{command}: {answer.body}")
        with seen:
            if not seen.wait_for(lambda: all(d.rev >= answer.body["rev"] for d in devices), timeout=10):
                raise RuntimeError(f"revision {answer.body['rev']} did not reach every screen")
        times.append(time.perf_counter() - began)
    for d in devices:
        d.close()
    return times, game.game_id, game.table["Cookie"]


def latency(base: str, db: Path, commands: int) -> tuple[list[float], int, str, str]:
    """Complete games, one after another, until ``commands`` commands have been timed."""
    remote = Remote(base)
    times: list[float] = []
    games = 0
    while len(times) < commands:
        more, game_id, cookie = play_one(remote, base, db, 7 + games, commands - len(times))
        times += more
        games += 1
    return times, games, game_id, cookie


def page_ready(base: str, game_id: str, cookie: str, loads: int) -> list[float]:
    from playwright.sync_api import sync_playwright
    name, value = cookie.split("=", 1)
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for _ in range(loads):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_cookies([{"name": name, "value": value, "url": base}])
            page = context.new_page()
            page.goto(f"{base}/table/{game_id}")
            page.wait_for_selector("html[data-ready]")
            out.append(page.evaluate("performance.getEntriesByName('ready')[0].startTime") / 1000)
            context.close()
        browser.close()
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--commands", type=int, default=400)
    ap.add_argument("--loads", type=int, default=10)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        proc, base = start_server(db)
        try:
            times, games, game_id, cookie = latency(base, db, args.commands)
            ms = [1000 * t for t in times]
            print(f"command -> all 6 screens updated (loopback, {len(ms)} commands, {games} games): "
                  f"median {statistics.median(ms):.1f} ms, p95 {p95(ms):.1f} ms, "
                  f"max {max(ms):.1f} ms")
            if Path("/usr/bin/chromium").exists():
                ready = [1000 * t for t in page_ready(base, game_id, cookie, args.loads)]
                print(f"table page ready (Chromium, navigation start -> ready mark, {len(ready)} loads): "
                      f"median {statistics.median(ready):.0f} ms, max {max(ready):.0f} ms")
            else:
                print("table page ready: skipped, /usr/bin/chromium is not installed")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
