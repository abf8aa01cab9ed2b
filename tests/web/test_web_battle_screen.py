"""The battle as the table and the attacker's phone show it, in Chromium: the odds before the
attack is chosen, then the throw, the tray's steppers, the verdict and its Confirm on the
tablet's screen. Screenshots are kept in artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, planning_on_the_table
from web_devices import PIN

ORDER_PLAN = {"red": {"battle1": "suruga"}}


def send(tablet: Any, base: str, game: str, command: dict) -> None:
    r = api_post(tablet, f"{base}/api/games/{game}/commands", command)
    assert r.ok, r.text()


def view(tablet: Any, base: str, game: str) -> dict:
    return tablet.request.get(f"{base}/api/games/{game}/view").json()


def to_reds_attack(tablet: Any, base: str, game: str) -> None:
    """Everyone plans (red attacks from Suruga), takes a special card; red's move is awaited."""
    for colour in ("red", "blue", "yellow"):
        send(tablet, base, game, {"type": "plan", "player": colour,
                                  "actions": ORDER_PLAN.get(colour, {}), "bid": {"chests": 0}})
    while (pending := view(tablet, base, game)["pending"])["kind"] == "special":
        send(tablet, base, game, {"type": "choose_special", "player": pending["player"],
                                  "slot": pending["free"][0]})
    assert pending["kind"] == "move" and pending["player"] == "red"


def odds_shown(page: Any, target: str) -> list[str]:
    page.click(f".target[data-to={target}]")
    table = page.locator(f"[data-odds-for={target}]")
    table.wait_for(state="visible")
    return table.locator("tr.on").all_inner_texts()


def test_the_attacker_and_the_table_see_the_odds_of_each_army_count(server, browser, artifacts: Path):
    tablet = device(browser, TABLET, "en", server)
    game = planning_on_the_table(tablet, server)
    red = device(browser, PHONE, "ru", server)
    blue = device(browser, PHONE, "cs", server)
    red.goto(tablet.get_attribute("[data-join=red]", "href"))
    blue.goto(tablet.get_attribute("[data-join=blue]", "href"))
    to_reds_attack(tablet, server, game)
    armies = view(tablet, server, game)["provinces"]["suruga"]["armies"]

    red.wait_for_selector(".yourturn [data-move]")
    rows = red.locator("[data-odds-for=kai] tbody tr")
    assert rows.count() == armies - 1
    assert odds_shown(red, "kai")[0].split()[0] == str(armies - 1)
    assert "Победа" in red.inner_text("[data-odds-for=kai] thead")
    red.click("[data-stepper] [data-step='-1']")
    red.wait_for_selector(f"[data-odds-for=kai] tr.on[data-armies='{armies - 2}']")
    red.click("[data-odds-for=kai] tr[data-armies='1']")
    assert red.inner_text("[data-stepper] output") == "1"
    red.screenshot(path=str(artifacts / "hand-odds.png"), full_page=True)

    tablet.wait_for_selector("#r-decision [data-move]")
    assert odds_shown(tablet, "kai")
    tablet.screenshot(path=str(artifacts / "table-odds.png"))
    blue.wait_for_selector("#r-decision")
    assert blue.locator("[data-odds]").count() == 0
    for page in (tablet, red, blue):
        assert page.errors == []


def battle_on_the_table(browser: Any, server: str) -> tuple[Any, str]:
    """Red attacks the neutral Kai from Suruga with all but one army (taking any "+1 army" its
    special card offers); the table's battle screen is up."""
    tablet = device(browser, TABLET, "en", server)
    game = planning_on_the_table(tablet, server)
    to_reds_attack(tablet, server, game)
    armies = view(tablet, server, game)["provinces"]["suruga"]["armies"]
    send(tablet, server, game, {"type": "move", "player": "red", "to": "kai", "armies": armies - 1})
    while (pending := view(tablet, server, game)["pending"])["kind"] == "bonus":
        send(tablet, server, game, {"type": "bonus", "player": pending["player"], "take": True})
    tablet.wait_for_selector(".overlay.battle [data-counting]")
    return tablet, game


