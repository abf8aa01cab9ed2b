"""The new game: the lobby offers every registered game, and each game's form is the shell's
fields (PIN, timer, phones or the tablet passed round, the tray for a game with the tower)
around the game's own."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from companion.games import BUILT_IN
from games import sealed_bid_registered
from web import create_app
from web_devices import PIN


@pytest.fixture
def two_games(db: Path) -> Iterator:
    with sealed_bid_registered():
        app = create_app({"DB": str(db), "TESTING": True})
        yield app.test_client()
        app.extensions["companion"].close()


def test_with_one_game_the_new_game_button_opens_its_form(table, monkeypatch):
    for name in [name for name in BUILT_IN if name != "shogun"]:
        monkeypatch.delitem(BUILT_IN, name)
    r = table.get("/new")
    assert r.status_code == 302 and r.headers["Location"].endswith("/new/shogun")


def test_with_several_games_the_table_chooses_one(two_games):
    page = two_games.get("/new", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'data-game-choice="shogun"' in page and 'data-game-choice="sealed_bid"' in page
    assert "Sealed bids" in page


def test_a_game_without_the_tower_asks_nothing_about_the_tray(two_games):
    page = two_games.get("/new/sealed_bid", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'name="tray"' not in page and 'name="pin"' in page and 'data-seat-name="north"' in page
    shogun = two_games.get("/new/shogun").get_data(as_text=True)
    assert 'name="tray"' in shogun


def test_the_second_games_form_makes_a_game_and_this_device_its_table(two_games):
    r = two_games.post("/new/sealed_bid", data={"name_north": "Anna", "name_east": "Boris",
                                               "name_south": "Chloé", "pin": PIN, "timer": "0"})
    assert r.status_code == 302
    table = two_games.get(r.headers["Location"], headers={"Accept-Language": "en"})
    assert table.status_code == 200
    page = table.get_data(as_text=True)
    assert "Sealed bids" in page and 'data-join="north"' in page and "Chloé" in page


def test_a_refused_form_says_why_on_the_form_and_makes_no_game(two_games):
    r = two_games.post("/new/sealed_bid", data={"name_north": "Anna", "pin": PIN},
                       headers={"Accept-Language": "en"})
    assert r.status_code == 409
    assert 'role="alert"' in r.get_data(as_text=True)
    assert two_games.get("/").get_data(as_text=True).count('href="/table/') == 0


def test_a_game_with_phones_opens_on_the_codes_to_join_by(table):
    form = {"seat1": "red", "seat2": "blue", "seat3": "yellow", "setup": "recommended",
            "tray": "manual", "timer": "0", "pin": PIN}
    with_phones = table.post("/new/shogun", data=form)
    assert with_phones.headers["Location"].endswith("#join")
    passing = table.post("/new/shogun", data={**form, "pass_tablet": "1"})
    assert "join" not in passing.headers["Location"]
