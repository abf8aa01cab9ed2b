"""Ivan's data file: the numbers the rulebook states and the questions for the printed ones.

The file is checked against its schema when read, so a corrected file that would break a
game is refused with the reason; its digest is the game's data version.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from companion.engine import datafile
from companion.engine.game import digest
from companion.engine.printed import Question, declared

PACKAGE = "companion.games.ivan"


def check(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document if it can make a game, else ValueError saying why."""
    datafile.conforming(document, PACKAGE, "ivan.json")
    declared(asked(document), "ivan.json")
    regional = document["faces"]["regional"]
    if sum(regional["backgrounds"].values()) != regional["count"]:
        raise ValueError("ivan.json: the regional tokens' backgrounds do not add up to their count")
    if set(document["local"]) & set(document["foreign"]):
        raise ValueError("ivan.json: a good is both local and foreign")
    return dict(document)


def asked(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The file's questions, with each regional token's and project's face spelt out as
    questions: a face is declared once as its parts and asked per token
    (``ivan.regional<n>.<part>``), per project of each kind (``ivan.trade<n>.<part>``) or
    per city (its income, ``ivan.city.<city>.<part>``) or per trophy, trade token, estate
    and printed board effect (``ivan.trophy<n>.<part>``) and per title (``ivan.title<n>.<part>``),
    so the install can never hold a
    component beyond the box's count."""
    regional, projects = document["faces"]["regional"], document["faces"]["projects"]
    faces = [{**part, "key": f"ivan.regional{n}.{part['part']}", "group": regional["group"],
              "params": {**part.get("params", {}), "n": n}}
             for n in range(1, regional["count"] + 1) for part in regional["parts"]]
    faces += [{**part, "key": f"ivan.{kind}{n}.{part['part']}", "group": projects["group"],
               "params": {**part.get("params", {}), "kind": kind, "n": n}}
              for kind in document["project_kinds"] for n in range(1, projects["per_kind"] + 1)
              for part in projects["parts"]]
    faces += [{**part, "key": f"ivan.city.{city}.{part['part']}", "group": f"printed.group.city.{city}",
               "params": {**part.get("params", {}), "dst": city}}
              for city in document["cities"] for part in document["faces"]["income"]["parts"]]
    effects = document["faces"]["effects"]
    faces += [{**part, "key": f"ivan.{kind}{n}.{part['part']}", "group": effects.get("groups", {}).get(kind, effects["group"]),
               "params": {**part.get("params", {}), "source": kind, "n": n}}
              for kind, count in effects["counts"].items() for n in range(1, count + 1)
              for part in effects["parts"] + effects.get("extra", {}).get(kind, [])]
    titles = document["faces"]["titles"]
    faces += [{**part, "key": f"ivan.title{n}.{part['part']}", "group": titles["group"],
               "params": {**part.get("params", {}), "n": n}}
              for n in range(1, titles["count"] + 1) for part in titles["parts"]]
    return list(document["printed"]) + [{k: v for k, v in face.items() if k != "part"} for face in faces]


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The packaged data, checked."""
    return check(datafile.read(PACKAGE, "data", "ivan.json"))


@lru_cache(maxsize=1)
def questions() -> dict[str, Question]:
    """Every printed value Ivan may ask, by key."""
    return declared(asked(data()), "ivan.json")


def version() -> str:
    return digest(data())
