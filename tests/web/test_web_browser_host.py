"""The host's sheet and the turn alert, in Chromium: ending the game asks first; a phone
says when its player is awaited."""
from __future__ import annotations

from pathlib import Path

from browser_devices import PHONE, TABLET, api_post, device, phone_sends, served, stopped
from web_devices import PIN, PLAYERS, Phone

BLUE_PLAN = {"type": "plan", "player": "blue", "actions": {"taxes": "kaga"}, "bid": {"chests": 1}}


def test_ending_the_game_asks_for_a_second_tap(db: Path, browser):
    app, httpd, base = served(db, seed=11)
    try:
        tablet = device(browser, TABLET, "en", base)
        game = api_post(tablet, f"{base}/api/games", {"players": PLAYERS, "setup": "recommended",
                                                      "pin": PIN}).json()["game_id"]
        api_post(tablet, f"{base}/api/games/{game}/commands", {"type": "count_tray", "counts": {}})
        tablet.goto(f"{base}/table/{game}")
        tablet.wait_for_selector("html[data-ready]")
        tablet.click("[data-open=host]")
        tablet.fill("#host-pin", PIN)
        end = tablet.locator("[data-host=end]")
        end.click()
        assert end.inner_text() == "Tap again to end the game"
        tablet.wait_for_timeout(300)
        hub = app.extensions["companion"].hubs.get(game)
        assert hub.state.result is None
        end.click()
        tablet.wait_for_selector(".overlay.result")
        assert hub.state.result["early"] is True
        assert tablet.errors == []
    finally:
        stopped(app, httpd)


def test_a_phone_whose_player_is_now_awaited_vibrates_once(db: Path, browser):
    """The plans become awaited while Anna's phone lies on the table: it vibrates once, and
    not again when another player's plan redraws it."""
    app, httpd, base = served(db, seed=11)
    try:
        tablet = device(browser, TABLET, "en", base)
        game = api_post(tablet, f"{base}/api/games", {"players": PLAYERS, "setup": "recommended",
                                                      "pin": PIN}).json()["game_id"]
        phone = device(browser, PHONE, "en", base)
        phone.add_init_script("window.buzzes = 0; navigator.vibrate = () => { window.buzzes += 1; return true; };")
        red = Phone(app, game, "red")
        phone.goto(f"{base}/hand/{game}/{red.token}")
        phone.wait_for_selector("html[data-ready]")
        assert phone.evaluate("window.buzzes") == 0
        api_post(tablet, f"{base}/api/games/{game}/commands", {"type": "count_tray", "counts": {}})
        phone.wait_for_function("window.buzzes === 1")
        phone_sends(phone, base, game, Phone(app, game, "blue").token, BLUE_PLAN)
        phone.wait_for_timeout(800)
        assert phone.evaluate("window.buzzes") == 1
        assert phone.errors == []
    finally:
        stopped(app, httpd)
