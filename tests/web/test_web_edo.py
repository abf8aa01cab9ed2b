"""Edo through the web app: made from the API, the printed values told by the table, the
plans sent from the phones; no route, page or stream shows a face-down action to anyone but
its owner (the same secrecy as Shogun's plans)."""
from __future__ import annotations

from typing import Any

import pytest

from edo_table import EVERYTHING, NEIGHBOURS, at_income
from web_devices import PIN, Phone, made_with_printed

PLAYERS = [{"seat": "blue", "name": "Anna"}, {"seat": "red", "name": "Boris"},
           {"seat": "green", "name": "Eva"}]
HIDDEN = ("produce_rice", "Рисовые поля", "Rice fields", "Rýžová pole")


@pytest.fixture
def edo(app: Any, table: Any) -> str:
    """An Edo game whose table has told the set-up values; the plans are awaited."""
    game_id = made_with_printed(table, "edo", PLAYERS, EVERYTHING)
    later = table.post(f"/api/games/{game_id}/commands", json={"type": "roads_later"})
    assert later.status_code == 200, later.json
    return game_id


def plans(app: Any, game_id: str) -> dict[str, Phone]:
    phones = {p["seat"]: Phone(app, game_id, p["seat"]) for p in PLAYERS}
    picks = {"blue": ("card2", "produce_rice"), "red": ("card2", "develop"), "green": ("card2", "develop")}
    for seat, (card, action) in picks.items():
        r = phones[seat].send({"type": "plan", "player": seat, "slots": [
            {"card": card, "action": action, "officials": 1},
            {"card": "card1", "action": "money", "officials": 1},
            {"card": "card3", "action": "build", "officials": 0}]})
        assert r.status_code == 200, r.json
    return phones


def test_the_game_is_made_and_planned_from_the_phones(app, table, edo):
    plans(app, edo)
    assert table.get(f"/api/games/{edo}/view").json["phase"] == "execution"


def test_no_route_shows_a_face_down_action_to_another_device(app, table, edo):
    phones = plans(app, edo)
    red = phones["red"]
    answers = [table.get(f"/api/games/{edo}/view"),
               table.get(f"/table/{edo}", headers={"Accept-Language": "en"}),
               red.get("view"), red.get("hand/red"),
               red.client.get(f"/hand/{edo}/{red.token}", headers={"Accept-Language": "ru"})]
    for answer in answers:
        text = answer.get_data(as_text=True)
        assert answer.status_code == 200 and not any(word in text for word in HIDDEN)
    assert "produce_rice" in phones["blue"].get("view").get_data(as_text=True)


def test_a_phone_cannot_read_anothers_hand(app, edo):
    phones = plans(app, edo)
    r = phones["red"].get("hand/blue")
    assert r.status_code != 200 and "produce_rice" not in r.get_data(as_text=True)


def test_the_roads_told_in_one_game_are_known_to_the_next_on_that_side(app, table):
    """D31: once per install: the first game asks each place's neighbours, the next asks none."""
    first = table.post("/api/games", json={"game": "edo", "players": PLAYERS, "pin": PIN}).json["game_id"]
    asked = table.get(f"/api/games/{first}/view").json["pending"]["questions"]
    table.post(f"/api/games/{first}/commands", json={
        "type": "printed", "values": {q["key"]: EVERYTHING[q["key"]] for q in asked}})
    while (pending := table.get(f"/api/games/{first}/view").json["pending"]) is not None:
        place = pending["place"]
        near = [b for a, bs in NEIGHBOURS.items() for b in bs if a == place] + \
            [a for a, bs in NEIGHBOURS.items() if place in bs]
        r = table.post(f"/api/games/{first}/commands", json={"type": "roads", "place": place, "neighbours": near})
        assert r.status_code == 200, r.json
    second = table.post("/api/games", json={"game": "edo", "players": PLAYERS, "pin": PIN}).json["game_id"]
    view = table.get(f"/api/games/{second}/view").json
    assert view["pending"] is None and view["roads"]["network"]["edo"] == list(NEIGHBOURS["edo"])


def test_a_split_read_off_the_board_in_one_game_is_known_to_the_next(app, table, db, edo):
    """D30: the income table is told once per install; the next game's city of 8 ryo between
    two builders shows its shares and pays on the profit alone."""
    at_income(db, edo, "city1", ("house", "blue"), ("house", "red"))
    page = table.get(f"/table/{edo}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Прибыль города" in page and "Пример из правил" in page
    r = table.post(f"/api/games/{edo}/commands",
                   json={"type": "income", "city": "city1", "profit": 8, "amounts": [6, 2]})
    assert r.status_code == 200, r.json
    page = table.get("/printed/edo", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    row = page[page.index("Таблица доходов: прибыль 8 Рё между 2 строителями, доля 1-го места"):]
    assert '<option value="6" selected>6</option>' in row[:row.index("</tr>")]
    assert "прибыль 9 Рё" not in page
    second = table.post("/api/games", json={"game": "edo", "players": PLAYERS, "pin": PIN}).json["game_id"]
    assert table.get(f"/api/games/{second}/view").json["pending"]["kind"] == "roads"
    assert table.post(f"/api/games/{second}/commands", json={"type": "roads_later"}).status_code == 200
    at_income(db, second, "city2", ("house", "green"), ("house", "blue"))
    assert table.get(f"/api/games/{second}/view").json["income"]["known"]["8"] == [6, 2]
    r = table.post(f"/api/games/{second}/commands", json={"type": "income", "city": "city2", "profit": 8})
    assert r.status_code == 200, r.json
    paid = [n for n in table.get(f"/api/games/{second}/view").json["log"] if n["key"] == "edo.income"]
    assert [(n["params"]["player"], n["params"]["n"]) for n in paid] == [("green", 6), ("blue", 2)]


def test_shares_that_do_not_add_up_are_refused_in_the_tablets_language(table, db, edo):
    at_income(db, edo, "city1", ("house", "blue"), ("house", "red"))
    r = table.post(f"/api/games/{edo}/commands", headers={"Accept-Language": "cs"},
                   json={"type": "income", "city": "city1", "profit": 8, "amounts": [6, 1]})
    assert r.status_code == 409 and "Díly dávají dohromady 7 ryo" in r.json["error"]["message"]
    assert table.get(f"/api/games/{edo}/view").json["income"]["city"] == "city1"
