"""Who may see and do what: a phone is its player's hand and nobody else's.

Rulebook: plans and bids are placed face down and turned up together. The engine keeps them
out of every other view; these tests check that the web app's door keeps them there too,
and that a phone can only ever act as its own colour.
"""
from __future__ import annotations

from web_devices import PIN, Phone

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def player_of(view: dict, colour: str) -> dict:
    return next(p for p in view["players"] if p["colour"] == colour)


def test_a_phone_reads_its_own_hand_and_no_other(phone, game):
    red = phone("red")
    assert red.send(RED_PLAN).status_code == 200
    own = red.get("hand/red")
    assert own.status_code == 200
    assert player_of(own.json, "red")["plan"]["actions"] == {"taxes": "owari"}
    other = red.get("hand/blue")
    assert other.status_code == 403
    assert other.json["error"]["key"] == "device.not_your_hand"
    assert phone("blue").get("hand/red").status_code == 403


def test_a_plan_stays_hidden_from_the_table_and_the_other_phones(table, phone, game):
    assert phone("red").send(RED_PLAN).status_code == 200
    for view in (table.get(f"/api/games/{game}/view").json, phone("blue").get("view").json):
        plan = player_of(view, "red")["plan"]
        assert plan == {"actions": {}, "bid": "hidden", "ready": True}


def test_a_phone_cannot_act_as_another_colour(table, phone, game):
    before = table.get(f"/api/games/{game}/view").json
    blue_plan = dict(RED_PLAN, player="blue", actions={})
    r = phone("red").send(blue_plan)
    assert r.status_code == 403
    assert r.json["error"]["key"] == "device.not_your_colour"
    assert r.json["error"]["params"] == {"player": "red"}
    assert table.get(f"/api/games/{game}/view").json == before


def test_only_the_table_counts_the_tray_or_reports_fallen_cubes(table, phone, app, game):
    for command in ({"type": "count_tray", "counts": {}}, {"type": "cubes_fell", "counts": {}},
                    {"type": "create", "players": [], "seed": 1}):
        r = phone("red").send(command)
        assert r.status_code == 403
        assert r.json["error"]["key"] == "device.table_only"
    onlooker = app.test_client()
    r = onlooker.post(f"/api/games/{game}/commands", json=RED_PLAN)
    assert r.status_code == 403
    assert r.json["error"]["key"] == "device.unknown"


def test_a_forged_token_opens_nothing(app, game):
    forged = Phone(app, game, "red", secret_token="0" * 24)
    r = forged.send(RED_PLAN)
    assert r.status_code == 403
    assert r.json["error"]["key"] == "device.bad_token"
    assert forged.get("view").status_code == 403
    assert app.test_client().get(f"/hand/{game}/{'0' * 24}").status_code == 403


def test_a_token_of_one_game_does_not_open_another(app, table, game):
    r = table.post("/api/games", json={"players": [{"colour": c} for c in ("red", "blue", "yellow")],
                                       "setup": "recommended", "pin": PIN})
    other = r.json["game_id"]
    red_here = Phone(app, game, "red")
    assert app.test_client().get(f"/hand/{other}/{red_here.token}").status_code == 403


def test_the_table_may_act_for_the_player_whose_turn_it_is(table, game):
    """Pass-the-tablet and the tablet's own buttons: the table sends players' commands."""
    r = table.post(f"/api/games/{game}/commands", json=RED_PLAN)
    assert r.status_code == 200
    assert r.json["ok"] is True
