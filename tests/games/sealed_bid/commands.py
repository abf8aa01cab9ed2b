"""Sealed bids' two commands, parsed strictly from the JSON a device sends.

A phone's request is untrusted: every field is checked for its exact JSON type (a bool is
not a number, 3.0 is not a whole number), strings are bounded and must be showable (a lone
surrogate cannot be encoded, so it could not be stored or drawn), and unknown fields are
refused rather than ignored, so a typo never passes silently.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from companion.errors import RuleError

SEAT = re.compile(r"[a-z0-9_-]{1,24}")
SEATS = ("north", "east", "south", "west", "centre")  # the seats the new-game form offers
NAME_MAX = 40
SEED_MAX = 2**63 - 1
COINS_MAX = 2**31 - 1
MIN_PLAYERS, MAX_PLAYERS = 3, 5


@dataclass(frozen=True)
class Player:
    seat: str
    name: str


@dataclass(frozen=True)
class Create:
    players: tuple[Player, ...]


@dataclass(frozen=True)
class Bid:
    seat: str
    coins: int


def _fields(data: Mapping[str, Any], required: set[str],
            optional: frozenset[str] = frozenset()) -> None:
    for name in data:
        if name not in required | optional:
            raise RuleError("sealed_bid.unknown_field", field=_shown(name))
    missing = sorted(required - set(data))
    if missing:
        raise RuleError("sealed_bid.missing_field", field=missing[0])


def _shown(value: Any) -> str:
    """Something the sender wrote, fit to echo in a message: encodable and short."""
    text = value if isinstance(value, str) else repr(value)
    return text.encode("utf-8", "replace").decode("utf-8")[:40]


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleError("sealed_bid.bad_field", field=field)
    return value


def _text(value: Any, field: str, most: int) -> str:
    if not isinstance(value, str):
        raise RuleError("sealed_bid.bad_field", field=field)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise RuleError("sealed_bid.bad_text", field=field) from None
    if any(ch < " " or "\x7f" <= ch < "\xa0" for ch in value):
        raise RuleError("sealed_bid.bad_text", field=field)
    if len(value) > most:
        raise RuleError("sealed_bid.text_too_long", field=field, max=most)
    return value


def _seat(value: Any, field: str) -> str:
    seat = _text(value, field, 24)
    if not SEAT.fullmatch(seat):
        raise RuleError("sealed_bid.bad_seat", seat=seat)
    return seat


def _player(value: Any, at: int) -> Player:
    if not isinstance(value, dict):
        raise RuleError("sealed_bid.bad_field", field=f"players[{at}]")
    _fields(value, {"seat"}, frozenset({"name"}))
    name = _text(value.get("name", ""), f"players[{at}].name", NAME_MAX).strip()
    return Player(_seat(value["seat"], f"players[{at}].seat"), name)


def _create(data: Mapping[str, Any]) -> Create:
    _fields(data, {"type", "players"}, frozenset({"seed"}))
    if "seed" in data:
        _int(data["seed"], "seed", 0, SEED_MAX)
    players = data["players"]
    if not isinstance(players, list):
        raise RuleError("sealed_bid.bad_field", field="players")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("sealed_bid.player_count", count=len(players))
    parsed = tuple(_player(p, i) for i, p in enumerate(players))
    seats = [p.seat for p in parsed]
    for seat in seats:
        if seats.count(seat) > 1:
            raise RuleError("sealed_bid.seat_twice", seat=seat)
    return Create(parsed)


def _bid(data: Mapping[str, Any]) -> Bid:
    _fields(data, {"type", "seat", "coins"})
    return Bid(_seat(data["seat"], "seat"), _int(data["coins"], "coins", -COINS_MAX, COINS_MAX))


PARSERS = {"create": _create, "bid": _bid}


def parse(data: Any) -> Create | Bid:
    """The command ``data`` describes; RuleError("sealed_bid.*") for anything malformed."""
    if not isinstance(data, dict):
        raise RuleError("sealed_bid.unknown_command", type=type(data).__name__)
    kind = data.get("type")
    parser = PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise RuleError("sealed_bid.unknown_command", type=_shown(kind))
    return parser(data)
