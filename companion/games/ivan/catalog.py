"""Ivan's data file: the numbers the rulebook states and the questions for the printed ones.

The file is checked against its schema when read, so a corrected file that would break a
game is refused with the reason; its digest is the game's data version.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import jsonschema

from companion.engine.game import digest
from companion.engine.printed import Question, declared

PACKAGE = "companion.games.ivan"


def _read(*parts: str) -> Any:
    return json.loads(resources.files(PACKAGE).joinpath(*parts).read_text(encoding="utf-8"))


def check(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document if it can make a game, else ValueError saying why."""
    try:
        jsonschema.validate(document, _read("schema", "ivan.schema.json"))
    except jsonschema.ValidationError as exc:
        raise ValueError(f"ivan.json: {exc.message}") from None
    declared(document["printed"], "ivan.json")
    if set(document["local"]) & set(document["foreign"]):
        raise ValueError("ivan.json: a good is both local and foreign")
    return dict(document)


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The packaged data, checked."""
    return check(_read("data", "ivan.json"))


@lru_cache(maxsize=1)
def questions() -> dict[str, Question]:
    """Every printed value Ivan may ask, by key."""
    return declared(data()["printed"], "ivan.json")


def version() -> str:
    return digest(data())
