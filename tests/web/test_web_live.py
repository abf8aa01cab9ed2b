"""Live updates: every device gets its own view pushed on every change, and the full
screen again whenever it (re)connects."""
from __future__ import annotations

from web_devices import open_stream

RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def plan_in(payload: dict, colour: str) -> dict:
    return next(p for p in payload["view"]["players"] if p["colour"] == colour)["plan"]


def test_each_device_gets_its_own_view_on_every_change(table, phone, game):
    table.set_cookie("lang", "en")
    red, blue = phone("red"), phone("blue")
    table_stream = open_stream(table, f"/live/{game}")
    red_stream = open_stream(red.client, f"/live/{game}?token={red.token}")
    blue_stream = open_stream(blue.client, f"/live/{game}?token={blue.token}")
    first = table_stream.next(), red_stream.next(), blue_stream.next()
    assert [p["view"]["viewer"] for p in first] == [None, "red", "blue"]
    assert {p["pending"] for p in first} == {"plans"}

    assert red.send(RED_PLAN).status_code == 200
    seen_by_table, seen_by_red, seen_by_blue = table_stream.next(), red_stream.next(), blue_stream.next()
    assert seen_by_table["rev"] == seen_by_red["rev"] == seen_by_blue["rev"] > first[0]["rev"]
    assert plan_in(seen_by_red, "red")["actions"] == {"taxes": "owari"}
    assert plan_in(seen_by_table, "red") == {"actions": {}, "bid": "hidden", "ready": True}
    assert plan_in(seen_by_blue, "red") == {"actions": {}, "bid": "hidden", "ready": True}
    assert "owari" not in str(seen_by_blue["regions"]["decision"])
    assert seen_by_table["log"][0] == "Аня is ready. Still waiting for 2 players."
    assert seen_by_red["log"][0] == "Аня: план готов. Ждём ещё 2 игроков."
    for stream in (table_stream, red_stream, blue_stream):
        stream.close()


def test_a_device_that_reconnects_gets_the_whole_screen_at_once(table, phone, game):
    assert phone("red").send(RED_PLAN).status_code == 200
    red = phone("red")
    payload = open_stream(red.client, f"/live/{game}?token={red.token}").next()
    assert plan_in(payload, "red")["actions"] == {"taxes": "owari"}
    assert set(payload["regions"]) == {"top", "decision", "provinces", "log"}
    assert 'class="myplan"' in payload["regions"]["decision"]


def test_a_stream_with_a_forged_token_is_refused(app, game):
    r = app.test_client().get(f"/live/{game}?token=forged")
    assert r.status_code == 403
    assert r.json["error"]["key"] == "device.bad_token"


def test_after_a_restart_the_screen_is_newer_than_any_drawn_before(app, db, phone, game):
    """A phone drew its hand, then the server restarted before its live stream said a word:
    the restarted server's first screen must not carry a revision the phone already shows,
    or the phone would keep its old hand."""
    from web import create_app

    red = phone("red")
    drawn = open_stream(red.client, f"/live/{game}?token={red.token}").next()["rev"]
    app.extensions["companion"].close()
    again = create_app({"DB": str(db), "TESTING": True})
    try:
        client = again.test_client()
        assert client.post(f"/api/games/{game}/commands", json=RED_PLAN,
                           headers={"X-Token": red.token}).status_code == 200
        after = open_stream(client, f"/live/{game}?token={red.token}").next()
        assert after["rev"] > drawn
        assert plan_in(after, "red")["actions"] == {"taxes": "owari"}
    finally:
        again.extensions["companion"].close()


def test_the_table_shows_which_phones_have_joined(table, phone, game):
    table_stream = open_stream(table, f"/live/{game}")
    assert table_stream.next()["joined"] == []
    red = phone("red")
    red_stream = open_stream(red.client, f"/live/{game}?token={red.token}")
    assert red_stream.next()["joined"] == ["red"]
    assert table_stream.next()["joined"] == ["red"]
    red_stream.close()
    assert table_stream.next()["joined"] == []
    table_stream.close()
