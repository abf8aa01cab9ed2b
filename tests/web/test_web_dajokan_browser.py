"""The Dajokan played in a real browser (Debian's Chromium driven by Playwright against the
app served on loopback): the tablet is asked for the board's rows and points, the round's
six tokens lie on the grid, the region leader's phone taps a face-up token, and the
tablet's grid shows the leader's marker in that cell."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, new_game, phone_sends
from expansion_games import past_the_specials
from web.identity import token
from web.instance import load_secret


def view(page: Any, base: str, game: str) -> dict[str, Any]:
    return page.request.get(f"{base}/api/games/{game}/view").json()


def test_the_board_told_on_the_tablet_and_a_token_exchanged_on_the_leaders_phone(
        server, db, browser, artifacts: Path):
    """«Этот игрок может обменять 1 из жетонов ведомств, лежащих на планшете Дадзёкана
    лицевой стороной вверх, на свой маркер игрока.»"""
    tablet = device(browser, TABLET, "ru", server)
    new_game(tablet, server, names=("Аня", "Денис", "Женя"), expansions=("dajokan",))
    game = tablet.url.split("/table/")[1].split("#")[0]
    assert api_post(tablet, f"{server}/api/games/{game}/commands",
                    {"type": "count_tray", "counts": {}}).ok

    form = tablet.locator("[data-printed]")
    form.wait_for()
    form.locator("select[name='dajokan.rows']").select_option("6")
    form.locator("[data-printed-go]").click()
    tablet.locator("select[name='dajokan.column.6']").wait_for()
    for select in tablet.locator("[data-printed] select").all():
        select.select_option("2")
    tablet.screenshot(path=str(artifacts / "dajokan-board-asked.png"))
    tablet.locator("[data-printed-go]").click()
    tablet.locator(".dgrid td.d-up").first.wait_for()
    assert tablet.locator(".dgrid td.d-up").count() == 6

    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    past_the_specials(lambda colour, command: phone_sends(tablet, server, game, tokens[colour], command),
                      lambda: view(tablet, server, game))
    pending = view(tablet, server, game)["pending"]
    assert pending["kind"] == "dajokan"
    leader, cell = pending["player"], pending["cells"][0]
    phone = device(browser, PHONE, "ru", server)
    phone.goto(f"{server}/hand/{game}/{tokens[leader]}")
    claim = phone.locator(f"[data-dajokan-claim={leader}]")
    claim.wait_for()
    phone.screenshot(path=str(artifacts / "dajokan-claim-phone.png"))
    row, column = cell.split("-")
    claim.get_by_role("button", name=f"ряд {row}, столбец {column}", exact=True).click()
    phone.locator(f'[data-cell="{cell}"] button').wait_for(state="detached")
    assert view(tablet, server, game)["dajokan"]["cells"][cell] == leader
    tablet.reload()
    tablet.wait_for_selector("html[data-ready]")
    tablet.locator(f'.dgrid td[data-cell="{cell}"][data-held="{leader}"]').wait_for()
    tablet.screenshot(path=str(artifacts / "dajokan-grid-table.png"))
    assert phone.errors == [] and tablet.errors == []
