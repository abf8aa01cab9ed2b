"""The board step at the table, in Chromium at a 1280x800 tablet: it stands at the side and
leaves the map in view with the provinces it touches marked, so the group finds them on the
real board; over another screen (the tower's count) it takes the whole screen."""
from __future__ import annotations

from pathlib import Path

from browser_devices import TABLET, device, new_game


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_a_draft_pick_is_shown_beside_the_map_with_its_province_marked(server, browser, artifacts: Path):
    table = device(browser, TABLET, "ru", server)
    new_game(table, server, setup="draft", board="tap")
    table.click("#r-decision [data-draft] [data-take=face_up]")
    table.click("#r-decision [data-draft] [data-armies]")
    step = table.wait_for_selector("[data-board-step]")
    province = step.get_attribute("data-places")
    assert province and " " not in province
    table.wait_for_selector(f"svg.board [data-place={province}].on-step")
    panel, board = box(table, "[data-board-step]"), box(table, "svg.board")
    assert panel["x"] >= board["x"] + board["width"] - 1  # the map is not under the step
    assert panel["height"] >= TABLET["height"] - 1
    table.screenshot(path=str(artifacts / "table-board-step-beside-map.png"))
    table.click("[data-board-done]")
    table.wait_for_selector("[data-board-step]", state="detached")
    assert table.locator(".on-step").count() == 0
    assert table.errors == []


def test_a_step_over_the_towers_count_takes_the_whole_screen(server, browser):
    table = device(browser, TABLET, "ru", server)
    new_game(table, server, board="tap")
    table.wait_for_selector("[data-board-step]")
    assert table.locator(".overlay.battle").count() == 1
    panel = box(table, "[data-board-step]")
    assert panel["x"] <= 1 and panel["width"] >= TABLET["width"] - 1
    assert table.errors == []
