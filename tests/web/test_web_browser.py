"""A real table in a real browser: a tablet and three phones play the first round.

Debian's Chromium, driven by Playwright, against the app served by waitress on loopback:
the tablet sets up a game (recommended provinces, manual tray count), loads the tower, the
phones join from the table's links, plan in secret, the bids flip on every screen at once,
and red's attack on Kai is settled by a count typed on the tablet. Screenshots of the table
and a hand are kept in artifacts/web/.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import EventStore

from browser_devices import (PHONE, TABLET, api_post, close_join_codes, count_tray, device, hand_in, new_game,
                             served, settle, stopped, through_the_board)
from driving import to_winter_scoring

def test_a_tablet_and_three_phones_play_a_round_with_a_battle(server, browser, artifacts: Path):
    table = device(browser, TABLET, "en", server)
    new_game(table, server)
    assert "/table/" in table.url

    # Set-up: the tower is loaded with 7 armies of each player and 10 peasants.
    assert "Throw all of these into the tower together" in table.inner_text(".overlay")
    verdict = count_tray(table, {"red": 1})
    assert any("The tower is loaded" in line for line in verdict)

    # The phones join from the table's links.
    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("[data-join]")}
    assert set(links) == {"red", "blue", "yellow"}
    phones = {}
    for colour, lang in (("red", "en"), ("blue", "ru"), ("yellow", "cs")):
        phones[colour] = device(browser, PHONE, lang, server)
        phones[colour].goto(links[colour])
        phones[colour].wait_for_selector("[data-plan]")
    assert "Anna" in phones["red"].inner_text("#r-top")

    # Planning: red collects taxes in Owari and attacks from Suruga, bidding 1 chest.
    red = phones["red"]
    red.click(".pcard[data-prov=owari]")
    red.click(".slot[data-action=taxes]")
    red.click(".pcard[data-prov=suruga]")
    red.click(".slot[data-action=battle1]")
    red.click(".chest[data-chests='1']")
    assert red.inner_text(".slot[data-action=taxes] .placed") == "Owari"
    red.screenshot(path=str(artifacts / "hand-planning.png"), full_page=True)
    hand_in(red)
    red.wait_for_selector("[data-plan]", state="detached")
    settle(list(phones.values()), table)
    assert "Suruga" not in phones["blue"].inner_text("#r-decision")
    assert table.locator("[data-bid]").count() == 0

    for colour in ("blue", "yellow"):
        phones[colour].click(".chest[data-chests='0']")
        hand_in(phones[colour])

    # The reveal: every screen shows the bids at once.
    table.wait_for_selector("td[data-bid=red]")
    for page in phones.values():
        page.wait_for_selector("li[data-bid=red]")
        assert page.inner_text("li[data-bid=red] b") == "1"
    assert table.inner_text("td[data-bid=red]").endswith("1")

    # Special cards, in bid order, each on its own phone.
    while True:
        actor = table.get_attribute("#r-top .waiting", "data-actor")
        phase = table.inner_text("#r-top .waiting")
        if not actor or "special" not in phase:
            break
        phones[actor].click(".yourturn [data-cmd]")
        table.wait_for_function(
            f"document.querySelector('#r-top .waiting').dataset.actor !== '{actor}'")

    # Red's battle/move: attack the neutral Kai from Suruga with four armies.
    red.wait_for_selector(".yourturn [data-move]")
    red.click(".target[data-to=kai]")
    assert red.inner_text("[data-stepper] output") == "4"
    red.click("[data-move-go]")
    # Red's special card, "+1 army attacking", says "may": red's phone asks; red declines.
    red.click(".yourturn [data-bonus=attack] [data-cmd*='false']")

    table.wait_for_selector(".overlay.battle")
    table.screenshot(path=str(artifacts / "table-battle.png"))
    assert "Battle: Kai" in table.inner_text(".overlay h2")
    verdict = count_tray(table, {"red": 3})
    assert any("wins Kai" in line for line in verdict), verdict

    settle(list(phones.values()), table)
    table.wait_for_selector("g.prov[data-province=kai][data-owner=red]")
    red.wait_for_selector(".provcard[data-province=kai]")
    log = table.inner_text("#r-log")
    assert "Anna wins Kai (3:0)" in log or "Anna wins Kai" in log
    table.screenshot(path=str(artifacts / "table.png"))
    red.screenshot(path=str(artifacts / "hand.png"), full_page=True)
    phones["blue"].screenshot(path=str(artifacts / "hand-ru.png"), full_page=True)

    for page in [table, *phones.values()]:
        assert page.errors == []


@pytest.mark.seed(21)
def test_the_table_shows_the_winter_scoring_and_speaks_czech(server, browser, artifacts: Path):
    """The host claims the table on a new tablet with the PIN; the first winter's scoring
    table appears over the board; the language is switched on this device only."""
    setup = device(browser, TABLET, "en", server)
    r = api_post(setup, f"{server}/api/games",
                           data={"players": [{"colour": c} for c in ("red", "blue", "yellow")],
                                 "setup": "recommended", "pin": "135792"})
    game = r.json()["game_id"]

    def send(command: dict) -> None:
        response = api_post(setup, f"{server}/api/games/{game}/commands", command)
        assert response.ok, response.json()
    to_winter_scoring(lambda: setup.request.get(f"{server}/api/games/{game}/view").json(), send)

    tablet = device(browser, TABLET, "en", server)
    tablet.goto(f"{server}/table/{game}")
    tablet.wait_for_selector("html[data-ready]")
    tablet.click("[data-open=host]")
    tablet.fill("#host-pin", "135792")
    tablet.click("[data-host=claim]")
    tablet.wait_for_selector("[data-open=join]")
    tablet.wait_for_selector(".overlay.winter")
    assert "Scoring, year 1" in tablet.inner_text(".overlay.winter h2")
    tablet.screenshot(path=str(artifacts / "table-winter.png"))
    tablet.click("a[href^='/lang/cs']")
    tablet.wait_for_selector(".overlay.winter")
    assert "Bodování, rok 1" in tablet.inner_text(".overlay.winter h2")
    with tablet.expect_response(lambda r: r.url.endswith("/seen")) as seen:
        tablet.click(".overlay.winter [data-dismiss]")  # the next year's clock may run now
    assert seen.value.ok
    tablet.wait_for_selector(".overlay.winter", state="hidden")
    assert setup.errors == tablet.errors == []


def _red_joins_a_new_game(browser: Any, base: str, lang: str) -> tuple[Any, Any]:
    """A tablet sets up a game with the form as it comes and counts an empty tray; red's phone
    joins from the table's link and shows its plan: (tablet, red)."""
    tablet = device(browser, TABLET, "en", base)
    tablet.goto(base + "/new/shogun")
    tablet.click("button[type=submit]")
    close_join_codes(tablet)
    assert through_the_board(tablet) == 3  # each player's set-up
    count_tray(tablet, {})
    red = device(browser, PHONE, lang, base)
    red.goto(tablet.get_attribute("[data-join=red]", "href"))
    red.wait_for_selector("[data-plan]")
    return tablet, red


