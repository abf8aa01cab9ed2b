"""Every malformed command is refused by the schema, in words every device can show, and
changes nothing.

The table is generated: for each Shogun command and each of its fields, the field missing,
of every wrong JSON kind, out of range, oversized, with a lone surrogate or a control
character, and buried in deep nesting; the nested maps and lists the same way one level
down; then unknown fields, unknown and non-string types, and requests that are no object.
Each goes through a real game in progress, and the game's events and views must not move.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest

from companion.engine import EventStore, Session
from companion.errors import RuleError
from companion.games.shogun.catalog import load_catalog
from companion.games.shogun.commands import parse, to_dict
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.text import CATALOGUES
from companion.i18n import LANGUAGES, Names, render
from shogun_table import Table

RULES = ShogunRules()
UNFILLED = re.compile(r"\{[a-z_|]+\}")

# One well-formed command of each type; the table breaks one thing at a time.
WELL_FORMED: dict[str, dict[str, Any]] = {
    "create": {"seed": 7, "setup": "recommended", "side": "sun",
               "players": [{"colour": "red", "name": "Аня"}, {"colour": "blue", "name": "Zdeněk"},
                           {"colour": "yellow"}]},
    "draft_refresh": {"player": "red"},
    "draft_pick": {"player": "red", "take": "face_up", "armies": 5, "province": "mino"},
    "count_tray": {"counts": {"red": 1, "green": 0}},
    "cubes_fell": {"counts": {"red": 1}},
    "plan": {"player": "red", "actions": {"taxes": "settsu"}, "bid": {"chests": 1}},
    "choose_special": {"player": "red", "slot": 1},
    "move": {"player": "red", "to": "kai", "armies": 2},
    "pass": {"player": "red"},
    "choose_revolt": {"player": "red", "province": "kai"},
    "end_game": {},
}
OPTIONAL = {"setup", "side", "board", "province", "bid", "seed"}
KIND_OF_FIELD = {"seed": "seed", "armies": "count", "slot": "count", "players": "players",
                 "counts": "counts", "actions": "actions", "bid": "bid"}

MISSING = {"command.missing_field"}
WRONG = {"command.bad_field", "tray.bad_count"}
RANGE = {"command.out_of_range", "tray.bad_count"}
SHORT = {"command.too_short"}
LONG = {"command.too_long"}
TEXT = {"command.bad_text"}
CHOICE = {"command.bad_choice"}
NESTED = {"command.bad_field", "command.bad_choice", "command.too_deep", "tray.bad_count"}
UNKNOWN = {"command.unknown"}


def deep_list(depth: int) -> list:
    root: list = []
    node = root
    for _ in range(depth):
        node.append([])
        node = node[0]
    return root


def deep_dict(depth: int) -> dict:
    root: dict = {}
    node = root
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


WRONG_KINDS = {"true": True, "float": 1.0, "text": "7", "number": 7, "list": ["x"],
               "object": {"x": 1}, "null": None}
BAD_TEXT = {"surrogate": "\ud800", "trailing_surrogate": "red\udfff", "nul": "red\x00",
            "newline": "red\n", "escape": "\x1b[2J", "c1": "red\x85", "del": "\x7f"}


def text_cases(optional: bool, empty_allowed: bool = False) -> Iterator[tuple[str, Any, set[str]]]:
    for name, value in WRONG_KINDS.items():
        if name != "text" and not (name == "null" and optional):
            yield name, value, WRONG
    yield "41_chars", "x" * 41, LONG
    yield "1_mb", "я" * 1_000_000, LONG
    if not empty_allowed:
        yield "empty", "", SHORT
    for name, value in BAD_TEXT.items():
        yield name, value, TEXT
    yield "nested", deep_list(10_000), NESTED


def count_cases(least: int, most: int, optional: bool = False) -> Iterator[tuple[str, Any, set[str]]]:
    for name, value in WRONG_KINDS.items():
        if name != "number" and not (name == "null" and optional):
            yield name, value, WRONG
    yield "2.5", 2.5, WRONG
    yield "nan", float("nan"), WRONG
    yield "below", least - 1, RANGE
    yield "above", most + 1, RANGE
    yield "2**64", 2**64, RANGE
    yield "nested", deep_list(10_000), NESTED


def map_cases(values: list[tuple[str, Any, set[str]]], most: int,
              optional: bool = False) -> Iterator[tuple[str, Any, set[str]]]:
    """A map field: of the wrong kind, too big, with a bad key, with each bad value."""
    for name, value in WRONG_KINDS.items():
        if name != "object" and not (name == "null" and optional):
            yield name, value, WRONG
    yield "too_many", {f"k{i}": 1 for i in range(most + 1)}, LONG
    yield "key_41_chars", {"x" * 41: 1}, LONG
    yield "key_empty", {"": 1}, SHORT
    for name, key in BAD_TEXT.items():
        yield f"key_{name}", {key: 1}, TEXT
    for name, value, keys in values:
        yield f"value_{name}", value, keys
    yield "nested", deep_dict(10_000), NESTED


def seat_cases() -> Iterator[tuple[str, Any, set[str]]]:
    others = [{"colour": "blue"}, {"colour": "yellow"}]
    for name, value in WRONG_KINDS.items():
        if name != "object":
            yield f"seat_{name}", [value] + others, WRONG
    yield "as_strings", ["red", "blue", "yellow"], WRONG
    yield "seat_without_colour", [{"name": "Аня"}] + others, MISSING
    yield "seat_extra_field", [{"colour": "red", "pin": "1234"}] + others, WRONG
    for name, value, keys in text_cases(optional=False):
        yield f"colour_{name}", [{"colour": value}] + others, keys
    for name, value, keys in text_cases(optional=True, empty_allowed=True):
        yield f"name_{name}", [{"colour": "red", "name": value}] + others, keys


def players_cases() -> Iterator[tuple[str, Any, set[str]]]:
    for name, value in WRONG_KINDS.items():
        if name != "list":
            yield name, value, WRONG
    yield "nine_seats", [{"colour": "red"}] * 9, LONG
    yield from seat_cases()
    yield "nested", deep_list(10_000), NESTED


def bid_cases() -> Iterator[tuple[str, Any, set[str]]]:
    for name, value in WRONG_KINDS.items():
        if name not in ("object", "null"):
            yield name, value, WRONG
    yield "empty", {}, SHORT
    yield "both", {"chests": 1, "province": "settsu"}, LONG
    yield "gold", {"gold": 1}, CHOICE
    yield "key_surrogate", {"\ud800": 1}, TEXT | UNKNOWN | CHOICE
    for name, value, keys in count_cases(0, 200):
        yield f"chests_{name}", {"chests": value}, keys | WRONG
    for name, value, keys in text_cases(optional=False):
        yield f"province_{name}", {"province": value}, keys | WRONG
    yield "nested", deep_dict(10_000), NESTED


def board_cases() -> Iterator[tuple[str, Any, set[str]]]:
    for name, value in WRONG_KINDS.items():
        if name not in ("object", "null"):
            yield name, value, WRONG
    yield "nested_dicts", deep_dict(10_000), {"command.too_deep"}
    yield "nested_lists", {"provinces": deep_list(10_000)}, {"command.too_deep"}
    yield "nan", {"provinces": [{"map_xy": [float("nan"), 0.0]}]}, WRONG
    yield "infinity", {"tax": float("inf")}, WRONG
    yield "too_many_values", {"adjacent": list(range(10_001))}, {"command.too_large"}
    yield "text_too_long", {"about": "x" * 2_001}, LONG
    yield "key_too_long", {"x" * 2_001: 1}, LONG
    for name, value in BAD_TEXT.items():
        yield f"text_{name}", {"regions": [{"id": value}]}, TEXT
        yield f"key_{name}", {value: 1}, TEXT


def field_cases(command: str, field: str) -> Iterator[tuple[str, Any, set[str]]]:
    kind = KIND_OF_FIELD.get(field, "text")
    if field not in OPTIONAL:
        yield "missing", ..., MISSING
    if field == "board":
        yield from board_cases()
    elif kind == "text":
        yield from text_cases(optional=field in OPTIONAL)
    elif kind == "count":
        yield from count_cases(0, 200)
    elif kind == "seed":
        yield from count_cases(-(2**53 - 1), 2**53 - 1, optional=True)
    elif kind == "players":
        yield from players_cases()
    elif kind == "bid":
        yield from bid_cases()
    elif kind == "counts":
        values = [(name, {"red": value}, keys) for name, value, keys in count_cases(0, 200)]
        yield from map_cases(values, most=6)
    elif kind == "actions":
        values = [(name, {"taxes": value}, keys) for name, value, keys in text_cases(optional=False)]
        yield from map_cases(values, most=16)


def malformed() -> Iterator[Any]:
    for command, fields in WELL_FORMED.items():
        for field in list(fields) + (["board"] if command == "create" else []):
            for name, value, keys in field_cases(command, field):
                data = {"type": command, **fields}
                if value is ...:
                    del data[field]
                else:
                    data[field] = value
                yield pytest.param(data, keys, field, id=f"{command}-{field}-{name}")
        for name, extra in {"unknown_field": {"as_host": True},
                            "surrogate_field": {"as\ud800host": True},
                            "long_field": {"x" * 10_000: 1}}.items():
            data = {"type": command, **fields, **extra}
            yield pytest.param(data, WRONG | TEXT, None, id=f"{command}-{name}")
    for name, value in {"win_the_game": "win_the_game", "empty": "", "upper": "PASS",
                        "surrogate": "\ud800", "1_mb": "x" * 1_000_000, "number": 1,
                        "float": 1.0, "true": True, "null": None, "list": ["pass"],
                        "object": {"type": "pass"}, "nested": deep_list(10_000)}.items():
        yield pytest.param({"type": value, "player": "red"}, UNKNOWN, None, id=f"type-{name}")
    yield pytest.param({"player": "red"}, MISSING, "type", id="type-missing")
    for name, value in {"list": [{"type": "pass", "player": "red"}], "text": "pass",
                        "number": 5, "null": None, "true": True, "float": 1.5,
                        "nested": deep_list(10_000)}.items():
        yield pytest.param(value, {"command.unknown", "command.not_object"}, None,
                           id=f"not_an_object-{name}")


CASES = list(malformed())


def snapshot(table: Table) -> tuple[str, str]:
    views = {str(viewer): RULES.view(table.state, viewer)
             for viewer in (None, *table.state.seating)}
    return json.dumps(table.session.history), json.dumps(views, sort_keys=True)


@pytest.fixture(scope="module")
def game() -> Table:
    """A game waiting for plans: refusals must leave it exactly so."""
    return Table()


def assert_worded(err: RuleError) -> None:
    """Known in every language, every placeholder filled, short and encodable everywhere."""
    for lang in LANGUAGES:
        names = Names(lang, catalogues=CATALOGUES)
        assert names.message(err.key) is not None, (lang, err.key)
        line = render(err.key, err.params, names)
        assert not UNFILLED.search(line), line
        line.encode("utf-8")
    assert len(json.dumps(err.params, ensure_ascii=False)) < 300, err.params


def test_the_table_has_at_least_two_hundred_malformed_commands():
    assert len(CASES) >= 200


@pytest.mark.parametrize("data, keys, field", CASES)
def test_a_malformed_command_is_refused_and_changes_nothing(game, data, keys, field):
    before = snapshot(game)
    with pytest.raises(RuleError) as refused:
        game.session.execute(data)
    err = refused.value
    assert err.key in keys, err
    assert_worded(err)
    if field is not None and "field" in err.params:
        assert re.match(rf"{field}\b", err.params["field"]), err
    assert snapshot(game) == before


@pytest.mark.parametrize("command", list(WELL_FORMED))
def test_every_well_formed_command_parses_and_survives_the_trip_through_json(command):
    record = parse({"type": command, **WELL_FORMED[command]})
    assert parse(to_dict(record)) == record


def test_something_other_than_an_object_is_refused_by_the_schema_too():
    with pytest.raises(RuleError) as refused:
        parse(["pass"])
    assert (refused.value.key, refused.value.params) == ("command.not_object", {"got": "array"})


def test_the_longest_allowed_name_and_a_custom_board_are_accepted():
    players = [{"colour": "red", "name": "Ж" * 40}, {"colour": "blue"}, {"colour": "yellow"}]
    board = json.loads(json.dumps(load_catalog("sun").board.raw))
    session = Session.create(RULES, {"type": "create", "seed": 3, "players": players,
                                     "board": board})
    assert session.state.players["red"].name == "Ж" * 40


# -- the fuzz's findings, one test each ------------------------------------------------------------

def refused_on(table: Table, command: dict[str, Any]) -> RuleError:
    before = snapshot(table)
    with pytest.raises(RuleError) as refused:
        table.session.execute(command)
    assert snapshot(table) == before
    assert_worded(refused.value)
    return refused.value


def refused_creation(tmp_path, command: dict[str, Any]) -> RuleError:
    store = EventStore(tmp_path / "games.sqlite3")
    with pytest.raises(RuleError) as refused:
        Session.create(RULES, command, store)
    assert store.games() == []
    assert_worded(refused.value)
    return refused.value


def plan(bid: Any) -> dict[str, Any]:
    return {"type": "plan", "player": "red", "actions": {}, "bid": bid}


def test_a_bid_of_one_point_zero_is_refused_not_paid_as_a_float_chest():
    table = Table()
    err = refused_on(table, plan({"chests": 1.0}))
    assert (err.key, err.params["field"]) == ("command.bad_field", "bid.chests")
    table.do(plan({"chests": 1}))
    assert table.state.plans["red"]["bid"] == {"chests": 1}


def test_a_bid_of_true_is_refused_not_taken_as_one_chest():
    err = refused_on(Table(), plan({"chests": True}))
    assert (err.key, err.params["field"]) == ("command.bad_field", "bid.chests")


def test_a_type_that_is_a_list_is_refused_not_a_server_error():
    err = refused_on(Table(), {"type": ["plan"], "player": "red", "actions": {}})
    assert (err.key, err.params) == ("command.unknown", {"type": "array"})


@pytest.mark.parametrize("where", ["armies", "unknown field", "board", "players", "counts",
                                   "type"])
def test_deeply_nested_json_is_refused_not_a_crash(tmp_path, where):
    deep = deep_list(200_000)
    if where == "board":
        err = refused_creation(tmp_path, {"type": "create", "seed": 1, "board": deep_dict(200_000),
                                          "players": WELL_FORMED["create"]["players"]})
        assert err.key == "command.too_deep"
        return
    command = {"armies": {"type": "move", "player": "red", "to": "kai", "armies": deep},
               "unknown field": {"type": "pass", "player": "red", "junk": deep},
               "players": {"type": "create", "seed": 1, "players": deep},
               "counts": {"type": "count_tray", "counts": {"red": deep_dict(200_000)}},
               "type": {"type": deep}}[where]
    refused_on(Table(), command)


def test_a_bid_province_given_as_an_object_is_refused():
    err = refused_on(Table(), plan({"province": {"id": "settsu", "chests": 4}}))
    assert (err.key, err.params["field"]) == ("command.bad_field", "bid.province")


def test_players_given_as_strings_are_refused(tmp_path):
    err = refused_creation(tmp_path, {"type": "create", "seed": 1,
                                      "players": ["red", "blue", "yellow"]})
    assert err.key == "command.bad_field"
    assert err.params == {"field": "players[0]", "expected": "object"}


def test_a_player_name_with_a_lone_surrogate_is_refused_before_a_game_exists(tmp_path):
    players = [{"colour": "red", "name": "Аня"}, {"colour": "blue", "name": "\ud800"},
               {"colour": "yellow"}]
    err = refused_creation(tmp_path, {"type": "create", "seed": 1, "players": players})
    assert (err.key, err.params) == ("command.bad_text", {"field": "players[1].name"})


def test_a_one_megabyte_player_name_is_refused(tmp_path):
    players = [{"colour": "red", "name": "x" * 1_000_000}, {"colour": "blue"},
               {"colour": "yellow"}]
    err = refused_creation(tmp_path, {"type": "create", "seed": 1, "players": players})
    assert (err.key, err.params) == ("command.too_long", {"field": "players[0].name", "most": 40})
