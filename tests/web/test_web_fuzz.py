"""Every route against malformed, mistyped, oversized and hostile requests: each is refused
with a 4xx and a reason in the device's language (a JSON error or a page), none is a 5xx,
and the game is exactly as it was."""
from __future__ import annotations

import io
import itertools
import json
import socket
import urllib.error
import urllib.request
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest

from companion.engine import EventStore
from web.limits import body_limit, largest
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


def field_requests(game: str, red_token: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(method, path, keyword arguments of the test client): each route's JSON body with
    every field made wrong."""
    api = f"/api/games/{game}"
    for command in commands():
        yield "POST", f"{api}/commands", {"data": json.dumps(command, allow_nan=True),
                                          "content_type": "application/json"}
        yield "POST", f"{api}/commands", {"data": json.dumps(command, allow_nan=True),
                                          "content_type": "application/json",
                                          "headers": {"X-Token": red_token}}
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


def stored(db) -> list[tuple[int, str]]:
    store = EventStore(db)
    try:
        game = store.games()
        return [(g.commands, g.id) for g in game]
    finally:
        store.close()


def test_no_malformed_field_is_a_server_error_or_changes_the_game(app, table, game, db):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a server error is an answer here, not a crash
    red = Phone(app, game, "red")
    table_view = table.get(f"/api/games/{game}/view").json
    red_view = red.get("view").json
    before = stored(db)
    cases = list(field_requests(game, red.token))
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


OFF_SITE = ["/%09/evil.example/", "//evil.example", "https://evil.example", "/\\evil.example",
            "/\t/evil.example", "%2F%2Fevil.example", "/\r\n//evil.example"]


def test_a_redirect_after_choosing_the_language_stays_on_the_site(table):
    for target in OFF_SITE:
        r = table.get("/lang/en", query_string={"next": target})
        assert (r.status_code, r.headers["Location"]) == (302, "/")


# Every route the app registers, reached with hostile path values, headers, cookies, query
# strings and bodies.
GOOD_VALUES = {"lang": "en", "colour": "red", "game": "shogun", "filename": "app.css", "switch": "pause"}
JUNK_VALUES_IN_PATH = ["ключ", "%ff", "a" * 300, "..", "\t"]
HOSTILE_QUERIES: list[dict[str, str] | str] = [
    *({"next": target} for target in OFF_SITE), {"lang": "ключ"}, {"token": "ключ"},
    {"token": "a" * 10_000}, {"token": "\x00"}, "lang=%ff", "token=%ff%fe",
    "handover=%00&handover=1", "%ff=%ff&=&&",
]


def raw_header(text: str) -> str:
    """A header value sent as its UTF-8 bytes, as a browser sends non-ASCII text (WSGI hands
    it over as Latin-1)."""
    return text.encode().decode("latin-1")


def hostile_headers(game: str) -> list[dict[str, str]]:
    return [
        {"X-Token": raw_header("ключ")}, {"X-Token": "x" * 9000}, {"X-Token": ""},
        {"Accept-Language": raw_header("ключ;q=x,,;q=2,*;q=-1")},
        {"Cookie": raw_header(f"lang=ключ; tc_table_{game}=ключ")},
        {"Cookie": raw_header(f"tc_table_{game}=\"ключ\\\"; lang=\t")},
        {"Cookie": f"tc_table_{game}={'a' * 5000}; lang=" + "b" * 5000},
        {"Content-Type": raw_header("application/json; charset=ключ")},
    ]


HOSTILE_BODIES: list[tuple[bytes, str]] = [
    *((raw, "application/json") for raw in RAW_BODIES),
    (b'{"a":' * 20_000, "application/json"), (b'{"type": ["plan"], "pin": {"x": []}}', "text/plain"),
    ("pin=ключ&seat1=%ff&name1=\ud800".encode("utf-8", "surrogatepass"),
     "application/x-www-form-urlencoded"),
    (b"--x\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nnot a photo\r\n--x--\r\n",
     "multipart/form-data; boundary=x"),
    (b"--x\r\n\r\n" + b"\xff" * 100, "multipart/form-data; boundary=x"),
]


def every_route_requests(app, game: str, red_token: str) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(endpoint, method, path, keyword arguments of the test client) for every rule of the
    app: its path with junk values, and its real path with hostile headers, cookies,
    queries and bodies."""
    good = {**GOOD_VALUES, "game_id": game, "token": red_token}
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"OPTIONS", "HEAD"}):
            for junk in JUNK_VALUES_IN_PATH if rule.arguments else ():
                yield rule.endpoint, method, rule.build({a: junk for a in rule.arguments})[1], {}
            path = rule.build({a: good[a] for a in rule.arguments})[1]
            hostile: list[dict[str, Any]] = [{}, *({"headers": h} for h in hostile_headers(game)),
                                             *({"query_string": q} for q in HOSTILE_QUERIES)]
            if method == "POST":
                hostile += [{"data": body, "content_type": content_type}
                            for body, content_type in HOSTILE_BODIES]
            for kwargs in hostile:
                yield rule.endpoint, method, path, kwargs


# An image's address (an <img> shows no words): "no picture yet" is an empty 404.
PICTURES = {"tray.camera_picture"}


