"""Browser devices for the web tests: Debian's Chromium itself, a tablet or a phone in it,
and the table's tray count typed with its steppers. Shared by every browser test."""
from __future__ import annotations

import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from web_devices import PIN, PLAYERS

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 412, "height": 915}
WAIT_MS = 10000
CHROMIUM = Path("/usr/bin/chromium-headless-shell")  # Debian's Chromium without its browser windows: half the CPU a page
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@contextmanager
def driver() -> Iterator[Any]:
    """Playwright's driver, started once per test process: Playwright's sync API cannot run
    inside another of its own, so every Chromium of the process is launched by this one."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium-headless-shell); ./test installs it")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        yield playwright


@contextmanager
def chromium(playwright: Any, *args: str) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download), fresh profile, with
    ``args`` added to its command line."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                         args=CHROMIUM_ARGS + list(args))
    yield browser
    browser.close()


def served(db: Path, port: int = 0, seed: int | None = None, **config: Any) -> tuple[Any, Any, str]:
    """The real app on the game database behind waitress on loopback (a free port unless
    given; its games drawing from ``seed`` if given; ``config`` more of the app's
    configuration): (app, server, base URL)."""
    from web import create_app
    from web.serve import serve_in_thread

    app = create_app({"DB": str(db), "SEED": seed, **config})
    httpd, base = serve_in_thread(app, port=port)
    return app, httpd, base


def stopped(app: Any, httpd: Any) -> None:
    """The server gone, as when its process ends: connections dropped, database closed."""
    from web.serve import stop

    stop(httpd)
    app.extensions["companion"].close()


def device(browser: Any, viewport: dict, lang: str, base: str, **options: Any) -> Any:
    """A fresh device (its own cookies) that reads the given language; ``options`` are more
    Playwright context options (a touch screen)."""
    context = browser.new_context(viewport=viewport, locale=lang, **options)
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def rev(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.rev"))


def settle(pages: list[Any], table: Any) -> None:
    """Every screen shows the revision the table shows."""
    target = rev(table)
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.rev) >= {target}")


def api_post(page: Any, url: str, data: Any) -> Any:
    """A POST from the page's browser, as the shell's script sends it: with a request id."""
    return page.request.post(url, data=data, headers={"Idempotency-Key": uuid.uuid4().hex})


def planning_on_the_table(tablet: Any, base: str, **options: Any) -> str:
    """A game made through the API by ``tablet`` (three players; ``options`` such as the
    timer), the tower loaded so the plans are awaited; the table page open. Its id."""
    made = api_post(tablet, f"{base}/api/games", {"players": PLAYERS, "setup": "recommended",
                                                  "pin": PIN, **options})
    game = made.json()["game_id"]
    api_post(tablet, f"{base}/api/games/{game}/commands", {"type": "count_tray", "counts": {}})
    tablet.goto(f"{base}/table/{game}")
    tablet.wait_for_selector("html[data-ready]")
    return game


def phone_sends(page: Any, base: str, game: str, token: str, command: dict) -> None:
    """A command sent from a player's phone as its script sends it (its token, a request id)."""
    r = page.request.post(f"{base}/api/games/{game}/commands", data=command,
                          headers={"X-Token": token, "Idempotency-Key": uuid.uuid4().hex})
    assert r.ok, r.text()


def new_game(table: Any, server: str, *, setup: str = "recommended", tray: str = "manual",
             pass_tablet: bool = False, names: tuple[str, ...] = ("Anna", "Denis", "Zhenya"),
             board: str = "off", expansions: tuple[str, ...] = ()) -> None:
    """Fill in and send the new-game form on the table, as a host would; the table page is open.
    ``board``: how the board steps are shown (off unless a test is about them); ``expansions``:
    the boxes ticked."""
    table.goto(server + "/new/shogun")
    for seat, name in enumerate(names, start=1):
        table.fill(f"input[name=name{seat}]", name)
    table.check(f"input[name=setup][value={setup}]")
    table.check(f"input[name=tray][value={tray}]")
    if pass_tablet:
        table.check("input[name=pass_tablet][value='1']")
    table.check(f"input[name=board][value={board}]")
    for expansion in expansions:
        table.check(f"input[name=expansion_{expansion}]")
    table.fill("input[name=pin]", PIN)
    table.click("button[type=submit]")
    table.wait_for_selector("html[data-ready]")
    if not pass_tablet:
        close_join_codes(table)


def through_the_board(table: Any) -> int:
    """Tap "done on the board" for every step the table shows; how many there were."""
    done = 0
    while table.locator("[data-board-step]").count():
        step = table.locator("[data-board-step]")
        at = (step.get_attribute("data-seq"), step.get_attribute("data-index"))
        table.click("[data-board-done]")
        table.wait_for_function(
            "([s, i]) => { const e = document.querySelector('[data-board-step]');"
            " return !e || e.dataset.seq !== s || e.dataset.index !== i; }", arg=list(at))
        done += 1
    return done


def hand_in(page: Any, tap: bool = False) -> None:
    """Tap Ready on the plan; a plan with most slots empty is asked about once, and a second
    tap hands it in as it is."""
    act = page.tap if tap else page.click
    act("[data-submit-plan]")
    if page.locator("[data-submit-plan][data-armed]").count():
        act("[data-submit-plan]")


def close_join_codes(table: Any) -> None:
    """A game with phones opens on the codes to join by; the group closes them once scanned."""
    table.wait_for_selector("#sheet-join:not([hidden])")
    table.click("#sheet-join [data-close]")


def count_tray(table: Any, counts: dict[str, int]) -> list[str]:
    """Type a count with the steppers, check what it decides, confirm; returns the verdict."""
    table.wait_for_selector("[data-counting]")
    for colour, n in counts.items():
        for _ in range(n):
            table.click(f".counter[data-colour={colour}] [data-inc]")
    table.click("[data-preview]")
    table.wait_for_selector(".verdict:not([hidden]) li")
    verdict = table.locator(".verdict .lines li").all_inner_texts()
    table.click("[data-confirm]")
    table.wait_for_selector("[data-counting]", state="detached")
    return verdict
