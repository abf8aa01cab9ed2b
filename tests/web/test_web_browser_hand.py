"""The hands in a real browser beyond the first round: the province draft played from three
phones, pass-the-tablet planning behind the hand-over screen, and planning by dragging
cards with a finger.

Debian's Chromium driven by Playwright against the app served by waitress on loopback, as
in test_web_browser.py (whose devices and tray counting are reused). Screenshots are kept
in artifacts/web/.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from fingers import Finger, touch_phone
from browser_devices import PHONE, TABLET, api_post, count_tray, device, hand_in, new_game
from web_devices import PIN
from web.identity import token
from web.instance import load_secret

COLOURS = ("red", "blue", "yellow")


def planning_game(browser: Any, base: str) -> tuple[Any, str]:
    """A game made through the API by a tablet that stays its table, the tower loaded:
    the first round's plans are awaited."""
    tablet = device(browser, TABLET, "en", base)
    players = [{"colour": c, "name": n} for c, n in zip(COLOURS, ("Anna", "Denis", "Zhenya"))]
    r = api_post(tablet, f"{base}/api/games", {"players": players, "pin": PIN,
                                                       "setup": "recommended"})
    game = r.json()["game_id"]
    r = api_post(tablet, f"{base}/api/games/{game}/commands",
                            data={"type": "count_tray", "counts": {}})
    assert r.ok, r.json()
    return tablet, game


def placed(page: Any, action: str) -> Any:
    return page.locator(f".slot[data-action={action}] .placed")


def test_a_phone_plans_by_dragging_cards_onto_the_slots_and_the_bid(server, db, browser,
                                                                    artifacts: Path):
    """A finger drags province cards onto action slots and the bid slot: a copy of the card
    follows it, the slot under it lights up, and letting go places the card as tapping
    would; a drag let go over no slot changes nothing; tapping still works."""
    tablet, game = planning_game(browser, server)
    red = touch_phone(browser, "en", server)
    red.goto(f"{server}/hand/{game}/{token(load_secret(db), game, 'red')}")
    red.wait_for_selector("[data-plan]")
    finger = Finger(red)

    finger.down(".pcard[data-prov=owari]")
    finger.onto(".slot[data-action=taxes]")
    red.wait_for_selector(".ghost")
    red.wait_for_selector(".slot[data-action=taxes].over")
    finger.up()
    expect(placed(red, "taxes")).to_have_text("Owari")
    expect(red.locator(".ghost, .slot.over")).to_have_count(0)

    # Moving a placed card to another slot empties the first, exactly as tapping does.
    finger.down(".pcard[data-prov=owari]")
    finger.onto(".slot[data-action=rice]")
    finger.up()
    expect(placed(red, "rice")).to_have_text("Owari")
    expect(placed(red, "taxes")).to_have_text("")

    # A drag let go over no slot changes nothing.
    plan = "JSON.stringify(Object.entries(sessionStorage))"
    before = red.evaluate(plan)
    finger.down(".pcard[data-prov=suruga]")
    finger.onto(".plan .hint")
    red.wait_for_selector(".ghost")
    finger.up()
    expect(red.locator(".ghost")).to_have_count(0)
    assert red.evaluate(plan) == before
    assert red.locator(".pcard.on, .pcard.used").count() == 1

    # Tapping still works: the card, then the slot.
    red.tap(".pcard[data-prov=suruga]")
    red.tap(".slot[data-action=battle1]")
    expect(placed(red, "battle1")).to_have_text("Suruga")

    # The bid slot lies below the fold: the page scrolls while the finger waits at the edge.
    red.evaluate("window.scrollTo(0, 0)")
    assert finger.centre(".slot[data-action=bid]")[1] > PHONE["height"]
    finger.down(".pcard[data-prov=mino]")
    finger.onto(".slot[data-action=bid]")
    red.wait_for_selector(".slot[data-action=bid].over")
    assert red.evaluate("scrollY") > 0
    red.screenshot(path=str(artifacts / "hand-drag.png"))
    finger.up()
    expect(placed(red, "bid")).to_have_text("Mino")

    hand_in(red, tap=True)
    red.wait_for_selector(".myplan")
    mine = red.inner_text(".myplan").splitlines()
    assert mine[1:3] == ["seize rice: Owari", "battle/move I: Suruga"], mine
    assert mine[-1] == "Bid: Mino"
    assert red.errors == tablet.errors == []


def face_up(page: Any) -> list[str]:
    cards = page.query_selector_all("[data-take=face_up]")
    return [card.get_attribute("data-province") for card in cards]


def pick(page: Any, take: str) -> None:
    """Take the first face-up card (or the top of the deck) with the largest group left: two
    taps, the card and the group."""
    page.click("[data-take=face_up]" if take == "face_up" else "[data-take=deck]")
    page.click(".group")
    page.wait_for_selector("[data-draft]", state="detached")


