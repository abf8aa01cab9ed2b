"""Values printed only on the expansions' cards, on the web: the table tells them once, the
install remembers them for its next games, and its page corrects, exports and imports them
(issue: «...remembered for the install in a data file the group can export and share»)."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from companion.engine import EventStore
from expansion_games import client_past_the_specials, made_with_the_form
from test_web_samurai import give_red_a_fourth_region
from companion.engine.registry import find_game, names
from companion.i18n import LANGUAGES
from web.app import create_app
from web.screens import _game_words
from web.words import words

CHESTS = "samurai.card2.chests"


def created_config(db: Path, game: str) -> dict:
    store = EventStore(db)
    try:
        return store.load(game).records[0].events[0]["config"]
    finally:
        store.close()


def to_the_valour_check(table, db: Path) -> tuple[str, dict]:
    """A Samurai game made with the form whose first spring reaches red's valour check."""
    game = made_with_the_form(table, expansion_samurai="1")
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {}}).status_code == 200
    give_red_a_fourth_region(db, game)
    return game, client_past_the_specials(table, game)


def test_values_the_table_told_are_remembered_for_the_installs_next_game(table, db):
    game, view = to_the_valour_check(table, db)
    told = {q["key"]: q["suggested"] for q in view["pending"]["questions"]}
    told[CHESTS] = 3
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "printed", "values": told}).status_code == 200
    again, view = to_the_valour_check(table, db)
    assert created_config(db, again)["printed"] == told
    assert view["pending"] == {"kind": "valour", "player": "red", "top": 2,
                               "offers": {"chests": 3, "armies": 1}}


def test_the_page_lists_each_value_in_the_players_language_with_its_suggestion(table):
    page = table.get("/printed/shogun", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Карта доблести 2: сундуки" in page and "пока неизвестно" in page
    assert "сверьте каждое со своей картой" in page and "regatuljocurilor.ro: 2" in page


def test_a_value_corrected_on_the_page_is_what_new_games_start_with(table, db):
    r = table.post("/printed", data={"game": "shogun", CHESTS: "4"})
    assert r.status_code == 302 and r.headers["Location"].startswith("/printed/shogun")
    page = table.get("/printed/shogun").get_data(as_text=True)
    assert '<option value="4" selected>4</option>' in page
    game = made_with_the_form(table, expansion_samurai="1")
    assert created_config(db, game)["printed"] == {CHESTS: 4}


def test_not_known_on_the_page_forgets_the_value(table):
    table.post("/printed", data={"game": "shogun", CHESTS: "4"})
    table.post("/printed", data={"game": "shogun", CHESTS: ""})
    exported = table.get("/printed/export").get_json()
    assert exported["games"]["shogun"] == {}


def test_a_value_no_card_could_show_is_refused_on_the_page_and_nothing_changes(table):
    table.post("/printed", data={"game": "shogun", CHESTS: "4"})
    r = table.post("/printed", data={"game": "shogun", CHESTS: "11", "samurai.card2.rice": "1"},
                   headers={"Accept-Language": "ru"})
    assert r.status_code == 400
    assert "Такого значения там быть не может" in r.get_data(as_text=True)
    assert table.get("/printed/export").get_json()["games"]["shogun"] == {CHESTS: 4}


def test_the_install_page_names_each_game_with_how_many_of_its_values_are_known(table):
    """Each game's values are a page of their own; the install's page links them."""
    table.post("/printed", data={"game": "shogun", CHESTS: "4"})
    page = table.get("/printed", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    for name in names():
        if _questions(name):
            assert f'<a href="/printed/{name}">' in page
    shogun = re.search(r'data-printed-game="shogun">.*?</li>', page).group(0)
    assert re.search(r"známo 1 z \d+", shogun)
    assert "<select" not in page


def test_a_game_with_no_such_page_is_refused_in_words(table):
    r = table.get("/printed/chess", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and "<h1>" in r.get_data(as_text=True)


def test_another_group_imports_the_exported_values(table, tmp_path: Path):
    table.post("/printed", data={"game": "shogun", CHESTS: "4", "samurai.card3.score": "1"})
    exported = table.get("/printed/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    other = create_app({"DB": str(tmp_path / "other.sqlite3"), "TESTING": True})
    try:
        client = other.test_client()
        r = client.post("/printed/import", data={"file": (io.BytesIO(exported.data), "values.json")},
                        content_type="multipart/form-data")
        assert r.status_code == 302
        assert client.get("/printed/export").get_json()["games"]["shogun"] == \
            {CHESTS: 4, "samurai.card3.score": 1}
    finally:
        other.extensions["companion"].close()


def test_a_file_that_is_not_exported_values_is_refused_and_nothing_changes(table):
    table.post("/printed", data={"game": "shogun", CHESTS: "4"})
    wrong = [b"not json", json.dumps({"format": "other", "games": {}}).encode(),
             json.dumps({"format": "table-companion/printed/1",
                         "games": {"shogun": {"samurai.card9.chests": 1}}}).encode(),
             json.dumps({"format": "table-companion/printed/1",
                         "games": {"shogun": {CHESTS: 2, "samurai.card2.rice": 99}}}).encode()]
    for body in wrong:
        r = table.post("/printed/import", data={"file": (io.BytesIO(body), "values.json")},
                       content_type="multipart/form-data", headers={"Accept-Language": "cs"})
        assert r.status_code == 400, body
        assert 'class="error"' in r.get_data(as_text=True)
    assert table.get("/printed/export").get_json()["games"]["shogun"] == {CHESTS: 4}


def test_a_device_cannot_give_a_new_game_printed_values_of_its_own(table, db):
    r = table.post("/api/games", json={"players": [{"colour": c} for c in ("red", "blue", "yellow")],
                                       "setup": "recommended", "pin": "123456",
                                       "expansions": ["samurai"], "printed": {CHESTS: 9}})
    assert r.status_code == 201, r.json
    assert "printed" not in created_config(db, r.json["game_id"])


def _questions(game: str) -> list:
    asks = getattr(find_game(game), "printed_questions", None)
    return list(asks().values()) if asks else []


def _worded(game: str, lang: str, key: str) -> bool:
    return bool(_game_words(game, lang).get(key) or words(lang).get(key))


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_value_a_card_can_show_is_worded_in_every_language(game, lang):
    """A question's choices are offered on /printed and in the table's form by their words,
    never by a key: every game words each of its named choices in each language itself."""
    choices = {o for q in _questions(game) for o in q.options() if isinstance(o, str)}
    assert not {o for o in choices if not _worded(game, lang, "printed.option." + o)}


@pytest.mark.parametrize("game", names())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_group_of_printed_values_has_a_title_in_every_language(game, lang):
    assert not {q.group for q in _questions(game) if q.group and not _worded(game, lang, q.group)}


def test_a_group_is_one_fold_on_the_page_wherever_its_questions_stand_in_the_data(table):
    """Little Empires declares the payment icons' questions in two places of its data."""
    page = table.get("/printed/little-empires").get_data(as_text=True)
    titles = re.findall(r"<summary>([^<]+) <small", page)
    assert titles and len(titles) == len(set(titles))
