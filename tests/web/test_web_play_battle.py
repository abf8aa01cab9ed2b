"""The battle screen with the camera counting the tray, in Chromium at a 1280x800 tablet:
the camera stands under the throw, so the steppers and "check the count" stay on screen
without scrolling while the camera is set up; before the move, the map rings where the army
stands and where it may go."""
from __future__ import annotations

from browser_devices import TABLET, api_post, device, new_game, planning_on_the_table


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


def test_while_an_army_may_move_the_map_rings_where_it_stands_and_where_it_may_go(server, browser):
    tablet = device(browser, TABLET, "ru", server)
    game = planning_on_the_table(tablet, server)
    for colour in ("red", "blue", "yellow"):
        plan = {"battle1": "suruga"} if colour == "red" else {}
        api_post(tablet, f"{server}/api/games/{game}/commands",
                 {"type": "plan", "player": colour, "actions": plan, "bid": {"chests": 0}})
    while (pending := tablet.request.get(f"{server}/api/games/{game}/view").json()["pending"])["kind"] == "special":
        api_post(tablet, f"{server}/api/games/{game}/commands",
                 {"type": "choose_special", "player": pending["player"], "slot": pending["free"][0]})
    tablet.wait_for_selector("#r-decision [data-move]")
    targets = tablet.eval_on_selector_all("#r-decision [data-to]", "els => els.map(e => e.dataset.to)")
    tablet.wait_for_selector("svg.board [data-place=suruga].on-step")
    ringed = tablet.eval_on_selector_all("svg.board .on-step", "els => els.map(e => e.dataset.place)")
    assert sorted(ringed) == sorted(["suruga"] + targets)
    assert tablet.errors == []
