"""Edo at a real table in a real browser: the tablet makes the game and tells what the box
prints; three phones plan in secret; the table shows who is ready and, once all are, the
officials before the face-down cards; the cards are turned up one by one from the phones,
a samurai is sent to a border post and kept for a rice; the next round begins. Until Blue's
card is turned up no other screen names its action. Screenshots go to artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, settle
from edo_table import EVERYTHING
from web_devices import PIN

PLAYERS = [{"seat": "blue", "name": "Anna"}, {"seat": "red", "name": "Борис"},
           {"seat": "green", "name": "Eva"}]
PHONES = {"blue": "en", "red": "ru", "green": "cs"}
PLANS = {"blue": [("card2,produce_rice", 1), ("card1,money", 2), ("card3,build", 0)],
         "red": [("card1,travel", 1), ("card2,develop", 0), ("card3,money", 2)],
         "green": [("card1,money", 1), ("card2,develop", 0), ("card3,build", 0)]}
HIDDEN = "Rice fields"


def plan(page: Any, seat: str) -> None:
    page.wait_for_selector("[data-plan-form]")
    for i, (pick, officials) in enumerate(PLANS[seat]):
        page.select_option(f"select[name='slots.{i}']", pick)
        page.fill(f"input[name='slots.{i}.officials']", str(officials))
    page.click("[data-plan-form] [data-edo-go]")


def tell_printed(table: Any) -> None:
    """The table enters what its box prints, as the form asks."""
    for select in table.query_selector_all("#r-decide select[data-key]"):
        select.select_option(str(EVERYTHING[select.get_attribute("data-key")]))
    table.click("#r-decide [data-edo-go]")
    table.wait_for_selector("#r-decide form.printed", state="detached")


def test_a_round_of_edo_with_a_tablet_and_three_phones(server, browser, artifacts: Path):
    table = device(browser, TABLET, "en", server)
    made = api_post(table, f"{server}/api/games", {"game": "edo", "players": PLAYERS, "pin": PIN})
    assert made.status == 201, made.text()
    table.goto(server + made.json()["table"])
    table.wait_for_selector("html[data-ready]")

    # The install knows nothing yet: the table is asked what its box prints, once.
    table.wait_for_selector("#r-decide form.printed")
    table.screenshot(path=str(artifacts / "edo-table-printed.png"), full_page=True)
    tell_printed(table)
    table.wait_for_selector(".status[data-phase=planning][data-round='1']")

    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("a[data-join]")}
    hands = {seat: device(browser, PHONE, lang, server) for seat, lang in PHONES.items()}
    for seat, page in hands.items():
        page.goto(links[seat])
        page.wait_for_selector("html[data-ready]")

    for seat in ("blue", "red"):
        plan(hands[seat], seat)
        hands[seat].wait_for_selector("[data-plan-handed-in]")
        table.wait_for_selector(f"[data-plan-in={seat}]")
    assert table.locator("[data-planning=green]").count() == 1
    plan(hands["green"], "green")
    table.wait_for_selector(".status[data-phase=execution]")
    settle(list(hands.values()), table)
    table.screenshot(path=str(artifacts / "edo-table-planned.png"), full_page=True)
    for page in [table, hands["red"], hands["green"]]:
        assert HIDDEN not in page.inner_text(".edo") and "Рисовые поля" not in page.inner_text(".edo")
    assert "[face down: 1]" in table.inner_text("[data-card='blue-0']")

    # The cards are turned up one by one: every left card in turn order, then the middle...
    while table.locator(".status[data-phase=execution]").count():
        turn = table.locator("[data-turn]")
        seat, slot = turn.get_attribute("data-turn"), turn.get_attribute("data-slot")
        page = hands[seat]
        page.wait_for_selector(f"[data-my-turn='{slot}']")
        page.click("[data-reveal]")
        page.wait_for_selector(f"[data-my-turn='{slot}']", state="detached")
        settle([page], table)
        if table.locator("#r-decide form.printed").count():
            # A resource card turned up: its yields are asked the first time they matter.
            page.wait_for_selector("[data-waiting-table]")
            tell_printed(table)
            settle([page], table)
        if page.locator("form.act").count():
            if page.get_attribute("form.act", "data-act") == "travel":
                page.select_option("form.act select[name=place]", "post1")
                page.click("form.act [data-edo-go]")
            else:
                page.click("form.act [data-cmd]")
            page.wait_for_selector("form.act", state="detached")
        settle([page], table)
        if (seat, slot) == ("blue", "0"):
            assert HIDDEN in table.inner_text("[data-card='blue-0']")

    # Wages: Red keeps the samurai he sent to the border post, for 1 rice.
    red = hands["red"]
    red.wait_for_selector("form.wages")
    red.check("form.wages input[name=keep]")
    red.click("form.wages [data-edo-go]")
    table.wait_for_selector(".status[data-phase=planning][data-round='2']")
    red.wait_for_selector("[data-samurai]")
    assert "Пограничный пост 1" in red.inner_text("[data-samurai]")
    settle(list(hands.values()), table)
    table.screenshot(path=str(artifacts / "edo-table-round-2.png"), full_page=True)
    red.screenshot(path=str(artifacts / "edo-hand-ru.png"), full_page=True)
    assert "Round 2" in table.inner_text(".status")
    for page in [table, *hands.values()]:
        assert page.errors == []
