"""Edo's commands: what a phone or the tablet may ask the game, checked for shape by the
engine's schema (``companion.engine.validate``) before any rule sees them. Whether the
shape makes sense in play (is that samurai yours, is the card in your hand) is the rules'."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from companion.engine.validate import convert, text, whole

Id = text(40, least=1)
Name = text(40)
Seed = whole(-(2**53 - 1), 2**53 - 1)
Amount = whole(0, 200)
Printed = Annotated[dict[text(60, least=1), Union[whole(-1000, 1000), text(40)]], Meta(max_length=2000)]
Goods = Annotated[dict[Id, Amount], Meta(max_length=4)]


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: Id
    name: Name = ""


class Slot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card on the planning board: the action turned down and the officials before it
    (``shogun`` of them the shogun's, hired)."""
    card: Id
    action: Id
    officials: whole(0, 8)
    shogun: whole(0, 8) = 0


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    samurai: Id
    to: Id


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class Create(_Command, tag="create"):
    """Players in seating order; ``referee``: the table enters what building, producing
    and trading cost and gave, instead of the game working it out from printed values;
    ``deal``: the app draws the first player and shuffles the two decks, or the table
    does with the real ones and taps what came."""
    players: Annotated[tuple[Seat, ...], Meta(max_length=8)]
    seed: Union[Seed, None] = None
    referee: bool = False
    deal: Literal["app", "table"] = "app"
    printed: Union[Printed, None] = None


class TellPrinted(_Command, tag="printed"):
    values: Printed


class Draw(_Command, tag="draw"):
    """What came when the table drew: the first player, or the cards turned up."""
    cards: Annotated[tuple[Id, ...], Meta(min_length=1, max_length=12)]


class Plan(_Command, tag="plan"):
    player: Id
    slots: Annotated[tuple[Slot, ...], Meta(max_length=3)]


class Move(_Command, tag="move"):
    """Before revealing a card: one of the player's samurai, or the merchant, moved to
    ``to`` for 1 ryo a step; ``steps`` as the player counted them, only while the board's
    roads are not known (once they are, the game counts the fewest)."""
    player: Id
    figure: Id
    to: Id
    steps: Union[whole(1, 30), None] = None


class Roads(_Command, tag="roads"):
    """The places one step from ``place`` on the board, as the table tapped them."""
    place: Id
    neighbours: Annotated[tuple[Id, ...], Meta(max_length=40)]


class RoadsLater(_Command, tag="roads_later"):
    """The table counts this game's steps itself rather than tell the roads now."""


class Reveal(_Command, tag="reveal"):
    player: Id


class Act(_Command, tag="act"):
    """One execution of the revealed card's action; the fields it needs depend on the action
    (travel: ``place`` or ``moves``; development: ``card``; producing: ``samurai``;
    building: ``samurai`` and ``building``; trade: ``samurai``, ``paid``, ``got``, ``points``).
    In referee mode the table adds what the printed values would have said: ``gained``,
    ``paid``, ``points``."""
    player: Id
    place: Union[Id, None] = None
    moves: Union[Annotated[tuple[Step, ...], Meta(min_length=1, max_length=2)], None] = None
    card: Union[Id, None] = None
    samurai: Union[Id, None] = None
    building: Union[Id, None] = None
    gained: Union[Amount, None] = None
    paid: Union[Goods, None] = None
    got: Union[Goods, None] = None
    points: Union[whole(0, 20), None] = None


class Done(_Command, tag="done"):
    """The player carries out no more of the revealed card's executions."""
    player: Id


class Wages(_Command, tag="wages"):
    player: Id
    keep: Annotated[tuple[Id, ...], Meta(max_length=20)]


class Income(_Command, tag="income"):
    """A city's income: its profit, split by the install's income table, or the shares
    read off the board, largest first (with the profit they divide, when it is given)."""
    city: Id
    profit: Amount | None = None
    amounts: Annotated[tuple[Amount, ...], Meta(min_length=1, max_length=4)] | None = None


class Cover(_Command, tag="cover"):
    """The player's ryo in a covered stack (True) or open on the table (False)."""
    player: Id
    covered: bool


Command = Union[Create, TellPrinted, Roads, RoadsLater, Draw, Plan, Move, Reveal, Act, Done, Wages,
                Income, Cover]


def parse(data: Any) -> Command:
    """A command record from a device's JSON, or RuleError saying what is wrong with it."""
    return convert(data, Command)
