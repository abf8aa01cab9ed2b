"""The Samurai on the web: the new-game form offers the expansions this install plays,
the table shows which are on, and a phone answers its valour card's bonus."""
from __future__ import annotations

import re
from pathlib import Path

from companion.engine import EventStore
from companion.games.shogun.catalog import load_catalog
from expansion_games import client_past_the_specials, commands_on, made_with_the_form
from web_devices import Phone

def give_red_a_fourth_region(db: Path, game: str) -> None:
    """Red's recommended provinces lie in 3 regions; Kozuke (Northern, neutral) makes 4.
    Written as the engine writes such facts, so the app replays them like any saved game."""
    assert load_catalog().board.provinces["kozuke"].region == "brown"
    store = EventStore(db)
    try:
        loaded = store.load(game)
        events = [{"type": "owner", "province": "kozuke", "player": "red"},
                  {"type": "cubes", "colour": "red", "n": 1, "from": "supply", "to": "kozuke"}]
        store.append(game, loaded.writes, loaded.records[-1].seq + 1, {"type": "arranged"},
                     events, store.game(game).summary)
    finally:
        store.close()


def test_the_form_offers_the_samurai_unticked(table):
    page = table.get("/new/shogun", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="expansion_samurai"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    assert "«Самураи»" in page


def test_the_form_without_the_box_makes_a_base_game(table):
    game = made_with_the_form(table)
    view = table.get(f"/api/games/{game}/view").json
    assert "expansions" not in view


def test_the_form_makes_a_samurai_game_and_the_table_shows_it(table):
    game = made_with_the_form(table, expansion_samurai="1")
    view = table.get(f"/api/games/{game}/view").json
    assert view["expansions"] == ["samurai"]
    table.set_cookie("lang", "cs")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert 'data-expansions="samurai"' in page and "Samurajové" in page
    assert page.count("data-valour=") == 3


def test_a_phone_takes_its_valour_cards_bonus(app, table, db):
    """«...может получить один из бонусов на новой верхней карте стопки»: red's phone shows
    the bonuses of card 2 and "no bonus"; another phone cannot answer for red; red's answer
    takes the chests."""
    game = made_with_the_form(table, expansion_samurai="1")
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {}}).status_code == 200
    give_red_a_fourth_region(db, game)
    view = client_past_the_specials(table, game)
    assert view["pending"]["kind"] == "printed"
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Карта доблести 2: сундуки" in page and "сверьте" in page.lower()
    told = {q["key"]: q["suggested"] for q in view["pending"]["questions"]}
    told["samurai.card2.chests"] = 3
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "printed", "values": told}).status_code == 200
    view = table.get(f"/api/games/{game}/view").json
    assert view["pending"] == {"kind": "valour", "player": "red", "top": 2,
                               "offers": {"chests": 3, "armies": 1}}
    red, blue = Phone(app, game, "red"), Phone(app, game, "blue")
    page = red.client.get(f"/hand/{game}/{red.token}", headers={"Accept-Language": "ru"})
    text = page.get_data(as_text=True)
    assert 'data-valour-offer="red"' in text and "Без бонуса" in text
    assert {"type": "valour", "player": "red", "take": "nothing"} in commands_on(text)
    assert {"type": "valour", "player": "red", "take": "chests"} in commands_on(text)
    assert {"type": "valour", "player": "red", "take": "rice"} not in commands_on(text)
    refused = blue.send({"type": "valour", "player": "red", "take": "chests"})
    assert refused.status_code >= 400
    chests = view["players"][0]["chests"]
    r = red.send({"type": "valour", "player": "red", "take": "chests"})
    assert r.status_code == 200, r.json
    after = table.get(f"/api/games/{game}/view").json
    assert after["players"][0]["chests"] == chests + 3
    assert after["valour"]["red"]["top"] == 2