def _send_an_empty_plan(red: Any) -> None:
    red.click(".chest[data-chests='0']")
    hand_in(red)


def test_every_screen_reconnects_by_itself_after_a_server_restart(db, browser):
    """The server stops and starts again on the same database and port: the table and a
    phone pick the game up without a reload and show what happens next."""
    first, httpd, base = served(db)
    tablet, red = _red_joins_a_new_game(browser, base, "en")

    stopped(first, httpd)
    second, httpd, _ = served(db, port=int(base.rsplit(":", 1)[1]))
    try:
        _send_an_empty_plan(red)
        red.wait_for_selector("[data-plan]", state="detached", timeout=15000)
        tablet.wait_for_selector("#r-players td.status:has-text('ready')", timeout=15000)
        assert tablet.errors == red.errors == []
    finally:
        stopped(second, httpd)


def test_a_command_the_server_never_answers_says_so_on_the_phone(db, browser):
    """The server is gone when a player sends the plan: the phone tries again for a few
    seconds, then says, in its language, that no answer came, and keeps the plan on screen
    (its button usable again) to send again."""
    app, httpd, base = served(db)
    try:
        _, red = _red_joins_a_new_game(browser, base, "ru")
    finally:
        stopped(app, httpd)
    _send_an_empty_plan(red)
    assert red.is_disabled("[data-submit-plan]")
    red.wait_for_selector("#toast:not([hidden])", timeout=15000)
    assert red.inner_text("#toast").startswith("Сервер не ответил")
    assert red.locator("[data-plan]").count() == 1
    assert red.is_enabled("[data-submit-plan]")


def test_a_command_sent_while_the_server_restarts_arrives_once(db, browser):
    """The server goes away just as a player sends the plan and is back a moment later: the
    phone sends it again by itself, with the same request id, and the plan counts once."""
    first, httpd, base = served(db)
    tablet, red = _red_joins_a_new_game(browser, base, "en")
    game = tablet.url.rsplit("/", 1)[1]
    stopped(first, httpd)
    _send_an_empty_plan(red)
    second, httpd, _ = served(db, port=int(base.rsplit(":", 1)[1]))
    try:
        red.wait_for_selector("[data-plan]", state="detached", timeout=15000)
        hub = second.extensions["companion"].hubs.get(game)
        plans = [c for c in EventStore(db).commands(game) if c.command.get("type") == "plan"]
        assert len(plans) == 1 and hub.session.seq == plans[0].seq
        assert red.errors == []
    finally:
        stopped(second, httpd)