def on_site(location: str) -> bool:
    """A redirect's target is a path of this site: no scheme, no host, nothing a browser
    would read as one."""
    parts = urlsplit(location)
    return (location.startswith("/") and not location.startswith(("//", "/\\"))
            and not parts.scheme and not parts.netloc
            and not any(c in location for c in "\\\t\r\n\x00 "))


def worded(response) -> bool:
    """A refusal that says why in words: a JSON error with its message, or a page with one."""
    if response.is_json:
        error = (response.json or {}).get("error") or {}
        return bool(error.get("message")) and error.get("message") != error.get("key")
    page = response.get_data(as_text=True)
    return any(mark in page for mark in ('data-refusal="', '<p class="error" role="alert">',
                                         '<main class="narrow"><h1>'))


def answered(client, method: str, path: str, **kwargs: Any):
    """The response, its body read unless it is a live stream (which never ends)."""
    r = client.open(path, method=method, buffered=False, **kwargs)
    if r.mimetype == "text/event-stream":
        r.close()
    else:
        r.get_data()
    return r


def test_the_hostile_requests_reach_every_route_the_app_registers(app, game):
    red = Phone(app, game, "red")
    cases = every_route_requests(app, game, red.token)
    assert {e for e, _, _, _ in cases} == {r.endpoint for r in app.url_map.iter_rules()}


SHARDS = 4  # the sweep in parts, so the suite's workers share it


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_hostile_path_header_cookie_query_or_body_on_any_route_is_a_server_error(app, table, game, db, shard):
    """Each route the app registers (``app.url_map``), reached by the table and by a device
    with no token: no answer is a 5xx, every refusal says why in words, every redirect stays
    on the site, and the game is exactly as it was."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    red = Phone(app, game, "red")
    views = table.get(f"/api/games/{game}/view").json, red.get("view").json
    before = stored(db)
    cases = list(every_route_requests(app, game, red.token))[shard::SHARDS]
    table_cookie_value = table.get_cookie(f"tc_table_{game}").value
    wrong = []
    for endpoint, method, path, kwargs in cases:
        for as_table in (True, False):
            client = app.test_client()
            if as_table:
                client.set_cookie(f"tc_table_{game}", table_cookie_value)
            r = answered(client, method, path, **kwargs)
            case = (endpoint, method, path[:80], str(kwargs)[:120], r.status_code)
            if r.status_code >= 500:
                wrong.append(("server error", *case))
            elif 300 <= r.status_code < 400 and not on_site(r.headers.get("Location", "")):
                wrong.append(("off-site redirect", r.headers.get("Location"), *case))
            elif r.status_code >= 400 and not worded(r) and endpoint not in PICTURES:
                wrong.append(("unworded refusal", *case))
            elif method == "POST" and 200 <= r.status_code < 300:
                wrong.append(("accepted", *case))
    assert wrong == [], "\n".join(map(repr, wrong[:40]))
    assert stored(db) == before
    assert (table.get(f"/api/games/{game}/view").json, red.get("view").json) == views


class Endless(io.RawIOBase):
    """A request body of ``size`` bytes made as it is read, counting the bytes read."""

    def __init__(self, size: int) -> None:
        self.size, self.read_bytes = size, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = min(len(buffer), self.size - self.read_bytes)
        buffer[:n] = b"a" * n
        self.read_bytes += n
        return n


HUGE = 200 * 2**20
BODY_TYPES = ("application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_huge_body_on_any_route_is_refused_in_words_having_read_at_most_the_routes_limit(
        app, table, game, declared):
    """200 MB sent to every route that takes a body, with its length declared or streamed
    (chunked), by the table and by a device with no token: each is refused with a 4xx that
    says why, no more of it is read than the route takes (and one byte to see it is longer),
    and a body read to its limit is refused as too large."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    stranger = app.test_client()
    good = {**GOOD_VALUES, "game_id": game, "token": "0" * 24}
    wrong = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        path = rule.build({a: good[a] for a in rule.arguments})[1]
        for client, content_type in itertools.product((table, stranger), BODY_TYPES):
            body = Endless(HUGE)
            length = ({"CONTENT_LENGTH": str(HUGE)} if declared else
                      {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True})
            r = client.post(path, content_type=content_type,
                            environ_overrides={"wsgi.input": body, **length})
            limit = body_limit(rule.endpoint)[0]
            if not (400 <= r.status_code < 500 and worded(r)) or body.read_bytes > limit + 1 \
                    or (body.read_bytes > limit and r.status_code != 413):
                wrong.append((rule.endpoint, content_type, r.status_code, body.read_bytes, limit))
    assert wrong == []


def test_the_server_refuses_a_body_longer_than_any_route_takes_before_it_is_sent(server):
    """The server answers 413 to a request whose declared length is past the largest limit
    of any route, as soon as it has the headers: the body is never read."""
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {HUGE}\r\n\r\n".encode())
        status_line = s.makefile("rb").readline()
    assert status_line.split()[1] == b"413"
    assert largest() < HUGE


def test_a_body_longer_than_its_route_takes_is_refused_in_the_devices_language_by_the_server(server):
    data = json.dumps({"players": [{"colour": "red", "name": "x" * 2**20}]}).encode()
    request = urllib.request.Request(f"{server}/api/games", data=data, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Accept-Language": "cs"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 413
    error = json.load(refused.value)["error"]
    assert (error["key"], error["message"]) == ("command.too_big",
                                                 "Požadavek je příliš velký: nejvýš 256 kB.")
