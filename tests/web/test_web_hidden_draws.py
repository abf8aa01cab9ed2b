"""No device chooses or sees how the cards are shuffled: a new game's seed is refused, and
the key its draws come from is in no page, view or live screen of any device."""
from __future__ import annotations

from pathlib import Path

from companion.engine import EventStore
from web import create_app
from web_devices import PIN, PLAYERS, Phone, open_stream


def test_a_new_game_with_a_seed_is_refused_and_nothing_is_made(app, table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "seed": 5}, headers={"Accept-Language": "en"})
    assert r.status_code == 400
    assert r.json["error"]["key"] == "setup.no_seed"
    assert "shuffled by the server" in r.json["error"]["message"]
    assert app.extensions["companion"].hubs.games() == []


def test_the_draws_key_reaches_no_device(tmp_path: Path):
    db = tmp_path / "games.sqlite3"
    app = create_app({"DB": str(db), "TESTING": True})  # no test seed: a secret key, as served
    try:
        table = app.test_client()
        game = table.post("/api/games", json={"players": PLAYERS, "setup": "draft",
                                              "pin": PIN}).json["game_id"]
        key = EventStore(db).load(game).draws.key
        assert key is not None
        seen = [table.get("/").get_data(as_text=True), table.get(f"/table/{game}").get_data(as_text=True),
                table.get(f"/api/games/{game}/view").get_data(as_text=True)]
        stream = open_stream(table, f"/live/{game}")
        seen.append(str(stream.next()))
        stream.close()
        for player in PLAYERS:
            phone = Phone(app, game, player["colour"])
            seen += [phone.client.get(f"/hand/{game}/{phone.token}").get_data(as_text=True),
                     phone.get("view").get_data(as_text=True)]
            stream = open_stream(phone.client, f"/live/{game}?token={phone.token}")
            seen.append(str(stream.next()))
            stream.close()
        for text in (key.hex(), key.hex().upper(), str(int.from_bytes(key, "big"))):
            assert not any(text in page for page in seen)
    finally:
        app.extensions["companion"].close()
