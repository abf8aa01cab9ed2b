"""Shogun's commands: small immutable records, each one thing a device asks the game to do.

Commands arrive as JSON from phones and the tablet; ``parse`` turns a dict into a record
and refuses anything malformed (a missing field, a string where a count belongs, an
unknown command) with a RuleError, before the rules ever see it.
"""
from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
import collections.abc
from typing import Any, Mapping, Union, get_args, get_origin, get_type_hints

from companion.errors import RuleError


@dataclass(frozen=True)
class CreateGame:
    """Players in seating order, oldest first (the draft starts with them, clockwise)."""
    players: tuple[Mapping[str, str], ...]
    seed: int
    setup: str = "draft"
    side: str = "sun"
    board: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DraftRefresh:
    player: str


@dataclass(frozen=True)
class DraftPick:
    player: str
    take: str
    armies: int
    province: str | None = None


@dataclass(frozen=True)
class CountTray:
    counts: Mapping[str, int]


@dataclass(frozen=True)
class CubesFell:
    """Cubes that dropped out of the tower by themselves, between battles."""
    counts: Mapping[str, int]


@dataclass(frozen=True)
class SubmitPlan:
    player: str
    actions: Mapping[str, str]
    bid: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class ChooseSpecial:
    player: str
    slot: int


@dataclass(frozen=True)
class Move:
    player: str
    to: str
    armies: int


@dataclass(frozen=True)
class Pass:
    player: str


@dataclass(frozen=True)
class ChooseRevolt:
    player: str
    province: str


@dataclass(frozen=True)
class EndGame:
    """The host ends the game before its time (the table has to leave): it is ranked as
    the score track stands, ties going to more chests, as at the real end."""


Command = Union[CreateGame, DraftRefresh, DraftPick, CountTray, CubesFell, SubmitPlan,
               ChooseSpecial, Move, Pass, ChooseRevolt, EndGame]

NAMES: dict[str, type] = {
    "create": CreateGame, "draft_refresh": DraftRefresh, "draft_pick": DraftPick,
    "count_tray": CountTray, "cubes_fell": CubesFell, "plan": SubmitPlan, "choose_special": ChooseSpecial,
    "move": Move, "pass": Pass, "choose_revolt": ChooseRevolt, "end_game": EndGame,
}
TYPE_OF = {cls: name for name, cls in NAMES.items()}


def to_dict(command: Command) -> dict[str, Any]:
    data = {"type": TYPE_OF[type(command)]}
    data.update({k: v for k, v in asdict(command).items() if v is not None})
    return data


def _check(value: Any, hint: Any, field: str) -> Any:
    """Check one field against its annotation: the JSON shapes commands are made of."""
    args = get_args(hint)
    if get_origin(hint) is Union:
        if value is None and type(None) in args:
            return None
        hint = next(a for a in args if a is not type(None))
    if value is None:
        raise RuleError("command.missing_field", field=field)
    origin = get_origin(hint) or hint
    ok = {int: lambda v: isinstance(v, int) and not isinstance(v, bool),
          str: lambda v: isinstance(v, str),
          tuple: lambda v: isinstance(v, (list, tuple)),
          collections.abc.Mapping: lambda v: isinstance(v, Mapping)}.get(origin)
    if ok is not None and not ok(value):
        raise RuleError("command.bad_field", field=field)
    if origin is tuple:
        return tuple(value)
    if origin is collections.abc.Mapping:
        return dict(value)
    return value


def parse(data: Mapping[str, Any]) -> Command:
    """A command record from a device's JSON, or RuleError saying what is wrong with it."""
    if not isinstance(data, Mapping):
        raise RuleError("command.unknown", type=type(data).__name__)
    cls = NAMES.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise RuleError("command.unknown", type=str(data.get("type")))
    hints = get_type_hints(cls)
    known = {f.name for f in fields(cls)}
    extra = set(data) - known - {"type"}
    if extra:
        raise RuleError("command.bad_field", field=sorted(extra)[0])
    values = {}
    for f in fields(cls):
        if f.name in data:
            values[f.name] = _check(data[f.name], hints[f.name], f.name)
        elif f.default is MISSING:
            raise RuleError("command.missing_field", field=f.name)
    return cls(**values)
