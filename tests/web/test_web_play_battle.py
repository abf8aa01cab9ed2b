"""The battle screen with the camera counting the tray, in Chromium at a 1280x800 tablet:
the camera stands under the throw, so the steppers and "check the count" stay on screen
without scrolling while the camera is set up."""
from __future__ import annotations

from browser_devices import TABLET, device, new_game


def test_with_the_camera_the_count_and_its_check_stay_on_a_tablets_screen(server, browser):
    table = device(browser, TABLET, "ru", server)
    new_game(table, server, tray="camera")
    table.wait_for_selector("[data-counting] [data-preview]")
    check = table.locator("[data-preview]").bounding_box()
    throw = table.locator(".overlay.battle .throw").bounding_box()
    camera = table.locator(".overlay.battle [data-camera]").bounding_box()
    assert check["y"] + check["height"] <= TABLET["height"]
    assert camera["y"] >= throw["y"] + throw["height"] and camera["x"] < check["x"]
    assert table.errors == []
