"""The Generals played in a real browser (Debian's Chromium driven by Playwright against the
app served on loopback): the host ticks the expansion, red's phone places the general and,
after the round, moves it to an adjacent province leaving a statue, which the tablet's map
then shows in red's colour."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, new_game, phone_sends
from expansion_games import past_the_specials
from web.identity import token
from web.instance import load_secret


def view(page: Any, base: str, game: str) -> dict[str, Any]:
    return page.request.get(f"{base}/api/games/{game}/view").json()


def test_a_general_placed_and_moved_on_the_phone_leaves_a_statue_on_the_map(
        server, db, browser, artifacts: Path):
    """«Если генерал переместился в соседнюю провинцию ... игрок может разместить в
    провинции, которую генерал только что покинул, жетон статуи»: red places the general
    in Suruga, then moves it to the adjacent Izu with a statue left in Suruga."""
    tablet = device(browser, TABLET, "ru", server)
    new_game(tablet, server, names=("Аня", "Денис", "Женя"), expansions=("generals",))
    game = tablet.url.split("/table/")[1].split("#")[0]

    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    assert api_post(tablet, f"{server}/api/games/{game}/commands",
                    {"type": "count_tray", "counts": {}}).ok
    past_the_specials(lambda colour, command: phone_sends(tablet, server, game, tokens[colour], command),
                      lambda: view(tablet, server, game))

    red = device(browser, PHONE, "ru", server)
    red.goto(f"{server}/hand/{game}/{tokens['red']}")
    choice = red.locator("[data-general-choice=red]")
    choice.wait_for()
    choice.get_by_role("button", name="Суруга", exact=True).click()
    choice.wait_for(state="detached")
    for colour in ("blue", "yellow"):
        pending = view(tablet, server, game)["pending"]
        phone_sends(tablet, server, game, tokens[colour],
                    {"type": "general", "player": colour, "province": pending["provinces"][0]})

    choice.wait_for()
    red.screenshot(path=str(artifacts / "generals-move-phone.png"))
    choice.get_by_role("button", name="Идзу, статуя в Суруга").click()
    choice.wait_for(state="detached")
    seen = view(tablet, server, game)
    assert seen["generals"]["red"] == "izu" and seen["statues"] == {"suruga": ["red"]}
    tablet.reload()
    tablet.wait_for_selector("html[data-ready]")
    tablet.locator('[data-province=suruga] [data-statue=red]').wait_for()
    tablet.locator('[data-province=izu] [data-general=red]').wait_for()
    tablet.screenshot(path=str(artifacts / "generals-map-table.png"))
    assert red.errors == [] and tablet.errors == []
