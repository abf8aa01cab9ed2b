"""Every request that changes a game carries an id (``Idempotency-Key``) the store keeps with
what it did: a double tap, a phone resending after a lost answer, or two servers racing are
answered with the first answer and carried out once."""
from __future__ import annotations

import threading
from pathlib import Path

from companion.engine import EventStore
from web import create_app
from web_devices import PIN, PLAYERS

COUNT = {"type": "count_tray", "counts": {}}
RED_PLAN = {"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 2}}


def commands(app, game: str) -> int:
    return app.extensions["companion"].hubs.get(game).session.seq


def test_a_count_sent_twice_is_carried_out_once_and_answered_the_same(app, table):
    """Issue: the same count_tray sent twice decided the next battle with its second copy."""
    game = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended",
                                          "pin": PIN}).json["game_id"]
    key = {"Idempotency-Key": "count-0123456789abcdef"}
    first = table.post(f"/api/games/{game}/commands", json=COUNT, headers=key)
    assert first.status_code == 200 and first.json["repeated"] is False
    after = table.get(f"/api/games/{game}/view").json
    again = table.post(f"/api/games/{game}/commands", json=COUNT, headers=key)
    assert again.status_code == 200 and again.json["repeated"] is True
    assert again.json["seq"] == first.json["seq"] == commands(app, game)
    assert table.get(f"/api/games/{game}/view").json == after


def test_a_command_without_a_request_id_is_refused_and_changes_nothing(app, table, game):
    app.test_client_class = None
    bare = app.test_client()
    before = table.get(f"/api/games/{game}/view").json
    for headers in ({}, {"Idempotency-Key": "short"}, {"Idempotency-Key": "ключ-0123456789abcdef"}):
        r = bare.post(f"/api/games/{game}/commands", json=RED_PLAN,
                      headers={**headers, "Accept-Language": "en"})
        assert r.status_code == 400, r.json
        assert r.json["error"]["key"] in ("request.no_id", "request.bad_id")
        assert "Reload the page" in r.json["error"]["message"]
    assert table.get(f"/api/games/{game}/view").json == before


def test_a_new_game_sent_twice_makes_one_game(app, table):
    body = {"players": PLAYERS, "setup": "recommended", "pin": PIN}
    key = {"Idempotency-Key": "new-game-0123456789abcdef"}
    first = table.post("/api/games", json=body, headers=key)
    again = table.post("/api/games", json=body, headers=key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["game_id"] == first.json["game_id"] and again.json["repeated"] is True
    assert len(app.extensions["companion"].hubs.games()) == 1


def test_the_new_game_form_sent_twice_makes_one_game(app, table):
    page = table.get("/new/shogun").get_data(as_text=True)
    request_id = page.split('name="request" value="', 1)[1].split('"', 1)[0]
    form = {"request": request_id, "seat1": "red", "seat2": "blue", "seat3": "yellow",
            "setup": "recommended", "tray": "manual", "timer": "0", "pin": PIN}
    first = table.post("/new/shogun", data=form)
    again = table.post("/new/shogun", data=form)
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert len(app.extensions["companion"].hubs.games()) == 1


def test_the_hosts_undo_sent_twice_undoes_one_command(app, table, phone, game):
    assert phone("red").send(RED_PLAN).status_code == 200
    seq = commands(app, game)
    key = {"Idempotency-Key": "undo-0123456789abcdef"}
    first = table.post(f"/api/games/{game}/undo", json={"pin": PIN}, headers=key)
    again = table.post(f"/api/games/{game}/undo", json={"pin": PIN}, headers=key)
    assert first.status_code == again.status_code == 200
    assert again.json["repeated"] is True
    assert commands(app, game) == seq - 1


def test_two_servers_racing_one_request_carry_it_out_once(db: Path, table, game):
    """Two servers on one database get the same plan at the same moment, thirty times over
    (each time a new plan, undone between races): each is carried out once."""
    apps = [create_app({"DB": str(db), "TESTING": True}) for _ in range(2)]
    try:
        red = {"X-Token": _token(apps[0], game, "red")}
        for race in range(30):
            key = f"race-{race:02d}-0123456789abcdef"
            answers: list = [None, None]
            start = threading.Barrier(2)

            def send(i: int) -> None:
                client = apps[i].test_client()
                start.wait()
                answers[i] = client.post(f"/api/games/{game}/commands", json=RED_PLAN,
                                         headers={**red, "Idempotency-Key": key})

            threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(a.status_code for a in answers) == [200, 200], [a.json for a in answers]
            assert sorted(a.json["repeated"] for a in answers) == [False, True]
            assert answers[0].json["seq"] == answers[1].json["seq"]
            plans = [c for c in EventStore(db).commands(game) if c.command.get("type") == "plan"]
            assert len(plans) == 1
            undo = apps[0].test_client().post(f"/api/games/{game}/undo", json={"pin": PIN})
            if undo.status_code == 409:  # the other server applied it: this one looks again first
                assert undo.json["error"]["key"] == "undo.game_changed"
                undo = apps[0].test_client().post(f"/api/games/{game}/undo", json={"pin": PIN})
            assert undo.status_code == 200, undo.json
    finally:
        for a in apps:
            a.extensions["companion"].close()


def _token(app, game: str, colour: str) -> str:
    from web.identity import token
    return token(app.extensions["companion"].secret, game, colour)
