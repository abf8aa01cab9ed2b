"""Tenno's Court in a real browser (Debian's Chromium driven by Playwright against the app
served on loopback): the host ticks it on the tablet's form, a phone lays a province card and
an official card in the exchange cells by tapping, and takes a favour card in the palace."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, hand_in, new_game, phone_sends
from web.identity import token
from web.instance import load_secret


def view(page: Any, base: str, game: str) -> dict[str, Any]:
    return page.request.get(f"{base}/api/games/{game}/view").json()


def test_a_phone_fills_the_exchange_cells_and_takes_a_favour_card(server, db, browser,
                                                                   artifacts: Path):
    """«Варвара разместила карту провинции Кай ... в ячейке с действием «Обменять 3 армии на 3
    чиновников»»: here red lays Suruga (5 armies) in cell 3 and an official card in cell 2
    (no red army in the tray: not done), so 2 + 3 officials wait at court; then red takes the
    first card on offer with one tap."""
    tablet = device(browser, TABLET, "ru", server)
    new_game(tablet, server, names=("Аня", "Денис", "Женя"), expansions=("tenno",))
    game = tablet.url.split("/table/")[1].split("#")[0]
    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    assert api_post(tablet, f"{server}/api/games/{game}/commands",
                    {"type": "count_tray", "counts": {"red": 2}}).ok

    red = device(browser, PHONE, "ru", server)
    red.goto(f"{server}/hand/{game}/{tokens['red']}")
    red.locator("[data-court]").wait_for()
    red.click("[data-plan] .pcard[data-prov=suruga]")
    red.click("[data-plan] .slot[data-action=court3]")
    red.click("[data-plan] .pcard[data-prov='@official1']")
    red.click("[data-plan] .slot[data-action=court2]")
    red.click("[data-plan] .chest[data-chests='2']")
    red.screenshot(path=str(artifacts / "tenno-plan-phone.png"))
    hand_in(red)
    red.locator("[data-plan]").wait_for(state="detached")
    for colour in ("blue", "yellow"):
        phone_sends(tablet, server, game, tokens[colour],
                    {"type": "plan", "player": colour, "actions": {}, "bid": {"chests": 0}})
    while (seen := view(tablet, server, game))["pending"]["kind"] == "special":
        p = seen["pending"]
        phone_sends(tablet, server, game, tokens[p["player"]],
                    {"type": "choose_special", "player": p["player"], "slot": min(p["free"])})
    assert seen["pending"]["kind"] == "favour" and seen["pending"]["player"] == "red"
    assert seen["palace"]["officials"]["red"] == {"supply": 2, "waiting": 0, "audience": 5}
    first = seen["pending"]["offers"][0]

    offer = red.locator("[data-favour-offer=red]")
    offer.wait_for()
    red.screenshot(path=str(artifacts / "tenno-favour-phone.png"))
    offer.locator("button").first.click()
    offer.wait_for(state="detached")
    after = view(tablet, server, game)
    assert after["palace"]["officials"]["red"]["supply"] == 2 + first["price"]
    assert any(n["key"] == "tenno.took" and n["params"]["favour"] == first["favour"]
               for n in after["log"])
    assert red.errors == [] and tablet.errors == []
