"""What stays behind a player's screen («За ширмами вы будете скрывать жетоны приказов,
бусидо и пищи»), walked over every route of the app that shows a game, as the table and as
another player's phone, pages, answers and live streams alike: a destiny hand and the card
chosen, what a face-down token is, a player's food and bushido."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from little_empires_table import EVERYTHING
from web_devices import Phone, made_with_printed, open_stream

PLAYERS = [{"seat": "red", "name": "Anna"}, {"seat": "blue", "name": "Борис"},
           {"seat": "yellow", "name": "Eva"}]
CASTLE = ("Постройка замка", "Build a castle", "Stavba hradu", '"castle"')


@pytest.fixture
def game(app: Any, table: Any) -> str:
    return made_with_printed(table, "little-empires", PLAYERS, EVERYTHING)


def first_live(client: Any, url: str) -> dict[str, Any]:
    stream = open_stream(client, url)
    try:
        return stream.next()
    finally:
        stream.close()


def seen(app: Any, table: Any, game: str, phone: Phone, owner: str,
         install: bool = False) -> dict[str, tuple[str, Any]]:
    """Every GET route that can show this game, as the table and as ``phone`` (never the
    owner's), each device in its own language: (kind, answer) by route and device; "json" answers parsed;
    "install" the pages of the install's printed values, which hold no game's state but name
    every token kind and resource as questions (walked once: no game's state is on them)."""
    found: dict[str, tuple[str, Any]] = {}
    routes = {r.endpoint for r in app.url_map.iter_rules() if "GET" in r.methods and not r.endpoint.endswith("static")}
    table_lang, phone_lang = "ru", "cs"
    head, phone_head = {"Accept-Language": table_lang}, {"Accept-Language": phone_lang}
    found["index"] = ("html", table.get("/", headers=head).get_data(as_text=True))
    found["table"] = ("html", table.get(f"/table/{game}", headers=head).get_data(as_text=True))
    found["hand"] = ("hand", phone.client.get(f"/hand/{game}/{phone.token}", headers=phone_head).get_data(as_text=True))
    table.set_cookie("lang", table_lang)
    phone.client.set_cookie("lang", phone_lang)
    found["live-table"] = ("live", first_live(table, f"/live/{game}"))
    found["live-phone"] = ("live", first_live(phone.client, f"/live/{game}?token={phone.token}"))
    found["view-table"] = ("json", table.get(f"/api/games/{game}/view").json)
    found["view-phone"] = ("json", phone.get("view").json)
    found["hand-of-owner"] = ("text", phone.get(f"hand/{owner}").get_data(as_text=True))
    found["hand-table"] = ("text", table.get(f"/api/games/{game}/hand/{owner}").get_data(as_text=True))
    if install:
        found["printed"] = ("install", table.get("/printed", headers=head).get_data(as_text=True))
        found["printed-game"] = ("install", table.get("/printed/little-empires", headers=head).get_data(as_text=True))
        found["export"] = ("install", table.get("/printed/export").get_data(as_text=True))
    found["camera"] = ("text", table.get(f"/api/games/{game}/camera/picture").get_data(as_text=True))
    walked = {"table.index", "table.table", "hand.hand", "live.stream", "api.view", "api.hand",
              "tray.camera_picture"} | ({"printed.page", "printed.game_page", "printed.export"} if install else set())
    assert routes - walked <= {"table.choose", "table.new", "table.set_language", "printed.page",
                               "printed.game_page", "printed.export"}, routes - walked
    return found


def without_own_screen(kind: str, answer: Any) -> str:
    """The answer's text less the viewing phone's own screen (its hand, tokens, goods)."""
    if kind == "live":
        answer = {**answer, "view": {**answer["view"], "me": None},
                  "regions": {k: v for k, v in answer.get("regions", {}).items() if k != "me"}}
        return json.dumps(answer, ensure_ascii=False)
    if kind == "json":
        return json.dumps({**answer, "me": None}, ensure_ascii=False)
    if kind == "hand":
        return re.sub(r'<section id="r-me".*?</section>', "", answer, flags=re.S)
    return answer


def destiny_laid(app: Any, game: str) -> dict[str, Phone]:
    phones = {p["seat"]: Phone(app, game, p["seat"]) for p in PLAYERS}
    hand = phones["red"].get("view").json["me"]["hand"]
    assert phones["red"].send({"type": "destiny", "player": "red", "card": hand[1]["card"]}).status_code == 200
    return phones


def test_a_destiny_hand_and_the_card_chosen_reach_no_other_device_by_any_route(app, table, game):
    """«выкладывает её лицевой стороной вниз. Затем все игроки одновременно открывают»."""
    phones = destiny_laid(app, game)
    hand = [c["card"] for c in phones["red"].get("view").json["me"]["hand"]]
    for where, (kind, answer) in seen(app, table, game, phones["blue"], "red", install=True).items():
        text = without_own_screen(kind, answer)
        for card in hand:
            assert f'"{card}"' not in text and f'data-card="{card}"' not in text, (where, card)


def test_a_face_down_token_reaches_no_other_device_by_any_route(app, table, game):
    """«кладёт 1 свой жетон приказа лицевой стороной вниз»: the others learn its colour
    and cell only."""
    phones = destiny_laid(app, game)
    for seat in ("blue", "yellow"):
        card = phones[seat].get("view").json["me"]["hand"][0]["card"]
        assert phones[seat].send({"type": "destiny", "player": seat, "card": card}).status_code == 200
    first = table.get(f"/api/games/{game}/view").json["placer"]
    r = phones[first].send({"type": "place", "player": first, "cell": 7, "token": "castle"})
    assert r.status_code == 200, r.json
    last = table.get(f"/api/games/{game}/view").json["order"][-1]
    other = phones[last if last != first else table.get(f"/api/games/{game}/view").json["order"][1]]
    for where, (kind, answer) in seen(app, table, game, other, first).items():
        text = without_own_screen(kind, answer)
        assert not any(word in text for word in CASTLE), where
    assert phones[first].get("view").json["cells"][6][0]["kind"] == "castle"


def test_food_and_bushido_reach_no_other_device_by_any_route(app, table, game):
    """«За ширмами вы будете скрывать … бусидо и пищи» until the final count."""
    phones = destiny_laid(app, game)
    for where, (kind, answer) in seen(app, table, game, phones["blue"], "red").items():
        text = without_own_screen(kind, answer)
        assert "data-food" not in text and '"food":' not in text and '"bushido":' not in text, where
    assert phones["red"].get("view").json["me"]["food"] == 2
