"""The table's own screens through HTTP: the tower counted by the simulated tower, the
winter scoring table, and pass-the-tablet."""
from __future__ import annotations

from typing import Any

import pytest

from web_devices import PIN, PLAYERS, Phone
from driving import to_winter_scoring


def drive(table: Any, game: str, phones: dict[str, Phone]) -> dict:
    """To the first winter; every screen on the way (the table, each hand) is drawn."""
    def send(command: dict) -> None:
        r = table.post(f"/api/games/{game}/commands", json=command)
        assert r.status_code == 200, r.json
        assert table.get(f"/table/{game}").status_code == 200
        for phone in phones.values():
            assert phone.client.get(f"/hand/{game}/{phone.token}").status_code == 200
    return to_winter_scoring(lambda: table.get(f"/api/games/{game}/view").json, send)


def test_the_winter_scoring_table_shows_each_players_points(table, phone, game):
    """Rulebook, 'Зима': 1 point per province and per building, majorities per region;
    the table shows each line so a person can check it by eye."""
    table.set_cookie("lang", "en")
    view = drive(table, game, {c: phone(c) for c in ("red", "blue", "yellow")})
    scored = next(n for n in view["log"] if n["key"] == "winter.scored")["params"]
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "Scoring, year 1" in page
    overlay = page.split('data-overlay="winter-1"')[1].split('<table class="scoring">')[1]
    for colour, row in scored["table"].items():
        name = next(p["name"] for p in PLAYERS if p["colour"] == colour)
        line = overlay.split(name, 1)[1].split("</tr>", 1)[0]
        assert f"<td>{row['provinces']}</td>" in line
        assert f"<b>{row['total']}</b>" in line


def test_the_winter_supply_shows_rice_shortage_and_each_revolt_by_eye(table, phone, game):
    """Rulebook, 'Зима': one rice per province; the supply table gives how many revolt."""
    table.set_cookie("lang", "en")
    view = drive(table, game, {c: phone(c) for c in ("red", "blue", "yellow")})
    drawn = [n["params"] for n in view["log"] if n["key"] == "winter.revolts_drawn"]
    page = table.get(f"/table/{game}").get_data(as_text=True)
    supply = page.split('<table class="scoring supply">')[1].split("</table>")[0]
    assert "Rice after the loss" in page
    for p in drawn:
        name = next(q["name"] for q in PLAYERS if q["colour"] == p["player"])
        row = supply.split(name, 1)[1].split("</tr>", 1)[0]
        assert f"<td>{p['rice']}</td><td>{p['count']}</td><td>{p['short']}</td>" in row
        for province in p["provinces"]:
            assert view_name(province) in row


def view_name(province: str) -> str:
    from companion.games.shogun.catalog import load_catalog
    return load_catalog().board.name(province, "en")


@pytest.mark.seed(3)
def test_the_simulated_tower_counts_and_the_table_checks_before_confirming(table, phone):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "tray": "simulated"})
    game = r.json["game_id"]
    table.set_cookie("lang", "en")
    assert "Throw (simulated tower)" in table.get(f"/table/{game}").get_data(as_text=True)
    counts = table.post(f"/api/games/{game}/tray/simulated").json["counts"]
    assert set(counts) <= {"red", "blue", "yellow", "green"}
    before = table.get(f"/api/games/{game}/view").json
    lines = table.post(f"/api/games/{game}/tray/preview", json={"counts": counts}).json["lines"]
    assert lines[-1].startswith("The tower is loaded.")
    assert table.get(f"/api/games/{game}/view").json == before
    r = table.post(f"/api/games/{game}/tray/preview", json={"counts": {"red": 99}})
    assert r.status_code == 409
    assert r.json["error"]["key"] == "tray.impossible"
    r = table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": counts})
    assert r.status_code == 200


def test_only_the_table_uses_the_tower(phone, game):
    red = phone("red")
    assert red.post("tray/simulated", {}).json["error"]["key"] == "device.table_only"
    assert red.post("tray/preview", {"counts": {}}).json["error"]["key"] == "device.table_only"


@pytest.mark.seed(4)
def test_pass_the_tablet_offers_each_waiting_hand_behind_a_hand_over(table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "pass_tablet": True})
    game = r.json["game_id"]
    table.post(f"/api/games/{game}/commands", json={"type": "count_tray", "counts": {}})
    page = table.get(f"/table/{game}").get_data(as_text=True)
    links = [part.split('"')[0] for part in page.split(f'href="/hand/{game}/')[1:]]
    handovers = [link for link in links if link.endswith("?handover=1")]
    assert len(handovers) == 3
    hand = table.get(f"/hand/{game}/{handovers[0]}")
    assert hand.status_code == 200
    assert 'id="handover"' in hand.get_data(as_text=True)


@pytest.mark.seed(8)
def test_the_draft_is_offered_to_the_player_whose_pick_it_is(table, app):
    """Rulebook: from the oldest player clockwise, each takes a face-up province card or
    the top of the deck and places one army group there."""
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "draft", "pin": PIN})
    game = r.json["game_id"]
    red = Phone(app, game, "red")
    hand = red.client.get(f"/hand/{game}/{red.token}").get_data(as_text=True)
    assert "data-draft" in hand
    assert "data-draft" in table.get(f"/table/{game}").get_data(as_text=True)
    blue = Phone(app, game, "blue")
    assert "data-draft" not in blue.client.get(f"/hand/{game}/{blue.token}").get_data(as_text=True)
    assert red.send({"type": "draft_pick", "player": "red", "take": "deck",
                     "armies": 5}).status_code == 200
    assert table.get(f"/api/games/{game}/view").json["pending"]["player"] == "blue"


def _covered(page: str) -> bool:
    return '<div class="sheet cover" id="handover" >' in page


def test_a_hand_passed_round_on_the_tablet_opens_covered_whatever_address_opened_it(table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "pass_tablet": True})
    game = r.json["game_id"]
    link = hand_link_of(table, game, "red")
    assert _covered(table.get(link).get_data(as_text=True))
    assert _covered(Phone(table.application, game, "red").client.get(link).get_data(as_text=True))


def test_a_hand_opened_on_the_table_is_covered_and_on_its_phone_is_not(table, app, game):
    red = Phone(app, game, "red")
    link = f"/hand/{game}/{red.token}"
    assert _covered(table.get(link).get_data(as_text=True))
    assert not _covered(red.client.get(link).get_data(as_text=True))


def hand_link_of(table, game: str, colour: str) -> str:
    return f"/hand/{game}/{Phone(table.application, game, colour).token}"
