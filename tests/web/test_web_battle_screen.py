"""The battle as the table and the attacker's phone show it, in Chromium: the odds before the
attack is chosen, then the throw, the tray's steppers, the verdict and its Confirm on the
tablet's screen. Screenshots are kept in artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, planning_on_the_table

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
    red.click(f"[data-odds-for=kai] tr[data-armies='1']")
    assert red.inner_text("[data-stepper] output") == "1"
    red.screenshot(path=str(artifacts / "hand-odds.png"), full_page=True)

    tablet.wait_for_selector("#r-decision [data-move]")
    assert odds_shown(tablet, "kai")
    tablet.screenshot(path=str(artifacts / "table-odds.png"))
    blue.wait_for_selector("#r-decision")
    assert blue.locator("[data-odds]").count() == 0
    for page in (tablet, red, blue):
        assert page.errors == []
