"""The Generals on the web: the new-game form offers them, a phone places its general with
only its own provinces to choose, and the table's map shows the general in its colour."""
from __future__ import annotations

import re
from typing import Any

from companion.engine import EventStore, Session, find_game
from companion.games.shogun.simulate import play_game
from expansion_games import FORM, client_past_the_specials, commands_on, made_with_the_form
from web_devices import Phone

def to_the_first_placement(table: Any) -> tuple[str, dict[str, Any]]:
    """A Generals game with the recommended provinces, planned empty up to the turn order."""
    game = made_with_the_form(table, expansion_generals="1")
    assert table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {}}).status_code == 200
    return game, client_past_the_specials(table, game)


def test_the_form_offers_the_generals_unticked(table):
    page = table.get("/new/shogun", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="expansion_generals"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    assert "«Генералы»" in page


def test_a_phone_places_its_general_in_one_of_its_own_provinces(app, table):
    """«после определения очередности хода в первом весеннем раунде каждый игрок размещает
    своего генерала в любой своей провинции»: red's phone offers red's provinces only;
    another phone cannot answer for red; the map then shows red's general."""
    game, view = to_the_first_placement(table)
    pending = view["pending"]
    assert pending["kind"] == "general" and pending["mode"] == "place"
    red_provinces = sorted(p for p, prov in view["provinces"].items() if prov["owner"] == "red")
    assert pending["player"] == "red" and pending["provinces"] == red_provinces
    red, blue = Phone(app, game, "red"), Phone(app, game, "blue")
    text = red.client.get(f"/hand/{game}/{red.token}",
                          headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'data-general-choice="red"' in text and "встанет генерал" in text
    offered = {c["province"] for c in commands_on(text) if c["type"] == "general"}
    assert offered == set(red_provinces)
    assert blue.send({"type": "general", "player": "red",
                      "province": red_provinces[0]}).status_code >= 400
    r = red.send({"type": "general", "player": "red", "province": red_provinces[0]})
    assert r.status_code == 200, r.json
    after = table.get(f"/api/games/{game}/view").json
    assert after["generals"]["red"] == red_provinces[0]
    page = table.get(f"/table/{game}").get_data(as_text=True)
    drawn = {chunk.split('"')[1]: chunk for chunk in page.split('data-province=')[1:]}
    assert 'data-general="red"' in drawn[red_provinces[0]]
    assert all('data-general="red"' not in drawn[p] for p in red_provinces[1:])


def test_the_end_shows_each_players_statues_and_trophies(table, db):
    """«Игрок получает по 1 ПО за каждый свой жетон статуи на игровом поле, а также за
    каждый захваченный жетон статуи соперника»: the result shows each player's line, and
    the players' panel where each general stands and how many statues are left."""
    store = EventStore(db)
    try:
        played = play_game(3, 11, "draft", expansions=("generals",),
                           session_factory=lambda c: Session.create(find_game("shogun"), c, store))
    finally:
        store.close()
    state = played.session.state
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{played.session.game_id}").get_data(as_text=True)
    for colour in state.seating:
        standing = sum(here.count(colour) for here in state.statues.values())
        row = re.search(r'<tr data-statues="' + colour + r'">(.*?)</tr>', page, re.S)
        cells = re.findall(r"<td>(?:<b>)?(\d+)", row.group(1))
        assert cells == [str(standing), str(len(state.trophies[colour])),
                         str(standing + len(state.trophies[colour]))]
        assert f'data-general-of="{colour}"' in page
    assert "Статуи" in page or "статуи" in page


def test_in_the_draft_the_phone_offers_to_put_the_general_in_the_province_taken(app, table):
    """«Б) ... каждый игрок может решить во время выбора провинций, в какой из них
    разместить генерала»: the draft screen has the box until the general is placed."""
    r = table.post("/new/shogun", data={**FORM, "setup": "draft", "expansion_generals": "1"})
    game = r.headers["Location"].split("/table/")[1].split("#")[0]
    pending = table.get(f"/api/games/{game}/view").json["pending"]
    assert pending["kind"] == "draft_pick"
    phone = Phone(app, game, pending["player"])
    page = phone.client.get(f"/hand/{game}/{phone.token}", headers={"Accept-Language": "ru"})
    assert "data-general-here" in page.get_data(as_text=True)
    assert "Мой генерал встанет здесь" in page.get_data(as_text=True)
    r = phone.send({"type": "draft_pick", "player": pending["player"], "take": "deck",
                    "armies": 5, "general": True})
    assert r.status_code == 200, r.json
    view = table.get(f"/api/games/{game}/view").json
    assert view["generals"][pending["player"]] is not None
