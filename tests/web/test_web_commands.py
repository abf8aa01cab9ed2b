"""Commands through the web: refusals in the device's language that change nothing, the
host's undo behind the PIN, and a game that outlives the server."""
from __future__ import annotations

from web import create_app
from web.identity import token

from web_devices import PIN, Phone

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def test_a_refused_command_says_why_in_the_device_language_and_changes_nothing(table, phone, game):
    before = table.get(f"/api/games/{game}/view").json
    red = phone("red")
    red.client.set_cookie("lang", "en")
    r = red.send(dict(RED_PLAN, actions={"taxes": "kai"}))
    assert r.status_code == 409
    assert r.json["error"]["key"] == "plan.not_your_province"
    assert r.json["error"]["message"] == "Kai is not yours."
    red.client.set_cookie("lang", "ru")
    r = red.send(dict(RED_PLAN, actions={"taxes": "kai"}))
    assert r.json["error"]["message"] == "Провинция Кай вам не принадлежит."
    assert table.get(f"/api/games/{game}/view").json == before


def test_a_malformed_command_is_a_bad_request(phone, game):
    r = phone("red").send({"type": "plan", "player": "red", "actions": "everything"})
    assert r.status_code == 400
    assert r.json["error"]["key"].startswith("command.")


def test_undo_needs_the_host_pin(table, phone, game):
    assert phone("red").send(RED_PLAN).status_code == 200
    planned = table.get(f"/api/games/{game}/view").json
    r = table.post(f"/api/games/{game}/undo", json={"pin": "0000"})
    assert r.status_code == 403
    assert r.json["error"]["key"] == "host.bad_pin"
    assert table.get(f"/api/games/{game}/view").json == planned
    r = table.post(f"/api/games/{game}/undo", json={"pin": PIN})
    assert r.status_code == 200
    red = next(p for p in table.get(f"/api/games/{game}/view").json["players"] if p["colour"] == "red")
    assert red["plan"] is None


def test_the_host_pin_makes_another_device_the_table(app, game):
    tablet = app.test_client()
    r = tablet.post(f"/api/games/{game}/commands", json={"type": "cubes_fell", "counts": {}})
    assert r.json["error"]["key"] == "device.table_only"
    assert tablet.post(f"/api/games/{game}/claim", json={"pin": "1"}).status_code == 403
    assert tablet.post(f"/api/games/{game}/claim", json={"pin": PIN}).status_code == 200
    r = tablet.post(f"/api/games/{game}/commands", json={"type": "cubes_fell", "counts": {}})
    assert r.status_code == 200


def test_a_new_game_is_refused_with_the_rules_reason(table):
    table.set_cookie("lang", "en")
    r = table.post("/api/games", json={"players": [{"colour": "red"}, {"colour": "blue"}],
                                       "setup": "recommended", "pin": PIN})
    assert r.status_code == 409
    assert r.json["error"] == {"key": "setup.player_count", "params": {"count": 2},
                               "message": "Shogun is for 3 to 5 players, not 2."}
    r = table.post("/api/games", json={"players": [{"colour": "red"}], "pin": "12"})
    assert r.json["error"]["key"] == "setup.bad_pin"


def test_a_restart_on_the_same_database_shows_the_same_game(app, db, table, phone, game):
    """A new app on the same file: the same game, the same state, the same tokens."""
    assert phone("red").send(RED_PLAN).status_code == 200
    before = table.get(f"/api/games/{game}/view").json
    red_token = token(app.extensions["companion"].secret, game, "red")
    app.extensions["companion"].close()

    again = create_app({"DB": str(db), "TESTING": True})
    try:
        assert again.test_client().get(f"/api/games/{game}/view").json == before
        red = Phone(again, game, "red", secret_token=red_token)
        assert red.get("hand/red").json["players"][0]["plan"]["actions"] == {"taxes": "owari"}
        assert red.client.get(f"/hand/{game}/{red_token}").status_code == 200
        r = again.test_client().post(f"/api/games/{game}/undo", json={"pin": PIN})
        assert r.status_code == 200
    finally:
        again.extensions["companion"].close()
