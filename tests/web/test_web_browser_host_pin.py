"""Guessing the host PIN, in Debian's Chromium: the tablet is told, as it happens, that
someone elsewhere entered a wrong host PIN; it can dismiss the notice, which comes back with
the next wrong PIN; the guesser is told how long to wait. A screenshot of the notice is kept
in artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser_devices import TABLET, device, new_game
from web.pin_guard import DEVICE_FREE


def guesser_at(browser: Any, server: str, table: Any) -> Any:
    """Another device on the table's page (no table cookie), its host sheet open."""
    guesser = device(browser, TABLET, "en", server)
    guesser.goto(table.url)
    guesser.wait_for_selector("html[data-ready]")
    guesser.click("[data-open=host]")
    guesser.fill("#host-pin", "000000")
    return guesser


def test_the_table_shows_wrong_host_pins_entered_elsewhere_until_dismissed(server, browser,
                                                                          artifacts: Path):
    table = device(browser, TABLET, "en", server)
    new_game(table, server)
    guesser = guesser_at(browser, server, table)
    notice = table.locator("#pin-notice p")
    expect(notice).to_be_hidden()

    guesser.click("[data-host=claim]")
    expect(guesser.locator("#toast")).to_have_text("Wrong host PIN.")
    expect(notice).to_have_text("Someone entered a wrong host PIN once in the last 10 minutes.")
    table.screenshot(path=str(artifacts / "table-pin-notice.png"))

    table.click("[data-pin-seen]")
    expect(notice).to_be_hidden()
    table.reload()
    table.wait_for_selector("html[data-ready]")
    expect(notice).to_be_hidden()

    guesser.click("[data-host=claim]")
    expect(notice).to_have_text("Someone entered a wrong host PIN 2 times in the last 10 minutes.")
    assert table.errors == guesser.errors == []


def test_a_device_that_must_wait_is_told_how_long_in_its_toast(server, browser):
    table = device(browser, TABLET, "en", server)
    new_game(table, server)
    guesser = guesser_at(browser, server, table)
    toast = guesser.locator("#toast")
    for _ in range(DEVICE_FREE + 1):
        guesser.click("[data-host=claim]")
        expect(toast).to_have_text("Wrong host PIN.")
        guesser.evaluate("document.getElementById('toast').textContent = ''")
    guesser.click("[data-host=claim]")
    expect(toast).to_have_text("Too many wrong host PINs: try again in 5 seconds.")
    assert guesser.errors == []
