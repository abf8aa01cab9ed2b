"""Ivan the Terrible at a real table in a real browser, one decade: the tablet makes the game
and tells the assignment cards' colours; three phones keep a project each in secret; the
boyars go into the chambers in turn with coins under them, then come out, sealing where they
are most significant; the tablet enters the regions' influence and rewards, the leader
chooses on his phone; the next decade begins. No screen but its owner's shows a project hand.
Screenshots go to artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, settle
from ivan_table import COLOURS
from web_devices import PIN

PLAYERS = [{"seat": "white", "name": "Anna"}, {"seat": "black", "name": "Борис"},
           {"seat": "green", "name": "Eva"}]
PHONES = {"white": "en", "black": "ru", "green": "cs"}
KEPT = {"white": "trade", "black": "military", "green": "military"}
PLACED = {"white": [("income", 1), ("projects", 0), ("grants", 0)],
          "black": [("income", 0), ("exchange", 1), ("manoeuvres", 0)],
          "green": [("projects", 2), ("grants", 0), ("exchange", 0)]}


def turn_of(table: Any) -> str:
    return table.get_attribute(".status [data-turn]", "data-turn")


def no_other_hand(pages: list[Any], hand: str) -> None:
    for page in pages:
        assert page.locator(f"[data-hand='{hand}']").count() == 0


def test_a_decade_of_ivan_with_a_tablet_and_three_phones(server, browser, artifacts: Path):
    table = device(browser, TABLET, "en", server)
    made = api_post(table, f"{server}/api/games", {"game": "ivan", "players": PLAYERS, "pin": PIN})
    assert made.status == 201, made.text()
    table.goto(server + made.json()["table"])
    table.wait_for_selector("html[data-ready]")

    # A new install is asked the assignment cards' colours, once; black is suggested.
    table.wait_for_selector("#r-decide form.printed")
    for select in table.query_selector_all("#r-decide select[data-key]"):
        select.select_option(COLOURS[select.get_attribute("data-key")])
    table.click("#r-decide [data-ivan-go]")
    table.wait_for_selector(".status[data-phase=keep]")

    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("a[data-join]")}
    hands = {seat: device(browser, PHONE, lang, server) for seat, lang in PHONES.items()}
    for seat, page in hands.items():
        page.goto(links[seat])
        page.wait_for_selector("html[data-ready]")
    for seat, page in hands.items():
        page.click(f"[data-keep-kind={KEPT[seat]}]")
        page.wait_for_selector(f"[data-hand='{KEPT[seat]}']")
    table.wait_for_selector(".status[data-phase=planning][data-decade='1']")
    settle(list(hands.values()), table)
    no_other_hand([table, hands["black"], hands["green"]], "trade")

    # Planning: clockwise from the first player, one boyar a turn, coins under it.
    while table.locator(".status[data-phase=planning]").count():
        seat = turn_of(table)
        page = hands[seat]
        page.wait_for_selector("[data-place-form]")
        chamber, coins = PLACED[seat].pop(0)
        page.select_option("[data-place-form] select[name=chamber]", chamber)
        page.fill("[data-place-form] input[name=coins]", str(coins))
        page.click("[data-place-form] [data-ivan-go]")
        page.wait_for_selector("[data-place-form]", state="detached")
        settle([table], page)
    table.wait_for_selector(".status[data-phase=actions]")
    assert table.get_attribute("[data-chamber=projects]", "data-top") == "green"
    table.screenshot(path=str(artifacts / "ivan-table-kremlin.png"), full_page=True)

    # Actions: each turn a boyar comes out, sealing where it may; Income and Projects act.
    while table.locator(".status[data-phase=actions]").count():
        seat = turn_of(table)
        page = hands[seat]
        page.wait_for_selector("[data-my-turn][data-chamber='']")
        seal = page.locator("[data-seal]")
        (seal if seal.count() else page.locator("[data-leave]")).first.click()
        page.wait_for_selector("[data-my-turn]:not([data-chamber=''])")
        chamber = page.get_attribute("[data-my-turn]", "data-chamber")
        if chamber == "income":
            page.fill("input[name='cities.0.coins']", "2")
            page.click("form[data-compact] [data-ivan-go]")
            page.wait_for_selector("form[data-compact]", state="detached")
        if chamber == "projects" and seat == "white":
            page.select_option("form:has(select[name=source]) select[name=kind]", "military")
            page.select_option("select[name=source]", "deck")
            page.click("form:has(select[name=source]) [data-ivan-go]")
            page.wait_for_selector("[data-hand='trade military']")
        page.click("[data-done]")
        page.wait_for_selector("[data-my-turn]", state="detached")
        settle([table], page)
    settle(list(hands.values()), table)
    no_other_hand([table, hands["black"], hands["green"]], "trade military")

    # The decade's end: the tablet enters each region; the leader chooses on his phone.
    table.wait_for_selector(".status[data-phase=regions]")
    for region in ("east", "south", "west", "north"):
        table.wait_for_selector(f"form.region[data-region={region}]")
        if region == "east":
            table.fill("input[data-key=white]", "3")
            table.fill("input[data-key=black]", "1")
            table.fill("input[name='rewards.0.vp']", "2")
            table.fill("input[name='rewards.1.coins']", "1")
        table.click("form.region [data-ivan-go]")
        if region == "east":
            table.wait_for_selector("[data-chooser=white]")
            hands["white"].wait_for_selector("[data-choose-region=east]")
            hands["white"].click("[data-choose-reward='0']")
    table.wait_for_selector(".status[data-phase=planning][data-decade='2']")
    assert int(table.get_attribute("tr[data-seat=white] [data-vp]", "data-vp")) == 2
    settle(list(hands.values()), table)
    table.screenshot(path=str(artifacts / "ivan-table-decade-2.png"), full_page=True)
    hands["black"].screenshot(path=str(artifacts / "ivan-hand-ru.png"), full_page=True)
    assert "1570s" not in table.inner_text(".status") and "1560s" in table.inner_text(".status")
    for page in [table, *hands.values()]:
        assert page.errors == []
