"""The game's data file: the numbers the rulebook states and the questions for the printed
ones. Checked against its schema when read, so a corrected file that would break a game is
refused with the reason; its digest is the game's data version."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from companion.engine import datafile
from companion.engine.game import digest
from companion.engine.printed import Question, declared

PACKAGE = "companion.games.little_empires"
FILE = "little_empires.json"


def check(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document if it can make a game, else ValueError saying why."""
    datafile.conforming(document, PACKAGE, FILE)
    declared(document["printed"], FILE)
    return dict(document)


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The packaged data, checked."""
    return check(datafile.read(PACKAGE, "data", FILE))


@lru_cache(maxsize=1)
def questions() -> dict[str, Question]:
    """Every printed value the game may ask, by key."""
    return declared(data()["printed"], FILE)


def version() -> str:
    return digest(data())
