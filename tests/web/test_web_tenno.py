"""Tenno's Court on the web: the form's box, the palace on the table, the exchange cells on
a phone's plan (secret until the palace), and the favour card chosen on the phone."""
from __future__ import annotations

import re

from companion.engine import EventStore
from expansion_games import client_past_the_specials, commands_on, made_with_the_form
from web_devices import Phone


def tenno_game(table) -> str:
    game = made_with_the_form(table, expansion_tenno="1")
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {"red": 2, "yellow": 1}}).status_code == 200
    return game


def view(client, game, token=None):
    headers = {"X-Token": token} if token else {}
    return client.get(f"/api/games/{game}/view", headers=headers).json


def test_the_form_offers_tenno_s_court_first_and_unticked(table):
    page = table.get("/new/shogun", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="expansion_tenno"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    assert page.index("expansion_tenno") < page.index("expansion_samurai")
    assert "Двор Тэнно" in page


def test_the_table_shows_the_palace_with_both_halls_and_the_offered_cards(table):
    """«Пример. ... Женя и Денис размещают по 2 своих чиновника в зале ожидания»: here red's 2
    and yellow's 1 officials from the seeding throw, and three favour cards with 4, 3, 2."""
    game = tenno_game(table)
    table.set_cookie("lang", "en")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "data-palace" in page and page.count("data-halls=") == 3
    red = re.search(r'<tr data-halls="red">.*?</tr>', page, re.S).group(0)
    assert re.findall(r"<td>(\d*)</td>", red)[:3] == ["2", "0", "5"]
    assert page.count("data-favour=") == 3
    assert "4 officials" in page and "3 officials" in page and "2 officials" in page


def test_the_phone_plan_has_three_exchange_cells_and_three_official_cards(app, table):
    """«Они должны разместить по 1 карте в каждой ячейке действия на дополнительных
    планшетах»; «каждый игрок получает: ... 3 карты чиновников». A province with two armies
    cannot give three (one must stay): the phone says so when it is laid."""
    game = tenno_game(table)
    red = Phone(app, game, "red")
    page = red.client.get(f"/hand/{game}/{red.token}", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert "data-court" in page
    assert page.count('class="slot courtslot"') == 3 and page.count('data-prov="@official') == 3
    izu = re.search(r'<button type="button" class="pcard" data-prov="izu"[^>]*>', page)
    assert izu and "court3" in izu.group(0) and "court2" in izu.group(0) and "court1" not in izu.group(0)


def test_the_exchange_cells_stay_secret_until_the_palace(app, table):
    """The extra board's cards are placed face down and turned at «Выполнение действий в
    императорском дворце»: only their owner sees them before."""
    game = tenno_game(table)
    red, blue = Phone(app, game, "red"), Phone(app, game, "blue")
    assert red.send({"type": "plan", "player": "red", "actions": {}, "bid": {"chests": 2},
                     "court": {"2": "official", "3": "suruga"}}).status_code == 200
    mine = next(p for p in view(red.client, game, red.token)["players"] if p["colour"] == "red")
    assert mine["plan"]["court"] == {"2": "official", "3": "suruga"}
    for seen in (view(blue.client, game, blue.token), view(table, game)):
        theirs = next(p for p in seen["players"] if p["colour"] == "red")
        assert "court" not in theirs["plan"]
    for colour in ("blue", "yellow"):
        table.post(f"/api/games/{game}/commands",
                   json={"type": "plan", "player": colour, "actions": {}, "bid": {"chests": 0}})
    while (seen := view(table, game))["pending"]["kind"] == "special":
        p = seen["pending"]
        table.post(f"/api/games/{game}/commands",
                   json={"type": "choose_special", "player": p["player"], "slot": min(p["free"])})
    theirs = next(p for p in view(blue.client, game, blue.token)["players"] if p["colour"] == "red")
    assert theirs["plan"]["court"] == {"2": "official", "3": "suruga"}


def test_a_phone_takes_a_favour_card_it_can_pay_for(app, table):
    """«может, но не обязан, взять 1 из 3 карт благосклонности ... вернуть в свой личный запас
    указанное в соответствующей ячейке количество чиновников»: red has 2 officials, so only
    the 2-official card is offered, with "no card"; blue cannot answer for red."""
    game = tenno_game(table)
    seen = client_past_the_specials(table, game)
    assert seen["pending"]["kind"] == "favour" and seen["pending"]["player"] == "red"
    cheapest = seen["palace"]["offered"][2]["favour"]
    red, blue = Phone(app, game, "red"), Phone(app, game, "blue")
    page = red.client.get(f"/hand/{game}/{red.token}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert 'data-favour-offer="red"' in page and "Не брать карту" in page
    assert [c["take"] for c in commands_on(page)] == [cheapest, "nothing"]
    assert blue.send({"type": "favour", "player": "red", "take": cheapest}).status_code >= 400
    assert red.send({"type": "favour", "player": "red", "take": cheapest}).status_code == 200
    after = view(table, game)
    assert after["palace"]["officials"]["red"] == {"supply": 7, "waiting": 0, "audience": 0}



def lay_out(db, game: str, offered: list[int]) -> None:
    """The audience hall holds these cards, written as the engine writes such facts."""
    store = EventStore(db)
    try:
        loaded = store.load(game)
        deck = [n for n in range(1, 22) if n not in offered]
        store.append(game, loaded.writes, loaded.records[-1].seq + 1, {"type": "arranged"},
                     [{"type": "favours_laid", "offered": offered, "deck": deck}],
                     store.game(game).summary)
    finally:
        store.close()


def test_the_table_is_asked_what_a_favour_card_shows_with_only_its_choices(app, table, db):
    """The building on cards #7, 17, 21 is printed, not written: the first time such a card
    is taken the table chooses among the three buildings, in its language."""
    game = tenno_game(table)
    lay_out(db, game, [21, 17, 7])
    client_past_the_specials(table, game)
    red = Phone(app, game, "red")
    assert red.send({"type": "favour", "player": "red", "take": 7}).status_code == 200
    pending = view(table, game)["pending"]
    assert pending["kind"] == "printed" and pending["questions"][0]["key"] == "tenno.favour.7"
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "Карта благосклонности 7: какое здание бесплатно?" in page
    options = re.findall(r'<option value="([a-z]+)"', page)
    assert options == ["castle", "temple", "theatre"] and "театр Но" in page
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "printed", "values": {"tenno.favour.7": "castle"}}).status_code == 200
    assert view(table, game)["pending"]["kind"] == "use_favour"


def test_a_phone_shows_its_players_officials_in_the_supply_and_both_halls(app, table):
    """«...каждый игрок берёт из своего личного запаса столько чиновников, сколько его армий
    выпало в поддон башни, размещает их в зале ожидания»: red's 2 armies in the tray are 2 of
    his 7 officials in the waiting hall, 5 stay in the supply, and his phone says so."""
    game = tenno_game(table)
    red = Phone(app, game, "red")
    page = red.client.get(f"/hand/{game}/{red.token}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Чиновники: в запасе 5 · в зале ожидания 2 · в зале аудиенций 0" in page
