"""The table's map read from across the table, in Debian's Chromium: every province's name
is its own (no two names' boxes overlap, none is under a neighbour's disc or buildings), at
least 16 px on a 1280x800 tablet, the map keeps its size when the actions begin, and the
table page fits a phone's width. The position has every building and unrest in every owned
province, the most a province can carry. Screenshots are kept in artifacts/web/.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import EventStore

from browser_devices import api_post, device, planning_on_the_table

SIZES = [(1280, 800), (1024, 768), (2048, 1536)]
PHONE_SIZE = (390, 844)
DRAWN = """() => { const svg = document.querySelector('svg.board'); const scale = svg.getScreenCTM().a;
  return [Math.round(svg.viewBox.baseVal.width * scale), Math.round(svg.viewBox.baseVal.height * scale)]; }"""

BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return [...document.querySelectorAll('svg.board g.prov')].map((g) => ({
    id: g.dataset.province,
    name: box(g.querySelector('.name')),
    px: parseFloat(getComputedStyle(g.querySelector('.name')).fontSize) * g.getScreenCTM().a,
    marks: [...g.querySelectorAll('.disc, .building, .unrest')].map(box),
  }));
}"""


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clashes(provinces: list[dict[str, Any]]) -> list[str]:
    """Every pair where a name meets another name, or another province's disc or marks."""
    found = []
    for i, p in enumerate(provinces):
        for q in provinces[i + 1:]:
            if overlap(p["name"], q["name"]):
                found.append(f"{p['id']} name / {q['id']} name")
            for a, b in ((p, q), (q, p)):
                if any(overlap(a["name"], m) for m in b["marks"]):
                    found.append(f"{a['id']} name / {b['id']} marks")
                if any(overlap(m, n) for m in a["marks"] for n in b["marks"]):
                    found.append(f"{a['id']} marks / {b['id']} marks")
    return sorted(set(found))


def fully_built(db: Path, game: str) -> None:
    """Every owned province given a castle, a temple, a No theatre and three unrest, written
    as the engine writes such facts, so the table page replays them like any saved game."""
    store = EventStore(db)
    try:
        loaded = store.load(game)
        owned = [p for p, owner in _owners(loaded.records).items() if owner]
        events = [{"type": "building", "province": p, "kind": k, "built": True}
                  for p in owned for k in ("castle", "temple", "theatre")]
        events += [{"type": "unrest", "province": p, "n": 3} for p in owned]
        store.append(game, loaded.writes, loaded.records[-1].seq + 1, {"type": "arranged"},
                     events, store.game(game).summary)
    finally:
        store.close()


def _owners(records: list[Any]) -> dict[str, str | None]:
    owners: dict[str, str | None] = {}
    for record in records:
        for event in record.events:
            if event["type"] == "owner":
                owners[event["province"]] = event["player"]
    return owners


@pytest.fixture
def built_game(server: str, browser: Any, db: Path) -> str:
    tablet = device(browser, {"width": 1280, "height": 800}, "en", server)
    game = planning_on_the_table(tablet, server)
    tablet.context.close()
    fully_built(db, game)
    return game


def table_at(browser: Any, server: str, game: str, size: tuple[int, int], lang: str) -> Any:
    page = device(browser, {"width": size[0], "height": size[1]}, lang, server)
    page.goto(f"{server}/table/{game}")
    page.wait_for_selector("html[data-ready]")
    return page


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_no_province_name_overlaps_another_or_hides_under_a_neighbour(
        server: str, browser: Any, built_game: str, lang: str, artifacts: Path) -> None:
    for size in SIZES:
        page = table_at(browser, server, built_game, size, lang)
        provinces = page.evaluate(BOXES)
        assert len(provinces) == 45
        assert page.locator("svg.board .building").count() > 0
        assert clashes(provinces) == [], (size, lang)
        page.screenshot(path=str(artifacts / f"map-{lang}-{size[0]}x{size[1]}.png"))
        page.context.close()


def test_province_names_are_at_least_16_px_on_a_1280x800_tablet(
        server: str, browser: Any, built_game: str) -> None:
    page = table_at(browser, server, built_game, (1280, 800), "ru")
    smallest = min(p["px"] for p in page.evaluate(BOXES))
    assert smallest >= 16, smallest


def test_the_map_keeps_its_size_when_the_actions_begin(server: str, browser: Any,
                                                       artifacts: Path) -> None:
    """Red attacks from Suruga: the table asks where to, and the board is drawn as large as
    it was while the plans were made."""
    for size in SIZES:
        tablet = device(browser, {"width": size[0], "height": size[1]}, "en", server)
        game = planning_on_the_table(tablet, server)
        planning = tablet.evaluate(DRAWN)
        send = lambda command: api_post(tablet, f"{server}/api/games/{game}/commands", command)
        send({"type": "plan", "player": "red", "actions": {"battle1": "suruga"}, "bid": {"chests": 1}})
        for colour in ("blue", "yellow"):
            send({"type": "plan", "player": colour, "actions": {}, "bid": {"chests": 0}})
        while (pending := tablet.request.get(f"{server}/api/games/{game}/view").json()["pending"])["kind"] == "special":
            send({"type": "choose_special", "player": pending["player"], "slot": pending["free"][0]})
        tablet.wait_for_selector("[data-move]")
        acting = tablet.evaluate(DRAWN)
        assert acting == planning, size
        if size == (1280, 800):
            tablet.screenshot(path=str(artifacts / "map-actions-1280x800.png"))
        tablet.context.close()


@pytest.mark.parametrize("size", [PHONE_SIZE, *SIZES])
def test_the_table_page_is_not_cut_off(server: str, browser: Any, built_game: str,
                                       size: tuple[int, int], artifacts: Path) -> None:
    """Nothing runs off the screen's side, from a phone to a large tablet: the action cards,
    the map and every panel (a phone scrolls down, never sideways)."""
    page = table_at(browser, server, built_game, size, "ru")
    width = size[0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    parts = ["#r-top", "#r-strip", "#r-map", "#r-players", "#r-legend", "#r-log", "svg.board"]
    parts += [f".action >> nth={i}" for i in range(page.locator(".action").count())]
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, part
    assert clashes(page.evaluate(BOXES)) == []
    if size == PHONE_SIZE:
        page.screenshot(path=str(artifacts / "table-phone-390x844.png"), full_page=True)
