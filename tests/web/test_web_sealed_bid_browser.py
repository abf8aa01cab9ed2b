"""Sealed bids, the second game, at a real table in a real browser.

The tablet creates the game over the API; two phones join from the table's links and the
third seat bids on the tablet itself, passed round the table. All four rounds are bid
through the hands' Bid buttons; until the last bid of a round is in, no other screen shows
an amount (only that a bid was handed in); then every bid flips at once, and the game-over
screen names the winner. Screenshots are kept in artifacts/web/.

Skipped until the web shell mounts game screens (it is being built alongside): the server
must serve the game's own script at /games/sealed_bid/static/hand.js.
"""
from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from browser_devices import PHONE, TABLET, api_post, device, settle
from games import sealed_bid_registered
from web_devices import PIN

@pytest.fixture(autouse=True, scope="module")
def _sealed_bid_registered() -> Iterator[None]:
    with sealed_bid_registered():
        yield

PLAYERS = [{"seat": "north", "name": "Anna"}, {"seat": "east", "name": "Boris"},
           {"seat": "south", "name": "Chloé"}]
PHONES = {"north": "en", "east": "ru"}
PASSED = "south"
# What each seat would like to bid, round by round, in the order the bids are handed in.
WISHES = [{"north": 4, "east": 2, "south": 3}, {"east": 5, "south": 1, "north": 3},
          {"south": 2, "north": 1, "east": 2}, {"north": 2, "east": 0, "south": 4}]


@pytest.fixture
def mounted(server: str) -> str:
    """The server, once it serves the game's screens; a clear skip until then."""
    try:
        urllib.request.urlopen(f"{server}/games/sealed_bid/static/hand.js", timeout=5)
    except urllib.error.HTTPError as err:
        if err.code != 404:
            raise
        pytest.skip("the web shell does not mount game screens yet: "
                    "/games/sealed_bid/static/hand.js answers 404")
    return server


def shows(page: Any, amount: int) -> bool:
    """Whether the game's part of the page shows ``amount`` as a number anywhere."""
    return bool(re.search(rf"(?<!\d){amount}(?!\d)", page.inner_text(".sealed-bid")))


def secret_amount(others: list[Any], held: int, wish: int,
                  taken: int | None = None) -> tuple[int, bool]:
    """The affordable amount nearest ``wish`` (other than ``taken``) that no other screen
    shows yet, so that seeing it there later could only be a leak: (amount, True); or
    (wish within reach, False) when every affordable amount is already on some screen."""
    for amount in sorted(range(held + 1), key=lambda n: (abs(n - wish), n)):
        if amount != taken and not any(shows(page, amount) for page in others):
            return amount, True
    return min(wish, held), False


def still_sealed(bidder: Any, others: list[Any], seat: str, amount: int, unseen: bool,
                 round_: int) -> None:
    """Once the bidder's hand shows its bid, every other screen has caught up with it (the
    table first) and shows it only as handed in."""
    bidder.wait_for_selector(f"#r-hand [data-my-bid='{amount}']")
    settle(others, bidder)
    others[0].wait_for_selector(f"[data-bid-in={seat}]")
    for page in others:
        assert page.locator(f"[data-reveal-round='{round_}']").count() == 0
        if unseen:
            assert not shows(page, amount), f"{seat}'s bid of {amount} shows before the reveal"


def hand_bids(page: Any, seat: str, amount: int) -> None:
    page.fill("[data-bid-input]", str(amount))
    page.click(f"[data-bid={seat}]")


