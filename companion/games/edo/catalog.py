"""Edo's data file: the numbers the rulebook states and the questions for the printed ones.

The file is checked against its schema when read, so a corrected file that would break a
game is refused with the reason; its digest is the game's data version.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from companion.engine import datafile
from companion.engine.game import digest
from companion.engine.printed import Question, declared
from companion.games.edo import income, roads

PACKAGE = "companion.games.edo"


def check(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document if it can make a game, else ValueError saying why."""
    datafile.conforming(document, PACKAGE, "edo.json")
    questions = declared(_all_printed(document), "edo.json")
    actions = set(document["actions"])
    for question in questions.values():
        if question.key.endswith(tuple(f".action{n}" for n in range(1, 5))) and \
                not set(question.choices) <= actions:
            raise ValueError(f"edo.json: {question.key} offers an action the game does not have")
    return dict(document)


def _all_printed(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The questions the file lists, the roads of each side its map counts allow, and the
    income table's shares."""
    return list(document["printed"]) + roads.questions(document) + income.questions(document)


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    """The packaged data, checked."""
    return check(datafile.read(PACKAGE, "data", "edo.json"))


@lru_cache(maxsize=1)
def questions() -> dict[str, Question]:
    """Every printed value Edo may ask, by key."""
    return declared(_all_printed(data()), "edo.json")


def version() -> str:
    return digest(data())
