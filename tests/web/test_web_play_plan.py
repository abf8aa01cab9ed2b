"""Planning on a phone, in Chromium: a building the province cannot take this round is refused
when the card is laid on its slot, in the player's language, and the slot stays empty, so the
plan is not sent back at "ready"."""
from __future__ import annotations

from browser_devices import PHONE, TABLET, api_post, device, planning_on_the_table
from driving import next_command


def view(tablet, base: str, game: str) -> dict:
    return tablet.request.get(f"{base}/api/games/{game}/view").json()


def send(tablet, base: str, game: str, command: dict) -> None:
    r = api_post(tablet, f"{base}/api/games/{game}/commands", command)
    assert r.ok, r.text()


def test_a_second_castle_in_a_province_is_refused_as_the_card_is_laid(server, browser):
    """Rulebook: at most one building of each type in a province."""
    tablet = device(browser, TABLET, "ru", server)
    game = planning_on_the_table(tablet, server)
    seen = view(tablet, server, game)
    province = next(p for p, v in seen["provinces"].items() if v["owner"] == "red" and not v["buildings"])
    send(tablet, server, game, {"type": "plan", "player": "red", "actions": {"castle": province},
                                "bid": {"chests": 0}})
    while (seen := view(tablet, server, game))["pending"]["kind"] != "plans" or seen["season"] == 0:
        send(tablet, server, game, next_command(seen))
    assert seen["provinces"][province]["buildings"] == ["castle"]

    red = device(browser, PHONE, "ru", server)
    red.goto(tablet.get_attribute("[data-join=red]", "href"))
    red.wait_for_selector("html[data-ready]")
    red.click(f"[data-plan] .pcard[data-prov={province}]")
    red.click("[data-plan] .slot[data-action=castle]")
    red.wait_for_selector("#toast:not([hidden])")
    assert "замок" in red.inner_text("#toast")
    assert red.inner_text("[data-plan] .slot[data-action=castle] .placed") == ""
    red.click(f"[data-plan] .pcard[data-prov={province}]")
    red.click("[data-plan] .slot[data-action=temple]")
    assert red.inner_text("[data-plan] .slot[data-action=temple] .placed") != ""
    assert red.errors == []
