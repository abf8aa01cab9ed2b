"""Every route against malformed, mistyped, oversized and hostile requests: each is refused
with a 4xx and a reason in the device's language (a JSON error or a page), none is a 5xx,
and the game is exactly as it was."""
from __future__ import annotations

import json
from typing import Any, Iterator


from companion.engine import EventStore
from web_devices import PIN, Phone

NESTED = "[" * 50_000 + "]" * 50_000
JUNK_VALUES: list[Any] = [None, True, 1.5, -1, 2**70, "x" * 5000, "\ud800", [], [1, [2]], {},
                          {"a": {"b": {"c": {}}}}, "red\x00", float("inf")]
RAW_BODIES: list[bytes] = [b"", b"{", b"not json", b"\xff\xfe\x00", NESTED.encode(),
                           b'{"type": "plan", "player": "red", "actions": {"taxes": "\\ud800"}}',
                           b"[1, 2, 3]", b'"text"', b"12", b"null", b"NaN", b'{"pin": NaN}',
                           b'{"a": 1e999}']


def commands() -> Iterator[Any]:
    """Malformed commands: the shape of each real one, with every field made wrong."""
    yield from JUNK_VALUES
    real = [{"type": "plan", "player": "red", "actions": {"taxes": "owari"}, "bid": {"chests": 1}},
            {"type": "count_tray", "counts": {"red": 1}},
            {"type": "move", "player": "red", "to": "owari", "armies": 1},
            {"type": "draft_pick", "player": "red", "take": "deck", "armies": 2},
            {"type": "choose_special", "player": "red", "slot": 1},
            {"type": "create", "seed": 1, "players": [{"colour": "red"}]}]
    for command in real:
        for field in command:
            for junk in JUNK_VALUES:
                if (field, junk) != ("actions", {}):  # an empty plan is a real one
                    yield {**command, field: junk}
    yield {"type": ["plan"]}
    yield {"type": "plan", "player": "red", "actions": {"taxes": {"province": "owari"}},
           "bid": {"province": {"x": 1}}}


def app_requests(game: str, red_token: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(method, path, keyword arguments of the test client) for every route."""
    api = f"/api/games/{game}"
    for command in commands():
        yield "POST", f"{api}/commands", {"data": json.dumps(command, allow_nan=True),
                                          "content_type": "application/json"}
        yield "POST", f"{api}/commands", {"data": json.dumps(command, allow_nan=True),
                                          "content_type": "application/json",
                                          "headers": {"X-Token": red_token}}
    for path in ("commands", "undo", "end", "claim", "tray/preview", "tray/simulated"):
        for raw in RAW_BODIES:
            yield "POST", f"{api}/{path}", {"data": raw, "content_type": "application/json"}
    for path in ("undo", "end", "claim"):
        for junk in JUNK_VALUES:
            yield "POST", f"{api}/{path}", {"json": {"pin": junk}}
    for junk in JUNK_VALUES:
        yield "POST", f"{api}/tray/preview", {"data": json.dumps({"counts": junk}),
                                              "content_type": "application/json"}
        yield "POST", f"{api}/tray/preview", {"data": json.dumps({"counts": {"red": junk}}),
                                              "content_type": "application/json"}
        yield "POST", "/api/games", {"data": json.dumps({"players": junk, "pin": PIN}),
                                     "content_type": "application/json"}
        yield "POST", "/api/games", {"data": json.dumps({"game": junk, "pin": PIN}),
                                     "content_type": "application/json"}
        yield "POST", "/api/games", {"data": json.dumps({"players": [{"colour": "red", "name": junk}],
                                                         "pin": PIN}),
                                     "content_type": "application/json"}
    for raw in RAW_BODIES:
        yield "POST", "/api/games", {"data": raw, "content_type": "application/json"}
    for token in ("ключ", "\x00", "a" * 10_000, "%ff"):
        yield "GET", f"{api}/view", {"query_string": {"token": token}}
        yield "GET", f"/table/{game}", {"query_string": {"token": token}}
        yield "GET", f"/hand/{game}/{token}", {}
        yield "GET", f"{api}/hand/red", {"query_string": {"token": token}}
    for header in ("ключ".encode().decode("latin-1"), "x" * 9000):
        yield "GET", f"{api}/view", {"headers": {"X-Token": header}}
        yield "POST", f"{api}/commands", {"json": {"type": "pass", "player": "red"},
                                          "headers": {"X-Token": header}}
    for target in ("/%09/evil.example/", "//evil.example", "https://evil.example", "/\\evil.example"):
        yield "GET", "/lang/en", {"query_string": {"next": target}}
    for path in ("camera/calibrate", "camera/photo", "camera/frame"):
        yield "POST", f"{api}/{path}", {"data": b"\x00" * 100, "content_type": "image/jpeg"}
        yield "POST", f"{api}/{path}", {"data": {"photo": "not a file"},
                                        "content_type": "multipart/form-data"}
    yield "GET", "/table/no-such-game", {}
    yield "GET", "/new/no-such-game", {}
    yield "POST", "/new/no-such-game", {"data": {"pin": PIN}}


def stored(db) -> list[tuple[int, str]]:
    store = EventStore(db)
    try:
        game = store.games()
        return [(g.commands, g.id) for g in game]
    finally:
        store.close()


def test_no_malformed_request_is_a_server_error_or_changes_the_game(app, table, game, db):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a server error is an answer here, not a crash
    red = Phone(app, game, "red")
    table_view = table.get(f"/api/games/{game}/view").json
    red_view = red.get("view").json
    before = stored(db)
    cases = list(app_requests(game, red.token))
    assert len(cases) >= 200
    server_errors, accepted = [], []
    for method, path, kwargs in cases:
        client = table
        r = client.open(path, method=method, **kwargs)
        if r.status_code >= 500:
            server_errors.append((method, path, kwargs, r.status_code))
        elif 200 <= r.status_code < 300 and path.startswith("/api") and method == "POST":
            accepted.append((path, kwargs))
        elif r.status_code >= 400 and r.is_json:
            assert r.json["error"]["message"], (path, kwargs)
    assert server_errors == [], "\n".join(repr(e)[:300] for e in server_errors)
    assert accepted == []
    assert stored(db) == before
    assert table.get(f"/api/games/{game}/view").json == table_view
    assert red.get("view").json == red_view


def test_a_redirect_after_choosing_the_language_stays_on_the_site(table):
    for target in ("/%09/evil.example/", "//evil.example", "https://evil.example",
                   "/\\evil.example", "/\t/evil.example"):
        r = table.get("/lang/en", query_string={"next": target})
        assert r.status_code == 302
        assert r.headers["Location"].startswith("/") and not r.headers["Location"].startswith(("//", "/\\"))
