"""The expansions a Shogun game may be created with, and the data each one records.

A game names its expansions in the create command; the ``created`` event records each one
with its data file as it was then (``config["expansions"]``), so a saved game replays with
the values it was played with even after a data file is corrected. A game created without
expansions records nothing new and is the base game exactly as before. Adding an expansion
is one entry in ``IMPLEMENTED`` and its data file with a schema in ``data/``.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.engine.printed import declared
from companion.errors import RuleError
from companion.games.shogun.catalog import DataError, check_document, read_data
from companion.games.shogun.tenno import check_tenno

IMPLEMENTED: tuple[str, ...] = ("tenno", "samurai", "generals", "dajokan")
"""In the rulebook's order («Двор Тэнно», «Самураи», «Генералы», «Дадзёкан»): the new-game
form offers them in this order."""


def valour_amount(card: int, kind: str) -> str:
    """The printed value's key of one bonus amount on valour card ``card`` (1-4)."""
    return f"samurai.card{card}.{kind}"


def check_samurai(document: Mapping[str, Any]) -> None:
    """«...так чтобы карта с пустым знаменем оказалась сверху»: cards 1-4 in stacking
    order, the first (the empty banner) with no bonus."""
    check_document(document, "samurai.schema.json", "samurai")
    numbers = [card["card"] for card in document["stack"]]
    if numbers != [1, 2, 3, 4]:
        raise DataError(f"samurai: the stack must be cards 1-4 in order, not {numbers}")
    if document["stack"][0]["bonuses"]:
        raise DataError("samurai: card 1, the empty banner, has no bonus")
    asked = {valour_amount(card["card"], kind) for card in document["stack"]
             for kind in card["bonuses"]}
    if asked != set(declared(document["printed"], "samurai")):
        raise DataError("samurai: every bonus on cards 2-4 is one printed value, asked once")


IMPROVABLE = frozenset({"castle", "temple", "theatre", "rice", "taxes", "recruit5", "recruit3",
                        "recruit1"})
"""The actions the Generals' reference card improves; «Сражение/Перемещение» is not among them."""


def check_generals(document: Mapping[str, Any]) -> None:
    """Every improved action is one the reference card prints, and each says what it improves."""
    check_document(document, "generals.schema.json", "generals")
    for action, improved in document["improved"].items():
        if action not in IMPROVABLE:
            raise DataError(f"generals: no improved action {action!r} on the reference card")
        if not {"cost", "armies", "plus"} & set(improved):
            raise DataError(f"generals: the improved {action} changes nothing")


def check_dajokan(document: Mapping[str, Any]) -> None:
    """One cell a token for every grid the table may answer, and a question for the points
    of every row and column such a grid has."""
    check_document(document, "dajokan.schema.json", "dajokan")
    try:
        asked = declared(document["printed"], "dajokan")
    except ValueError as exc:
        raise DataError(str(exc)) from None
    if "dajokan.rows" not in asked:
        raise DataError("dajokan: the board's rows are not asked")
    for rows in asked["dajokan.rows"].options():
        if document["tokens"] % rows:
            raise DataError(f"dajokan: {rows} rows cannot hold {document['tokens']} tokens")
        lines = {"row": rows, "column": document["tokens"] // rows}
        for kind, n in lines.items():
            missing = [i for i in range(1, n + 1) if f"dajokan.{kind}.{i}" not in asked]
            if missing:
                raise DataError(f"dajokan: no question for the points of {kind}s {missing}")


SET_UP_NOTES = {"generals": "generals.set_up", "dajokan": "dajokan.set_up", "tenno": "tenno.set_up"}
"""The log line saying what an expansion adds at set-up, where it has its own."""

CHECKS = {"samurai": check_samurai, "generals": check_generals, "dajokan": check_dajokan,
          "tenno": check_tenno}


def recorded(names: Sequence[str]) -> dict[str, Any]:
    """The data of each expansion named, checked, to record in the ``created`` event;
    refused with the name of one this install does not implement, or one named twice."""
    for name in names:
        if name not in IMPLEMENTED:
            raise RuleError("setup.unknown_expansion", expansion=name)
    if len(set(names)) != len(names):
        raise RuleError("setup.expansion_twice")
    found: dict[str, Any] = {}
    for name in IMPLEMENTED:
        if name in names:
            document = read_data(f"{name}.json")
            CHECKS[name](document)
            try:
                declared(document.get("printed", ()), name)
            except ValueError as exc:
                raise DataError(str(exc)) from None
            found[name] = document
    return found
