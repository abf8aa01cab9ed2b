"""The planning timer is the server's: it counts from when the plans were first awaited, a
restart gives no time back, a plan sent by one player does not restart it for the others,
and each screen beeps once when it runs out, not again on every later update."""
from __future__ import annotations

import time
from pathlib import Path

from browser_devices import PHONE, TABLET, device, phone_sends, planning_on_the_table, served, stopped
from web import create_app
from web_devices import PIN, PLAYERS, Phone, open_stream

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}
BLUE_PLAN = {"type": "plan", "player": "blue", "actions": {"taxes": "kaga"}, "bid": {"chests": 1}}


def timed_game(table, seconds: int) -> str:
    game = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                          "timer": seconds}).json["game_id"]
    assert table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {}}).status_code == 200
    return game


def clock_of(client, game: str) -> tuple[float, int]:
    stream = open_stream(client, f"/live/{game}")
    payload = stream.next()
    stream.close()
    return payload["since"], payload["timer"]


def test_a_plan_sent_does_not_restart_the_clock_for_the_others(app, table):
    game = timed_game(table, 120)
    since, timer = clock_of(table, game)
    assert timer == 120
    time.sleep(0.05)
    assert Phone(app, game, "red").send(RED_PLAN).status_code == 200
    assert clock_of(table, game)[0] == since


def test_a_restart_gives_no_time_back(db: Path, app, table):
    game = timed_game(table, 120)
    since, _ = clock_of(table, game)
    app.extensions["companion"].close()
    time.sleep(0.05)
    again = create_app({"DB": str(db), "TESTING": True})
    try:
        assert clock_of(again.test_client(), game)[0] == since
    finally:
        again.extensions["companion"].close()


def test_the_time_is_up_once_on_each_screen_however_many_updates_follow(db: Path, browser):
    app, httpd, base = served(db, seed=11)
    try:
        tablet = device(browser, TABLET, "en", base)
        # Counted from the page's first byte: on a loaded machine the three seconds may run out
        # before the page is ready.
        tablet.add_init_script("""window.timeUp = 0; new MutationObserver(() => {
            const t = document.getElementById('toast');
            if (t && !t.hidden && t.textContent === 'Time is up!') { window.timeUp += 1; t.hidden = true; }
        }).observe(document, {attributes: true, childList: true, subtree: true, characterData: true});""")
        game = planning_on_the_table(tablet, base, timer=3)
        tablet.wait_for_function("window.timeUp >= 1", timeout=8000)
        phone = device(browser, PHONE, "en", base)
        for plan in (RED_PLAN, BLUE_PLAN):  # two later updates of every screen
            phone_sends(phone, base, game, Phone(app, game, plan["player"]).token, plan)
        tablet.wait_for_timeout(1500)
        assert tablet.evaluate("window.timeUp") == 1
        assert tablet.errors == []
    finally:
        stopped(app, httpd)


def payload_of(client, game: str) -> dict:
    stream = open_stream(client, f"/live/{game}")
    payload = stream.next()
    stream.close()
    return payload


def test_the_host_pauses_the_timer_and_it_stands_until_let_run_on(app, table):
    game = timed_game(table, 120)
    r = table.post(f"/api/games/{game}/timer/pause", json={"pin": "000000"})
    assert r.status_code == 403
    assert table.post(f"/api/games/{game}/timer/pause", json={"pin": PIN}).status_code == 200
    held = payload_of(table, game)["paused_left"]
    assert 119 < held <= 120
    time.sleep(0.3)
    assert payload_of(table, game)["paused_left"] == held
    before = time.time()
    assert table.post(f"/api/games/{game}/timer/resume", json={"pin": PIN}).status_code == 200
    after = time.time()
    running = payload_of(table, game)
    assert running["paused_left"] is None
    resumed = running["since"] + running["timer"] - held  # when the clock went on with what it held
    assert before - 0.01 <= resumed <= after + 0.01


def test_a_paused_timer_stays_paused_after_a_restart(db: Path, app, table):
    game = timed_game(table, 120)
    assert table.post(f"/api/games/{game}/timer/pause", json={"pin": PIN}).status_code == 200
    held = payload_of(table, game)["paused_left"]
    app.extensions["companion"].close()
    again = create_app({"DB": str(db), "TESTING": True})
    try:
        assert abs(payload_of(again.test_client(), game)["paused_left"] - held) < 0.1
    finally:
        again.extensions["companion"].close()


def test_a_phone_cannot_pause_the_timer(app, table):
    game = timed_game(table, 120)
    red = Phone(app, game, "red")
    r = red.post("timer/pause", {"pin": "123456"})
    assert r.status_code in (403, 429)
    assert payload_of(table, game)["paused_left"] is None


def test_the_host_pauses_the_timer_from_the_tablet_and_it_stands(db: Path, browser):
    app, httpd, base = served(db, seed=11)
    try:
        tablet = device(browser, TABLET, "en", base)
        planning_on_the_table(tablet, base, timer=120)
        tablet.click("[data-open=host]")
        tablet.fill("#host-pin", PIN)
        tablet.click("[data-host='timer/pause']")
        tablet.wait_for_selector("[data-timer].paused")
        shown = tablet.inner_text("[data-timer]")
        assert shown.endswith("⏸")
        tablet.wait_for_timeout(1500)
        assert tablet.inner_text("[data-timer]") == shown
        tablet.click("[data-open=host]")
        assert tablet.is_visible("[data-host='timer/resume']")
        tablet.click("[data-host='timer/resume']")
        tablet.wait_for_selector("[data-timer]:not(.paused)")
        assert tablet.errors == []
    finally:
        stopped(app, httpd)


def test_the_next_years_clock_waits_behind_the_winter_scores_until_the_table_closes_them(app, table):
    """The planning clock of the year after a winter does not run while the table shows the
    winter's scores; closing them on the table lets it run, closing them on a phone does not."""
    from driving import to_winter_scoring
    game = timed_game(table, 120)
    to_winter_scoring(lambda: table.get(f"/api/games/{game}/view").json,
                      lambda c: table.post(f"/api/games/{game}/commands", json=c))
    held = payload_of(table, game)
    assert held["holds"] == "winter-1" and held["paused_left"] == 120
    assert Phone(app, game, "red").post("seen", {"overlay": "winter-1"}).status_code == 200
    assert payload_of(table, game)["paused_left"] == 120
    assert table.post(f"/api/games/{game}/seen", json={"overlay": "winter-1"}).status_code == 200
    running = payload_of(table, game)
    assert running["holds"] is None and running["paused_left"] is None
    assert running["since"] > held["since"]
