"""The host's sheet on the tablet, in Chromium: ending the game asks first."""
from __future__ import annotations

from pathlib import Path

from browser_devices import TABLET, api_post, device, served, stopped
from web_devices import PIN, PLAYERS


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
