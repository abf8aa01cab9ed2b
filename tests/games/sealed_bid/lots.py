"""The lots table: the deck of lot values, how many are auctioned, the starting coins.

It is data, not code, so its digest is the game's data version: a saved game records the
version it was dealt from, and the lots it drew, and replays the same after the file changes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from companion.engine.game import digest

FILE = resources.files("games.sealed_bid") / "data" / "lots.json"


class LotsError(ValueError):
    """A lots table that cannot make a game."""


@dataclass(frozen=True)
class Lots:
    starting_coins: int
    rounds: int
    lot_points: tuple[int, ...]


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def check(document: Mapping[str, Any]) -> Lots:
    """The table, refused if it would deal a broken game (fewer lots than rounds, a lot
    worth nothing)."""
    if not isinstance(document, Mapping) or \
            set(document) != {"starting_coins", "rounds", "lot_points"}:
        raise LotsError("lots: expected exactly starting_coins, rounds and lot_points")
    points = document["lot_points"]
    if not isinstance(points, list) or not all(_positive(p) for p in points):
        raise LotsError("lots: lot_points must be a list of positive whole numbers")
    if not _positive(document["starting_coins"]):
        raise LotsError("lots: starting_coins must be a positive whole number")
    if not _positive(document["rounds"]) or document["rounds"] > len(points):
        raise LotsError(f"lots: rounds must be 1 to {len(points)}, the lots in the deck")
    return Lots(document["starting_coins"], document["rounds"], tuple(points))


def document() -> dict[str, Any]:
    return json.loads(FILE.read_text(encoding="utf-8"))


def load() -> Lots:
    return check(document())


def version() -> str:
    return digest(document())