def test_three_phones_draft_the_provinces_and_the_tablet_loads_the_tower(server, browser,
                                                                        artifacts: Path):
    """Rulebook: from the oldest player clockwise, each takes one of the two face-up province
    cards or the top of the deck and places one army group there; after a deck draw the next
    player may first turn up two new cards. With every group placed, the tower is loaded."""
    table = device(browser, TABLET, "en", server)
    new_game(table, server, setup="draft", names=())
    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("[data-join]")}
    phones = {}
    for colour in COLOURS:
        phones[colour] = device(browser, PHONE, "en", server)
        phones[colour].goto(links[colour])
        phones[colour].wait_for_selector("html[data-ready]")

    # Only the player whose pick it is gets the choice; the groups left are counted.
    red = phones["red"]
    red.wait_for_selector(".yourturn [data-draft]")
    assert phones["blue"].locator("[data-draft]").count() == 0
    assert "×4" in red.inner_text(".group[data-armies='2']")
    assert red.locator("[data-draft-refresh]").count() == 0

    picks = 9 * len(COLOURS)
    for turn in range(picks):
        phone = phones[COLOURS[turn % len(COLOURS)]]
        phone.wait_for_selector(".yourturn [data-draft]")
        if turn == 2:
            # Blue took the top of the deck: yellow turns up two new cards first.
            before = face_up(phone)
            phone.screenshot(path=str(artifacts / "hand-draft.png"), full_page=True)
            phone.click("[data-draft-refresh]")
            phone.wait_for_selector("[data-draft-refresh]", state="detached")
            assert face_up(phone) != before
            assert "turns up new cards" in phone.inner_text("#r-log li:first-child")
        if turn == picks - 1:
            table.screenshot(path=str(artifacts / "table-draft.png"))
        pick(phone, "deck" if turn in (1, picks - 1) else "face_up")

    table.wait_for_selector("[data-counting]")
    verdict = count_tray(table, {})
    assert any("The tower is loaded" in line for line in verdict), verdict
    for colour, phone in phones.items():
        phone.wait_for_selector("[data-plan]")
        assert phone.locator(".provcard").count() == 9, colour
    for page in [table, *phones.values()]:
        assert page.errors == []


def covered(page: Any, selector: str) -> bool:
    """Whether the hand-over screen lies over the middle of ``selector``."""
    return page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return Boolean(hit && hit.closest('#handover')); }", selector)


def test_without_phones_each_plan_is_entered_on_the_tablet_behind_a_hand_over(server, browser,
                                                                              artifacts: Path):
    """Pass the tablet: each player opens their own hand on the table, behind a screen that
    covers it until they say they are alone; handing in the plan returns to the table, and
    neither the next hand nor "back" shows the previous player's choices. Then the bids are
    revealed on the table."""
    table = device(browser, TABLET, "en", server)
    new_game(table, server, pass_tablet=True)
    count_tray(table, {})

    bids = {"Anna": 2, "Denis": 0, "Zhenya": 1}
    for turn, (name, chests) in enumerate(bids.items()):
        table.wait_for_selector("[data-plan]", state="detached")
        table.click(f"#r-decision a[href*='handover=1']:has-text('{name}')")
        table.wait_for_selector("#handover:not([hidden])")
        assert f"For {name} only" in table.inner_text("#handover")
        if turn == 1:
            # Not Denis at the tablet after all: back to the table, nothing shown.
            table.click("#handover [data-handover-back]")
            table.wait_for_selector("#r-decision a[href*='handover=1']")
            table.click(f"#r-decision a[href*='handover=1']:has-text('{name}')")
            table.wait_for_selector("#handover:not([hidden])")
        assert covered(table, "[data-plan] .pcard")
        if turn == 0:
            table.screenshot(path=str(artifacts / "table-handover.png"))
        table.click("#handover [data-close]")
        assert not covered(table, "[data-plan] .pcard")
        assert table.locator(".slot.filled, .pcard.used, .chest.on, .myplan").count() == 0
        if turn == 0:
            # A mouse drags the card here, as on a tablet with a mouse or a stylus.
            table.drag_and_drop("[data-plan] .pcard >> nth=0", ".slot[data-action=taxes]")
            expect(table.locator(".slot.filled")).to_have_count(1)
            assert table.locator(".pcard.on").count() == 0
        table.click(f".chest[data-chests='{chests}']")
        hand_in(table)
        table.wait_for_url("**/table/*")
        table.wait_for_selector("html[data-ready]")
        if turn == 0:
            table.go_back()
            assert "/hand/" not in table.url
            table.wait_for_selector("html[data-ready]")

    # The reveal: every bid at once, on the table.
    for colour, chests in zip(COLOURS, bids.values()):
        table.wait_for_selector(f"td[data-bid={colour}]")
        assert table.inner_text(f"td[data-bid={colour}]").endswith(str(chests))
    table.screenshot(path=str(artifacts / "table-reveal.png"))
    assert table.errors == []


def test_a_plan_with_most_slots_empty_asks_once_and_a_second_tap_on_ready_is_no_error(server, db, browser):
    """Two actions planned of the ten a player with nine provinces could: Ready asks, in the
    phone's language, and the next tap hands the plan in as it is. Ready tapped once more on
    a slow screen, after the plan went in, shows no error."""
    tablet, game = planning_game(browser, server)
    red = device(browser, PHONE, "ru", server)
    red.goto(f"{server}/hand/{game}/{token(load_secret(db), game, 'red')}")
    red.wait_for_selector("[data-plan]")
    red.click(".pcard[data-prov=owari]")
    red.click(".slot[data-action=taxes]")
    red.click(".chest[data-chests='1']")
    red.click("[data-submit-plan]")
    assert "Запланировано только 1" in red.inner_text("[data-submit-plan]")
    assert red.locator("[data-plan]").count() == 1
    red.evaluate("""() => { window.toasts = 0; new MutationObserver(() => {
        if (!document.getElementById('toast').hidden) window.toasts += 1; })
        .observe(document.getElementById('toast'), {attributes: true}); }""")
    red.click("[data-submit-plan]")
    red.wait_for_selector("[data-plan]", state="detached")
    assert red.evaluate("""async () => { await TC.send({type: "plan", player: "red", actions: {}, bid: {chests: 0}},
        ["plan.already_submitted"]).catch(() => {}); return window.toasts; }""") == 0
    assert red.errors == []
