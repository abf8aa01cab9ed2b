"""Edo at a real table in a real browser: the tablet makes the game and tells what the box
prints; three phones (ru, cs, ru) plan in secret by tapping an action on a card, a place on
the planning board and officials onto it; the table shows who is ready and then the
officials before the face-down cards; the cards are turned up one by one from the phones, a
samurai is sent to a border post and kept for a rice; the next round begins. Until Blue's
card is turned up no other screen names its action. Passing the tablet, each plan is made
behind the hand-over screen. Screenshots (1280x800, 412x915) go to artifacts/web/."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_devices import PHONE, TABLET, api_post, device, settle
from edo_table import EVERYTHING, at_income
from web_devices import PIN

PLAYERS = [{"seat": "blue", "name": "Аня"}, {"seat": "red", "name": "Petra"},
           {"seat": "green", "name": "Денис"}]
PHONES = {"blue": "ru", "red": "cs", "green": "ru"}
PLANS = {"blue": [("card2", "produce_rice", 1), ("card1", "money", 2), ("card3", "build", 0)],
         "red": [("card1", "travel", 1), ("card2", "develop", 0), ("card3", "money", 2)],
         "green": [("card1", "money", 1), ("card2", "develop", 0), ("card3", "build", 0)]}
HIDDEN = ("Рисовые поля", "Rýžová pole")


def plan_by_taps(page: Any, seat: str) -> None:
    """An action on a card, then its place on the board; then + once per official."""
    page.wait_for_selector("[data-plan]")
    for i, (card, action, officials) in enumerate(PLANS[seat]):
        page.click(f"[data-plan] .pick[data-card={card}][data-action={action}]")
        page.click(f"[data-slot-card='{i}']")
        for _ in range(officials):
            page.click(f"[data-more='{i}']")
    page.click("[data-submit-plan]")


def tell_printed(table: Any) -> None:
    """The table enters what its box prints, as the form asks (not the roads: D31's later)."""
    for select in table.query_selector_all("#r-decide select[data-key]"):
        select.select_option(str(EVERYTHING[select.get_attribute("data-key")]))
    table.click("#r-decide [data-edo-go]")
    table.wait_for_selector("#r-decide form.printed", state="detached")
    if table.locator("#r-decide form.roads").count():
        # A new install is asked the board's roads: this group counts its steps itself.
        table.click("#r-decide [data-roads-later]")
        table.wait_for_selector("#r-decide form.roads", state="detached")


def made(table: Any, server: str, players: list[dict], **options: Any) -> str:
    answer = api_post(table, f"{server}/api/games", {"game": "edo", "players": players, "pin": PIN, **options})
    assert answer.status == 201, answer.text()
    table.goto(server + answer.json()["table"])
    table.wait_for_selector("html[data-ready]")
    table.wait_for_selector("#r-decide form.printed")
    return answer.json()["game_id"]


def test_a_round_of_edo_with_a_tablet_and_three_phones(server, browser, artifacts: Path):
    table = device(browser, TABLET, "ru", server)
    made(table, server, PLAYERS)
    tell_printed(table)
    table.wait_for_selector(".status[data-phase=planning][data-round='1']")

    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("a[data-join]")}
    hands = {seat: device(browser, PHONE, lang, server, has_touch=True) for seat, lang in PHONES.items()}
    for seat, page in hands.items():
        page.goto(links[seat])
        page.wait_for_selector("html[data-ready]")

    # «до 4 раз»: hiring is carried out once; a second official is refused, in Czech.
    red = hands["red"]
    red.click("[data-plan] .pick[data-card=card1][data-action=hire]")
    red.click("[data-slot-card='0']")
    red.click("[data-more='0']")
    red.click("[data-more='0']")
    assert "nejvýše" in red.inner_text("#toast")
    assert red.locator("[data-figs='0'] .off").count() == 1
    assert red.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    red.screenshot(path=str(artifacts / "edo-hand-plan-cs.png"))
    red.click("[data-slot-card='0']")  # a tap on a filled place takes its card back
    assert red.locator("[data-slot='0'].filled").count() == 0

    for seat in ("blue", "red"):
        plan_by_taps(hands[seat], seat)
        hands[seat].wait_for_selector("[data-plan-handed-in]")
        table.wait_for_selector(f"[data-plan-in={seat}]")
    assert table.locator("[data-planning=green]").count() == 1
    plan_by_taps(hands["green"], "green")
    table.wait_for_selector(".status[data-phase=execution]")
    settle(list(hands.values()), table)
    table.screenshot(path=str(artifacts / "edo-table-planned.png"))
    for page in [table, hands["red"], hands["green"]]:
        assert not any(word in page.inner_text(".edo") for word in HIDDEN)
    # «поставить 1 чиновника на поле планирования перед этой картой», as the table sees it.
    blue_first = table.locator("[data-card='blue-0']")
    assert blue_first.get_attribute("data-card-state") == "down"
    assert blue_first.locator(".off").count() == 1

    # The cards are turned up one by one: every left card in turn order, then the middle...
    while table.locator(".status[data-phase=execution]").count():
        turn = table.locator("[data-turn]")
        seat, slot = turn.get_attribute("data-turn"), turn.get_attribute("data-slot")
        page = hands[seat]
        page.wait_for_selector(f"[data-my-turn='{slot}']")
        page.click("[data-reveal]")
        page.wait_for_selector(f"[data-my-turn='{slot}']", state="detached")
        settle([table], page)  # the table has the card turned up before it is read
        if table.locator("#r-decide form.printed").count():
            # A resource card turned up: its yields are asked the first time they matter.
            page.wait_for_selector("[data-waiting-table]")
            tell_printed(table)
            settle([page], table)
        if page.locator("form.act").count():
            if page.get_attribute("form.act", "data-act") == "travel":
                page.click("form.act .chip:has(input[name=place][value=post1])")
                page.click("form.act [data-edo-go]")
            else:
                page.click("form.act [data-cmd]")
            page.wait_for_selector("form.act", state="detached")
        settle([table], page)  # the table has what this phone did before the next turn is read
        if (seat, slot) == ("blue", "0"):
            assert table.locator("[data-card='blue-0']").get_attribute("data-card-state") == "up"
            assert "Рисовые поля" in table.inner_text("[data-card='blue-0']")

    # Wages: Red keeps the samurai he sent to the border post, for 1 rice.
    red.wait_for_selector("form.wages")
    red.click("form.wages .chip")
    red.click("form.wages [data-edo-go]")
    table.wait_for_selector(".status[data-phase=planning][data-round='2']")
    table.wait_for_selector("[data-location=post1] [data-samurai]")
    red.wait_for_selector("[data-samurai]")
    assert "Hraniční stanoviště 1" in red.inner_text("[data-samurai]")
    settle(list(hands.values()), table)
    table.screenshot(path=str(artifacts / "edo-table-round-2.png"))
    hands["blue"].screenshot(path=str(artifacts / "edo-hand-ru.png"))
    assert "Раунд 2" in table.inner_text(".status")
    for page in [table, *hands.values()]:
        assert page.errors == []


