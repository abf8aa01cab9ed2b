"""Shogun's facts as data: the board side, the set-ups, the cards and tables.

Everything printed on the board or the cards lives in JSON next to this module and is
checked against a schema when loaded, so a group can load a corrected board file (their
own printing, the moon side) without touching code. The checks go beyond the schema to
what a broken file would otherwise turn into a confusing game: unknown provinces in the
adjacency, one-way routes, recommended set-ups that disagree with the army groups.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import jsonschema

from companion.engine.game import digest

DATA = resources.files("companion.games.shogun") / "data"


class DataError(ValueError):
    """A data file that does not describe a playable Shogun."""


@dataclass(frozen=True)
class Province:
    id: str
    name: Mapping[str, str]
    region: str
    tax: int
    rice: int
    building_slots: int
    not_in_three_player_game: bool
    map_xy: tuple[float, float]


@dataclass(frozen=True)
class Board:
    """One side of the board: provinces, regions and who borders whom (sea routes included)."""

    side: str
    regions: tuple[str, ...]
    region_names: Mapping[str, Mapping[str, str]]
    provinces: Mapping[str, Province]
    neighbours: Mapping[str, frozenset[str]]
    raw: Mapping[str, Any]

    def in_play(self, players: int) -> tuple[str, ...]:
        """Provinces used with this many players (rulebook: 8 are left out with three)."""
        return tuple(p for p, prov in self.provinces.items()
                     if not (players == 3 and prov.not_in_three_player_game))

    def name(self, province: str, lang: str) -> str:
        names = self.provinces[province].name
        return names.get(lang) or names["en"]


@dataclass(frozen=True)
class Catalog:
    board: Board
    setup: Mapping[str, Any]
    cards: Mapping[str, Any]

    @property
    def actions(self) -> Mapping[str, Mapping[str, Any]]:
        return {a["id"]: a for a in self.cards["actions"]}

    @property
    def specials(self) -> Mapping[str, Mapping[str, Any]]:
        return {s["id"]: s for s in self.cards["specials"]}

    @property
    def events(self) -> Mapping[str, Mapping[str, Any]]:
        return {e["id"]: e for e in self.cards["events"]}


def _read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _check(document: Any, schema_name: str, what: str) -> None:
    try:
        jsonschema.validate(document, _read(f"schema/{schema_name}"))
    except jsonschema.ValidationError as exc:
        path = "/".join(str(p) for p in exc.absolute_path)
        raise DataError(f"{what}: {exc.message} at /{path}") from None


def read_data(name: str) -> Any:
    """One of the packaged data files, as JSON (an expansion's, say)."""
    return _read(name)


def check_document(document: Any, schema_name: str, what: str) -> None:
    """Refuse ``document`` unless it fits ``schema_name`` in ``data/schema``."""
    _check(document, schema_name, what)


def board_from_dict(document: Mapping[str, Any]) -> Board:
    """A board from its JSON document, refusing anything that would play wrongly."""
    _check(document, "board.schema.json", "board")
    regions = tuple(r["id"] for r in document["regions"])
    provinces: dict[str, Province] = {}
    for p in document["provinces"]:
        if p["id"] in provinces:
            raise DataError(f"board: province {p['id']} is listed twice")
        if p["region"] not in regions:
            raise DataError(f"board: province {p['id']} is in unknown region {p['region']}")
        provinces[p["id"]] = Province(
            id=p["id"], name=dict(p["name"]), region=p["region"], tax=p["tax"], rice=p["rice"],
            building_slots=p["building_slots"],
            not_in_three_player_game=p["not_in_three_player_game"],
            map_xy=tuple(p.get("map_xy", (0.0, 0.0))))
    neighbours: dict[str, set[str]] = {p: set() for p in provinces}
    for a, b in list(document["adjacent"]) + list(document.get("sea_routes", [])):
        for end in (a, b):
            if end not in provinces:
                raise DataError(f"board: route {a}-{b} names unknown province {end}")
        if a == b:
            raise DataError(f"board: province {a} borders itself")
        neighbours[a].add(b)
        neighbours[b].add(a)
    lonely = [p for p, n in neighbours.items() if not n]
    if lonely:
        raise DataError(f"board: provinces with no neighbour: {', '.join(lonely)}")
    return Board(side=document["board_side"], regions=regions,
                 region_names={r["id"]: dict(r["name"]) for r in document["regions"]},
                 provinces=provinces,
                 neighbours={p: frozenset(n) for p, n in neighbours.items()}, raw=document)


def check_setup(setup: Mapping[str, Any], board: Board) -> None:
    """The recommended set-ups must use the real army groups and provinces in play."""
    _check(setup, "setup.schema.json", "setup")
    groups = setup["settlement_groups"]
    for players, tables in setup["recommended"].items():
        n = int(players)
        expected = sorted(groups[: setup["groups_used"][players]])
        if len(tables) != n:
            raise DataError(f"setup: {players} players need {n} recommended lists")
        seen: set[str] = set()
        for i, table in enumerate(tables, 1):
            armies = sorted(entry["armies"] for entry in table)
            if armies != expected:
                raise DataError(f"setup: {players} players, player {i}: groups {armies} "
                                f"are not the board's {expected}")
            for entry in table:
                p = entry["province"]
                if p not in board.in_play(n):
                    raise DataError(f"setup: {p} is not in play with {players} players")
                if p in seen:
                    raise DataError(f"setup: {p} is given to two players")
                seen.add(p)


def check_cards(cards: Mapping[str, Any]) -> None:
    _check(cards, "cards.schema.json", "cards")
    actions = [a["id"] for a in cards["actions"]]
    if len(set(actions)) != len(actions):
        raise DataError("cards: action ids repeat")


def documents(side: str = "sun", board: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The data a game is made with, as the JSON documents a ``created`` event records
    (``board`` a group's own corrected board instead of the packaged side)."""
    return {"board": dict(board) if board is not None else _read(f"board-{side}.json"),
            "setup": _read(f"setup-{side}.json"), "cards": _read("cards.json")}


def data_version(data: Mapping[str, Any]) -> str:
    return digest(data["board"], data["setup"], data["cards"])


_RECORDED: dict[str, Catalog] = {}


def recorded_catalog(data: Mapping[str, Any], version: str) -> Catalog:
    """The catalogue a game was made with, from the documents in its ``created`` event:
    a corrected data file in a later release never changes how a saved game replays.
    Checked once per process for each data version."""
    found = _RECORDED.get(version)
    if found is None:
        board = board_from_dict(data["board"])
        check_setup(data["setup"], board)
        check_cards(data["cards"])
        found = _RECORDED[version] = Catalog(board=board, setup=data["setup"], cards=data["cards"])
    return found


@lru_cache(maxsize=None)
def load_catalog(side: str = "sun") -> Catalog:
    """The packaged data for a board side, checked once per process."""
    board = board_from_dict(_read(f"board-{side}.json"))
    return catalog_with_board(board, side)


def catalog_with_board(board: Board, side: str = "sun") -> Catalog:
    setup = _read(f"setup-{side}.json")
    cards = _read("cards.json")
    check_setup(setup, board)
    check_cards(cards)
    return Catalog(board=board, setup=setup, cards=cards)
