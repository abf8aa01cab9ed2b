"""The board steps in Chromium, at a 1280x800 tablet: shown large in the player's colour,
one player's part at a time; "done on the board" brings the next; steps the group chose to
run on by themselves go on without a tap. Screenshots are kept in artifacts/web/."""
from __future__ import annotations

from pathlib import Path

from browser_devices import TABLET, device, new_game, served, stopped


def test_the_set_up_is_shown_large_one_player_at_a_time_until_done_on_the_board(server, browser, artifacts: Path):
    table = device(browser, TABLET, "en", server)
    new_game(table, server, board="tap")
    step = table.wait_for_selector("[data-board-step]")
    assert "Anna" in step.inner_text() and "take the card, place" in step.inner_text()
    heading = table.evaluate("parseFloat(getComputedStyle(document.querySelector('.boardstep h2')).fontSize)")
    line = table.evaluate("parseFloat(getComputedStyle(document.querySelector('.steplines')).fontSize)")
    assert heading >= 36 and line >= 24  # read from across the table
    done = table.locator("[data-board-done]").bounding_box()
    assert done["y"] + done["height"] <= TABLET["height"]
    table.screenshot(path=str(artifacts / "table-board-step.png"))
    table.click("[data-board-done]")
    table.wait_for_selector("[data-board-step][data-index='1']")
    assert "Denis" in table.inner_text(".boardstep h2")
    assert table.errors == []


def test_steps_the_group_lets_run_on_go_by_themselves(db: Path, browser):
    """The pause is the app's configuration: a second here, six at a table."""
    app, httpd, server = served(db, seed=11, BOARD_AUTO_SECONDS=1)
    try:
        table = device(browser, TABLET, "cs", server)
        new_game(table, server, board="auto")
        table.wait_for_selector("[data-board-step][data-index='0'][data-auto='1']")
        table.wait_for_selector("[data-board-step][data-index='1']")
        assert table.errors == []
    finally:
        stopped(app, httpd)
