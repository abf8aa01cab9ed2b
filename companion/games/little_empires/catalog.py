"""The game's data file: the numbers the rulebook states and the questions for the printed
ones. Checked against its schema when read, so a corrected file that would break a game is
refused with the reason; its digest is the game's data version."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import jsonschema

from companion.engine.game import digest
from companion.engine.printed import Question, declared

PACKAGE = "companion.games.little_empires"
FILE = "little_empires.json"


def _read(*parts: str) -> Any:
    return json.loads(resources.files(PACKAGE).joinpath(*parts).read_text(encoding="utf-8"))


def check(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document if it can make a game, else ValueError saying why."""
    try:
        jsonschema.validate(document, _read("schema", "little_empires.schema.json"))
    except jsonschema.ValidationError as exc:
        raise ValueError(f"{FILE}: {exc.message}") from None
    declared(document["printed"], FILE)
    return dict(document)


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The packaged data, checked."""
    return check(_read("data", FILE))


@lru_cache(maxsize=1)
def questions() -> dict[str, Question]:
    """Every printed value the game may ask, by key."""
    return declared(data()["printed"], FILE)


def version() -> str:
    return digest(data())