@pytest.mark.seed(7)
def test_three_players_bid_a_whole_game_of_sealed_bids(mounted, browser, artifacts: Path):
    server = mounted
    table = device(browser, TABLET, "en", server)
    r = api_post(table, f"{server}/api/games",
                           data={"game": "sealed_bid", "players": PLAYERS, "pin": PIN})
    assert r.status == 201, r.text()
    game_id = r.json()["game_id"]
    table.goto(server + r.json()["table"])
    table.wait_for_selector("html[data-ready]")

    links = {a.get_attribute("data-join"): a.get_attribute("href")
             for a in table.query_selector_all("a[data-join]")}
    assert set(links) == {p["seat"] for p in PLAYERS}
    assert all(f"/hand/{game_id}/" in link for link in links.values())
    hands = {seat: device(browser, PHONE, lang, server) for seat, lang in PHONES.items()}
    passed = table.context.new_page()
    passed.errors = []
    passed.on("pageerror", lambda exc: passed.errors.append(str(exc)))
    hands[PASSED] = passed
    for seat, page in hands.items():
        page.goto(links[seat])
        page.wait_for_selector("html[data-ready]")
    passed.click("#handover [data-close]")  # a hand on the table opens covered: its player looks
    assert "Anna" in hands["north"].inner_text("#r-hand")

    points = {p["seat"]: 0 for p in PLAYERS}
    for round_, wishes in enumerate(WISHES, start=1):
        table.wait_for_selector(f".status[data-phase=bidding][data-round='{round_}']")
        bids: dict[str, int] = {}
        for turn, (seat, wish) in enumerate(wishes.items()):
            page = hands[seat]
            page.wait_for_selector(f"[data-bid-form][data-round='{round_}']")
            held = int(page.get_attribute("#r-hand [data-coins]", "data-coins"))
            others = [table] + [p for s, p in hands.items() if s != seat]
            last = turn == len(wishes) - 1
            amount, unseen = (min(wish, held), False) if last else \
                secret_amount(others, held, wish)
            hand_bids(page, seat, amount)
            bids[seat] = amount
            if last:
                break
            still_sealed(page, others, seat, amount, unseen, round_)
            if round_ == 1 and turn == 0:
                # A bid may be changed until the last one is in.
                table.screenshot(path=str(artifacts / "sealed-bid-table-sealed.png"))
                page.screenshot(path=str(artifacts / "sealed-bid-hand.png"), full_page=True)
                amount, unseen = secret_amount(others, held, wish - 1, taken=amount)
                hand_bids(page, seat, amount)
                still_sealed(page, others, seat, amount, unseen, round_)
                bids[seat] = amount

        # The last bid is in: every bid shows at once, on every screen.
        table.wait_for_selector(f"#r-reveal [data-reveal-round='{round_}']")
        for seat, amount in bids.items():
            assert table.inner_text(f"[data-revealed-bid={seat}] b") == str(amount)
        for page in hands.values():
            page.wait_for_selector(f"#r-hand [data-reveal-round='{round_}']")
        top = max(bids.values())
        winner = table.locator("[data-reveal-winner]")
        if list(bids.values()).count(top) > 1:
            assert table.locator("[data-reveal-tie]").count() == 1
        else:
            assert winner.get_attribute("data-reveal-winner") == \
                next(s for s, a in bids.items() if a == top)
            points[winner.get_attribute("data-reveal-winner")] += \
                int(winner.get_attribute("data-reveal-points"))
        if round_ == 1:
            table.screenshot(path=str(artifacts / "sealed-bid-table-reveal.png"))

    table.wait_for_selector("[data-result]")
    best = max(points.values())
    expected = {seat for seat, n in points.items() if n == best}
    shown = {el.get_attribute("data-game-winner")
             for el in table.query_selector_all("[data-game-winner]")}
    assert shown == expected
    names = {p["seat"]: p["name"] for p in PLAYERS}
    assert all(names[seat] in table.inner_text("[data-result]") for seat in expected)
    for page in hands.values():
        page.wait_for_selector("#r-hand [data-result]")
        assert page.locator("[data-bid-form]").count() == 0
    table.screenshot(path=str(artifacts / "sealed-bid-table-over.png"))
    hands["east"].screenshot(path=str(artifacts / "sealed-bid-hand-over-ru.png"), full_page=True)

    for page in [table, *hands.values()]:
        assert page.errors == []
