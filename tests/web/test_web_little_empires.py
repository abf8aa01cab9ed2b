"""Little Empires through the web app: made from the API, the board told by the table, the
destiny cards and the tokens sent from the phones; no route, page or stream shows a
face-down token, a destiny hand or a player's resources to anyone but their owner."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import little_empires
from companion.games.little_empires import agent
from companion.games.little_empires.rules import GAME
from little_empires_table import EVERYTHING, MAP, Table, play_round
from web_devices import PIN, Phone, made_with_printed

PLAYERS = [{"seat": "red", "name": "Anna"}, {"seat": "blue", "name": "Борис"},
           {"seat": "yellow", "name": "Eva"}]
HIDDEN = ("Постройка замка", "Build a castle", "Stavba hradu")


@pytest.fixture
def game(app: Any, table: Any) -> str:
    """A game whose table has told the board; the destiny cards are awaited."""
    return made_with_printed(table, "little-empires", PLAYERS, EVERYTHING)


def placed(app: Any, table: Any, game_id: str) -> dict[str, Phone]:
    """Every destiny card chosen; the first player's castle token face down in cell 7."""
    phones = {p["seat"]: Phone(app, game_id, p["seat"]) for p in PLAYERS}
    for seat, phone in phones.items():
        hand = phone.get("view").json["me"]["hand"]
        assert phone.send({"type": "destiny", "player": seat, "card": hand[0]["card"]}).status_code == 200
    first = table.get(f"/api/games/{game_id}/view").json["placer"]
    r = phones[first].send({"type": "place", "player": first, "cell": 7, "token": "castle"})
    assert r.status_code == 200, r.json
    return phones


