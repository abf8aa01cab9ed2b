"""A special card that says "may" is offered on the phone of the player holding it, in a
real browser (Debian's Chromium driven by Playwright against the app served on loopback)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, device, phone_sends, planning_on_the_table
from web.identity import token
from web.instance import load_secret


def view(page: Any, base: str, game: str) -> dict[str, Any]:
    return page.request.get(f"{base}/api/games/{game}/view").json()


def test_six_armies_is_offered_on_the_phone_and_taken_with_one_tap(server, db, browser,
                                                                   artifacts: Path):
    """«Выполняя действие «Размещение 5 армий», игрок может размещать 6 армий вместо 5.»
    Red plans "deploy 5 armies", bids highest and takes the "6 armies" card; when the action
    comes, red's phone asks, in Russian, and "yes" places 6."""
    tablet = device(browser, TABLET, "ru", server)
    game = planning_on_the_table(tablet, server)
    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    red_province = view(tablet, server, game)["players"][0]["provinces"][0]
    for colour in ("red", "blue", "yellow"):
        plan = {"recruit5": red_province} if colour == "red" else {}
        bid = 4 if colour == "red" else 0
        phone_sends(tablet, server, game, tokens[colour],
                    {"type": "plan", "player": colour, "actions": plan, "bid": {"chests": bid}})
    while (pending := view(tablet, server, game)["pending"])["kind"] == "special":
        slots = view(tablet, server, game)["special_slots"]
        colour = pending["player"]
        slot = slots.index("six_armies") + 1 if colour == "red" else pending["free"][0]
        phone_sends(tablet, server, game, tokens[colour],
                    {"type": "choose_special", "player": colour, "slot": slot})
    before = view(tablet, server, game)["provinces"][red_province]["armies"]

    red = device(browser, PHONE, "ru", server)
    red.goto(f"{server}/hand/{game}/{tokens['red']}")
    offer = red.locator("[data-bonus=six_armies]")
    offer.wait_for()
    assert "6 армий вместо 5" in offer.inner_text()
    red.screenshot(path=str(artifacts / "bonus-six-armies-phone.png"))
    offer.get_by_role("button", name="Да, воспользоваться").click()
    offer.wait_for(state="detached")
    assert view(tablet, server, game)["provinces"][red_province]["armies"] == before + 6
    assert red.errors == []