def assert_on_screen_unscrolled(page: Any, selector: str) -> None:
    """``selector``'s box lies inside the viewport, and neither the page nor the battle
    screen has scrolled."""
    scrolled = page.evaluate("[window.scrollY, document.querySelector('.overlay.battle').scrollTop]")
    box = page.locator(selector).bounding_box()
    assert scrolled == [0, 0]
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= TABLET["width"] and box["y"] + box["height"] <= TABLET["height"]


def test_the_throw_list_and_the_steppers_name_the_colours_in_the_same_order(server, browser):
    tablet, _ = battle_on_the_table(browser, server)
    listed = tablet.eval_on_selector_all(".throw li", "els => els.map(e => e.dataset.colour)")
    thrown = [c for i, c in enumerate(listed) if c not in listed[:i]]
    steppers = tablet.eval_on_selector_all(".counter", "els => els.map(e => e.dataset.colour)")
    assert thrown == steppers[:len(thrown)]
    assert thrown[0] == "red"
    assert tablet.errors == []


def test_the_verdict_and_its_confirm_are_on_the_tablet_screen_without_scrolling(server, browser, artifacts: Path):
    """At 1280x800, after the count is checked, the Confirm button lies inside the viewport
    and neither the page nor the battle screen has scrolled to show it."""
    tablet, _ = battle_on_the_table(browser, server)
    tablet.click(".counter[data-colour=red] [data-inc]")
    tablet.click("[data-preview]")
    tablet.wait_for_selector(".verdict:not([hidden]) li")
    tablet.screenshot(path=str(artifacts / "table-battle-verdict.png"))
    assert_on_screen_unscrolled(tablet, "[data-confirm]")


def test_the_score_names_who_holds_what(server, browser):
    """'4:1' alone does not say whose 4 it is: the verdict's first line names each side."""
    tablet, game = battle_on_the_table(browser, server)
    red = next(p["name"] for p in view(tablet, server, game)["players"] if p["colour"] == "red")
    for _ in range(3):
        tablet.click(".counter[data-colour=red] [data-inc]")
    tablet.click(".counter[data-colour=green] [data-inc]")
    tablet.click("[data-preview]")
    tablet.wait_for_selector(".verdict:not([hidden]) li")
    assert tablet.locator(".verdict .lines li").first.inner_text() == f"Score: {red} 3 : peasants 1"


def test_after_an_undo_the_steppers_show_the_miscount_and_say_what_was_undone(server, browser, artifacts: Path):
    tablet, game = battle_on_the_table(browser, server)
    for _ in range(2):
        tablet.click(".counter[data-colour=red] [data-inc]")
    tablet.click("[data-preview]")
    tablet.wait_for_selector(".verdict:not([hidden]) li")
    decided = tablet.locator(".verdict .lines li").all_inner_texts()
    tablet.click("[data-confirm]")
    tablet.wait_for_selector("[data-counting]", state="detached")

    tablet.click("[data-open=host]")
    tablet.fill("#host-pin", PIN)
    tablet.click("[data-host=undo]")
    tablet.wait_for_selector("[data-undone]:not([hidden])")
    assert tablet.inner_text(".counter[data-colour=red] output") == "2"
    assert tablet.inner_text(".counter[data-colour=green] output") == "0"
    assert "Undone" in tablet.inner_text("[data-undone]")
    assert tablet.locator("[data-undone] .lines li").all_inner_texts() == decided
    tablet.screenshot(path=str(artifacts / "table-battle-undone.png"))

    tablet.click(".counter[data-colour=red] [data-inc]")
    tablet.click("[data-preview]")
    tablet.wait_for_selector(".verdict:not([hidden]) li")
    assert_on_screen_unscrolled(tablet, "[data-confirm]")
    tablet.click("[data-confirm]")
    tablet.wait_for_selector("[data-counting]", state="detached")
    assert view(tablet, server, game)["provinces"]["kai"]["armies"] == 3
    assert tablet.errors == []