def test_no_route_shows_a_face_down_token_to_another_device(app, table, game):
    phones = placed(app, table, game)
    first = table.get(f"/api/games/{game}/view").json["cells"][6][0]["owner"]
    other = phones[next(seat for seat in phones if seat != first)]
    for view in (table.get(f"/api/games/{game}/view").json, other.get("view").json):
        assert view["cells"][6] == [{"owner": first, "round": 1, "face_up": False, "kind": None}]
    page = table.get(f"/table/{game}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert not any(word in page for word in HIDDEN)
    cell = page[page.index('data-cell="7"'):]
    cell = cell[:cell.index("</li>")]
    assert f'data-token="{first}" data-face="down"' in cell and f"#pat-{first}" in cell
    assert phones[first].get("view").json["cells"][6][0]["kind"] == "castle"


def test_the_table_never_shows_a_players_food_or_bushido(app, table, game):
    phones = placed(app, table, game)
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "data-food" not in page and "За ширмой" not in page
    hand = phones["red"].client.get(f"/hand/{game}/{phones['red'].token}",
                                    headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'data-food="2"' in hand and "За ширмой" in hand


def test_the_new_game_form_makes_a_game_with_referee_mode_and_the_variant(table):
    page = table.get("/new/little-empires", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'name="referee"' in page and 'name="heavenly_shrines"' in page and "Небесные святилища" in page
    r = table.post("/new/little-empires", data={"seat1": "red", "seat2": "blue", "name1": "Anna",
                                                "referee": "1", "heavenly_shrines": "1",
                                                "pin": PIN, "timer": "0"})
    assert r.status_code == 302, r.get_data(as_text=True)
    game_id = r.headers["Location"].split("/table/")[1].split("#")[0]
    view = table.get(f"/api/games/{game_id}/view").json
    assert view["referee"] is True and view["variants"] == ["heavenly_shrines"]


@pytest.mark.parametrize("lang, words", [("ru", "Ячейка приказа 1 (считая с юга): регион"),
                                         ("cs", "Políčko rozkazu 1 (počítáno od jihu): region"),
                                         ("en", "Order cell 1 (counted from the south): region")])
def test_the_printed_page_asks_the_boards_values_in_the_devices_language(table, lang, words):
    page = table.get("/printed/little-empires", headers={"Accept-Language": lang}).get_data(as_text=True)
    ours = page[page.index('data-printed-game="little-empires"'):]
    ours = ours[:ours.index("</form>")]
    assert words in ours and "printed.option." not in ours and "printed.group." not in ours


def test_the_table_names_a_shrine_province_and_its_shrines_colour_in_words(table):
    """«Небесные святилища»: each drawn shrine's province is listed with «святилище:
    коричневое» (or its colour), never a sign the tablet's font may not have."""
    r = table.post("/api/games", json={"game": "little-empires", "players": PLAYERS, "pin": PIN,
                                       "variants": ["heavenly_shrines"]})
    game_id = r.json["game_id"]
    asked = table.get(f"/api/games/{game_id}/view").json["pending"]["questions"]
    table.post(f"/api/games/{game_id}/commands", json={
        "type": "printed", "values": {q["key"]: EVERYTHING[q["key"]] for q in asked}})
    view = table.get(f"/api/games/{game_id}/view").json
    province, colour = next((p, c) for p, c in view["shrines"].items() if c)
    page = table.get(f"/table/{game_id}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "⛩" not in page
    colours = {"brown": "коричневое", "black": "чёрное", "white": "белое"}
    listed = page[page.index(f'data-province="{province}"'):]
    assert f"святилище: {colours[colour]}" in listed[:listed.index("</li>")]


def test_at_the_end_each_phone_shows_its_own_total_and_place(app, table, game):
    """«Тот, кто набрал больше всего очков, выигрывает»: the tablet explains the
    final table; each phone says its own total and place."""
    hub = app.extensions["companion"].hubs.get(game)
    rng = random.Random(5)
    while GAME.decision(hub.state) is not None:
        r = table.post(f"/api/games/{game}/commands", json=agent.choose(hub.state, rng))
        assert r.status_code == 200, r.json
    result = table.get(f"/api/games/{game}/view").json["result"]
    ranking = result["ranking"]
    for seat in ranking:
        phone = Phone(app, game, seat)
        page = phone.client.get(f"/hand/{game}/{phone.token}", headers={"Accept-Language": "en"}).get_data(as_text=True)
        total = next(line["total"] for line in result["players"] if line["seat"] == seat)
        assert f"Your total: {total} point" in page and f"place {ranking.index(seat) + 1}" in page


def test_every_board_step_picture_is_drawn_without_an_emoji_font():
    """Each piece a board step names (food, bushido, a token, a castle …) has a drawing in the
    game's style sheet: a tablet without an emoji font shows it all the same."""
    table = Table(variants=("heavenly_shrines",))
    play_round(table)
    state, icons = GAME.new_state(), set()
    for events in table.session.history:
        icons |= {line["icon"] for group in GAME.board_steps(state, events) for line in group["lines"]}
    css = (Path(little_empires.__file__).parent / "web" / "static" / "game.css").read_text("utf-8")
    assert {"food", "bushido", "token"} <= icons
    assert [i for i in sorted(icons - {"army"}) if f".i-{i} .icon {{ background-image" not in css] == []


def test_the_table_tells_the_map_a_province_at_a_time_from_its_own_screen(table, game):
    """LE-15: the map is told whenever the group likes; the tablet asks one province, its
    coast and its neighbours, and sends them as one «printed» command, then the next."""
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    form = page[page.index('data-tell-map="grey1"'):]
    form = form[:form.index("</details>")]
    assert "Рассказать карту" in form and form.count("data-link=") == 22
    grey1 = {k: v for k, v in MAP.items() if k.startswith(("little_empires.coast.grey1", "little_empires.link.grey1."))}
    r = table.post(f"/api/games/{game}/commands", json={"type": "printed", "values": grey1})
    assert r.status_code == 200, r.json
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'data-tell-map="grey2" data-fold="map" open' in page and 'data-tell-map="grey1"' not in page


def test_the_map_shows_each_players_armies_in_a_province_as_his_colour_and_count(table, game):
    """«Все игроки помещают по 2 армии из личного запаса в каждую столичную провинцию»: on the
    table's map the capital holds a swatch of each player's colour, named on touch, and 2."""
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    listed = page[page.index('data-province="grey1"'):]
    listed = listed[:listed.index("</li>")]
    for player in PLAYERS:
        figure = listed[listed.index(f'data-army="{player["seat"]}"'):]
        figure = figure[:figure.index("</span>")]
        assert f'title="{player["name"]}"' in figure and f"#pat-{player['seat']}" in figure and "<b>2</b>" in figure