def test_passing_the_tablet_each_plan_is_made_behind_the_hand_over_screen(server, browser):
    """Every player plans in turn on the one tablet: his hand opens covered, his plan goes in
    and the table comes back; the next hand shows nothing of it."""
    table = device(browser, TABLET, "ru", server)
    made(table, server, PLAYERS[:2], pass_tablet=True)
    tell_printed(table)
    for seat in ("blue", "red"):
        table.click(f"#r-decide [data-pass-to={seat}]")
        table.wait_for_selector("#handover:not([hidden])")
        table.click("#handover [data-close]")
        plan_by_taps(table, seat)
        table.wait_for_url("**/table/**")
        table.wait_for_selector("html[data-ready]")
        if seat == "blue":
            assert table.locator("[data-pass-to=blue]").count() == 0
            assert not any(word in table.inner_text(".edo") for word in HIDDEN)
            table.click("#r-decide [data-pass-to=red]")
            table.wait_for_selector("#handover:not([hidden])")
            assert table.locator("[data-plan] .pick.planned").count() == 0
            assert "Рисовые поля" not in table.inner_text("[data-plan] .pslots")
            table.go_back()
            table.wait_for_selector("html[data-ready]")
    table.wait_for_selector(".status[data-phase=execution]")
    assert table.locator("[data-card='blue-0']").get_attribute("data-card-state") == "down"
    assert table.errors == []


def income_notes(table: Any, server: str, game: str) -> list[tuple[str, Any]]:
    log = table.request.get(f"{server}/api/games/{game}/view").json()["log"]
    return [(n["key"], n["params"].get("n")) for n in log if n["key"].startswith("edo.income")]


def test_a_citys_split_is_read_off_the_board_once_then_its_profit_is_one_tap(server, browser, db,
                                                                            artifacts: Path):
    """D30 on a Czech tablet: the first time 8 ryo are split between two builders the form
    offers the rulebook's example to check against the board and keeps what is confirmed; the
    next round the city's profit is offered again with the shares from the income table."""
    table = device(browser, TABLET, "cs", server)
    game = made(table, server, PLAYERS[:2])
    tell_printed(table)
    table.wait_for_selector(".status[data-phase=planning]")
    at_income(db, game, "city1", ("house", "blue"), ("house", "red"))
    form = "#r-decide form[data-income]"
    table.reload()
    table.wait_for_selector(form)
    shares = f"{form} input[name^='amounts.']"
    table.select_option(f"{form} select[data-profit]", "9")
    assert table.is_visible(f"{form} [data-shares-unknown]")
    assert [i.input_value() for i in table.query_selector_all(shares)] == ["", ""]
    table.select_option(f"{form} select[data-profit]", "8")
    assert [i.input_value() for i in table.query_selector_all(shares)] == ["6", "2"]
    assert "Příklad z pravidel" in table.inner_text(f"{form} [data-shares-example]")
    assert table.is_checked(f"{form} [data-shares-read]")
    table.screenshot(path=str(artifacts / "edo-income-cs.png"))
    table.click(f"{form} [data-edo-go]")
    table.wait_for_selector(form, state="detached")
    assert income_notes(table, server, game) == [("edo.income_told", 2), ("edo.income", 6), ("edo.income", 2)]

    at_income(db, game, "city1")
    table.reload()
    table.wait_for_selector(form)
    assert table.eval_on_selector(f"{form} select[data-profit]", "s => s.value") == "8"
    assert table.is_visible(f"{form} [data-shares-known]")
    assert not table.is_checked(f"{form} [data-shares-read]")
    assert [i.input_value() for i in table.query_selector_all(shares)] == ["6", "2"]
    table.click(f"{form} [data-edo-go]")
    table.wait_for_selector(form, state="detached")
    assert income_notes(table, server, game)[3:] == [("edo.income", 6), ("edo.income", 2)]
    assert table.errors == []
