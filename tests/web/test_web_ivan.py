"""Ivan through the web app: made from the API, the kept projects sent from the phones; no
route or page shows a family's project hand to anyone but that family's phone."""
from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from ivan_table import MAP, effect_face, regional_face
from test_web_printed import created_config
from web_devices import PIN, Phone

PLAYERS = [{"seat": "white", "name": "Anna"}, {"seat": "black", "name": "Boris"},
           {"seat": "green", "name": "Eva"}]
KEPT = {"white": "trade", "black": "military", "green": "military"}
SECRET = ('["trade"]', 'data-hand="trade"')


@pytest.fixture
def ivan(app: Any, table: Any) -> str:
    r = table.post("/api/games", json={"game": "ivan", "players": PLAYERS, "pin": PIN, "referee": True})
    assert r.status_code == 201, r.json
    return r.json["game_id"]


def kept(app: Any, game_id: str) -> dict[str, Phone]:
    phones = {p["seat"]: Phone(app, game_id, p["seat"]) for p in PLAYERS}
    for seat, kind in KEPT.items():
        r = phones[seat].send({"type": "keep", "player": seat, "kind": kind})
        assert r.status_code == 200, r.json
    return phones


def test_every_project_kept_starts_the_first_decade(app, table, ivan):
    kept(app, ivan)
    view = table.get(f"/api/games/{ivan}/view").json
    assert (view["phase"], view["decade"]) == ("planning", 1)


def test_no_route_shows_a_hand_to_another_device(app, table, ivan):
    phones = kept(app, ivan)
    black = phones["black"]
    answers = [table.get(f"/api/games/{ivan}/view"),
               table.get(f"/table/{ivan}", headers={"Accept-Language": "en"}),
               black.get("view"),
               black.client.get(f"/hand/{ivan}/{black.token}", headers={"Accept-Language": "ru"})]
    for answer in answers:
        text = answer.get_data(as_text=True)
        assert answer.status_code == 200 and not any(secret in text for secret in SECRET)
    assert '["trade"]' in phones["white"].get("view").get_data(as_text=True)


def test_a_phone_keeps_only_its_own_familys_project(app, ivan):
    phones = {p["seat"]: Phone(app, ivan, p["seat"]) for p in PLAYERS}
    r = phones["black"].send({"type": "keep", "player": "white", "kind": "trade"})
    assert r.status_code != 200


def test_with_the_map_tracked_a_phone_names_its_first_warriors_city_and_the_table_shows_it(app, table):
    """«выставляют по одному своему воину в любой город, где ещё нет воина»: the phone offers
    the map's cities by name; the table lists the city and counts its region."""
    from ivan_table import MAP
    r = table.post("/api/games", json={"game": "ivan", "players": PLAYERS, "pin": PIN, "referee": True,
                                       "influence": "map"})
    assert r.status_code == 201, r.json
    game_id = r.json["game_id"]
    told = table.post(f"/api/games/{game_id}/commands", json={"type": "printed", "values": MAP})
    assert told.status_code == 200, told.json
    phones = kept(app, game_id)
    first = table.get(f"/api/games/{game_id}/view").json["turn"]["player"]
    phone = phones[first]
    page = phone.client.get(f"/hand/{game_id}/{phone.token}", headers={"Accept-Language": "ru"})
    assert "data-muster-form" in page.get_data(as_text=True) and "Путивль" in page.get_data(as_text=True)
    assert phone.send({"type": "muster", "player": first, "city": "putivl"}).status_code == 200
    board = table.get(f"/table/{game_id}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'data-city="putivl"' in board and "Путивль" in board


def test_the_printed_page_words_the_regional_tokens_and_the_projects_in_russian(table):
    """«18 РЕГИОНАЛЬНЫХ ЖЕТОНОВ», «30 КАРТ ПРОЕКТОВ»: each face's questions, grouped by kind."""
    page = table.get("/printed/ivan", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Региональные жетоны (18: 9 тёмных, 9 светлых)" in page
    assert "Региональный жетон 18, награда 2: другой символ" in page
    assert "Военный проект 10: металл (сколько заплатить)" in page


def test_a_token_told_on_the_page_is_exported_and_known_to_the_next_game(table, db):
    face = regional_face(1, action="estate")
    assert table.post("/printed", data={"game": "ivan", **{k: str(v) for k, v in face.items()}}).status_code == 302
    exported = json.loads(table.get("/printed/export").get_data(as_text=True))["games"]["ivan"]
    assert {k: exported[k] for k in face} == face
    r = table.post("/api/games", json={"game": "ivan", "players": PLAYERS, "pin": PIN})
    assert created_config(db, r.json["game_id"])["printed"]["ivan.regional1.reward1.action"] == "estate"


def test_the_new_game_tracks_the_map_once_every_city_is_known(table):
    """«Шестнадцать городов четырёх разных цветов ... Карта разделена границами на четыре
    региона»: with every city's region and colour known, influence from the map is ticked."""
    ticked = re.compile(r'<input type="checkbox" name="influence" value="map" checked>')
    assert not ticked.search(table.get("/new/ivan").get_data(as_text=True))
    assert table.post("/printed", data={"game": "ivan", **MAP}).status_code == 302
    assert ticked.search(table.get("/new/ivan").get_data(as_text=True))


def test_the_printed_page_posts_ivans_faces_a_group_at_a_time(table):
    """More faces than one form may post (Werkzeug parses 1000 fields): each group of Ivan's
    faces is its own form, and every form holds fewer fields than that."""
    page = table.get("/printed/ivan", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    ours = page[page.index('<section data-printed-game="ivan">'):]
    ours = ours[:ours.index("</section>")]
    forms = ours.split("<form ")[1:]
    assert len(forms) > 1 and max(form.count("<select ") for form in forms) < 1000
    assert "Поместья" in ours and "Поместье 15: и на поле" in ours


def test_a_group_saved_on_the_page_keeps_the_other_groups(table):
    """One group's form forgets only its own values left "not known"."""
    assert table.post("/printed", data={"game": "ivan", **MAP}).status_code == 302
    estate = {k: str(v) for k, v in effect_face("estate", 1, coins=2).items()}
    assert table.post("/printed", data={"game": "ivan", **estate}).status_code == 302
    exported = json.loads(table.get("/printed/export").get_data(as_text=True))["games"]["ivan"]
    assert exported["ivan.estate1.coins"] == 2 and all(exported[k] == v for k, v in MAP.items())


def test_the_export_of_every_ivan_face_imports_again(table):
    """Every face of the install told (more than a thousand values) is one file to share."""
    from companion.games.ivan import catalog
    every = {key: q.options()[0] for key, q in catalog.questions().items()}
    upload = json.dumps({"format": "table-companion/printed/1", "games": {"ivan": every}}).encode()
    r = table.post("/printed/import", data={"file": (io.BytesIO(upload), "printed.json")},
                   content_type="multipart/form-data")
    assert r.status_code == 302
    assert len(json.loads(table.get("/printed/export").get_data(as_text=True))["games"]["ivan"]) == len(every)
