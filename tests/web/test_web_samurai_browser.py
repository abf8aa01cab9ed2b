"""The Samurai played in a real browser (Debian's Chromium driven by Playwright against the
app served on loopback): the host ticks the expansion on the tablet's form, and a phone
takes its valour card's bonus with one tap."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, new_game, phone_sends
from expansion_games import past_the_specials
from test_web_samurai import give_red_a_fourth_region
from web.identity import token
from web.instance import load_secret


def view(page: Any, base: str, game: str) -> dict[str, Any]:
    return page.request.get(f"{base}/api/games/{game}/view").json()


def test_a_samurai_game_from_the_form_and_a_valour_bonus_taken_on_the_phone(
        server, db, browser, artifacts: Path):
    """«...может получить один из бонусов на новой верхней карте стопки»: the tablet is
    asked once what card 2 shows (the review's amounts pre-filled); then red, in 4 regions,
    is asked on the phone, in Russian, and one tap takes 2 chests."""
    tablet = device(browser, TABLET, "ru", server)
    new_game(tablet, server, names=("Аня", "Денис", "Женя"), expansions=("samurai",))
    game = tablet.url.split("/table/")[1].split("#")[0]
    assert "Самураи" in tablet.locator("[data-expansions=samurai]").inner_text()

    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    assert api_post(tablet, f"{server}/api/games/{game}/commands",
                    {"type": "count_tray", "counts": {}}).ok
    give_red_a_fourth_region(db, game)
    past_the_specials(lambda colour, command: phone_sends(tablet, server, game, tokens[colour], command),
                      lambda: view(tablet, server, game))
    chests = view(tablet, server, game)["players"][0]["chests"]

    asked = tablet.locator("[data-printed]")
    asked.wait_for()
    assert asked.locator("select[name='samurai.card2.chests']").input_value() == "2"
    tablet.screenshot(path=str(artifacts / "samurai-printed-table.png"))
    asked.get_by_role("button", name="Так на наших картах").click()
    asked.wait_for(state="detached")

    red = device(browser, PHONE, "ru", server)
    red.goto(f"{server}/hand/{game}/{tokens['red']}")
    offer = red.locator("[data-valour-offer=red]")
    offer.wait_for()
    red.screenshot(path=str(artifacts / "samurai-valour-phone.png"))
    offer.get_by_role("button", name="2 сундука").click()
    offer.wait_for(state="detached")
    assert view(tablet, server, game)["players"][0]["chests"] == chests + 2
    assert red.errors == [] and tablet.errors == []
