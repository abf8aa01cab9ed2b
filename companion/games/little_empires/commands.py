"""The game's commands: what a phone or the tablet may ask, checked for shape by the engine's
schema (``companion.engine.validate``) before any rule sees them. Whether the shape makes
sense in play (is that army yours, is the card in your hand) is the rules'."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from companion.engine.validate import convert, text, whole

Id = text(40, least=1)
Name = text(40)
Seed = whole(-(2**53 - 1), 2**53 - 1)
Points = whole(0, 200)
Resource = Literal["food", "bushido"]
Printed = Annotated[dict[text(60, least=1), Union[whole(-1000, 1000), text(40)]], Meta(max_length=500)]


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: Id
    name: Name = ""


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Armies moved together from ``src`` to ``dst`` over ``steps`` provinces (the board's
    roads and dotted sea lines say how many; each army's step is one move)."""
    src: Id
    dst: Id
    armies: whole(1, 16) = 1
    steps: whole(1, 4) = 1
    mountain: Union[whole(1, 20), None] = None
    """Variant «Путь горы»: the one army goes over this mountain token (an expedition)."""


class Ship(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    src: Id
    dst: Id
    armies: whole(1, 2) = 1


class Quick(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The quick action printed by the cell, done at once: a move (``src``, ``dst``), an
    attack (``province``, ``victim``), a recruit or a harvest (``province``)."""
    province: Union[Id, None] = None
    src: Union[Id, None] = None
    dst: Union[Id, None] = None
    victim: Union[Id, None] = None
    mountain: Union[whole(1, 20), None] = None


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class Create(_Command, tag="create"):
    """Players in seating order (the first player is drawn); ``variants`` from the
    rulebook's «Варианты»; ``referee``: the table enters region bonuses and the final
    significance as read off the board, and each payment's resource, instead of the game
    working them out from printed values."""
    players: Annotated[tuple[Seat, ...], Meta(max_length=8)]
    seed: Union[Seed, None] = None
    referee: bool = False
    variants: Annotated[tuple[Id, ...], Meta(max_length=4)] = ()
    printed: Union[Printed, None] = None


class TellPrinted(_Command, tag="printed"):
    values: Printed


class Destiny(_Command, tag="destiny"):
    """The destiny card a player chooses face down (may be changed until all have chosen)."""
    player: Id
    card: Id


class Place(_Command, tag="place"):
    """An order token placed face down in ``cell`` (numbered from the south); ``quick`` the
    cell's quick action done at once, if wanted; ``pay`` the resource paid (referee mode)."""
    player: Id
    cell: whole(1, 99)
    token: Id
    quick: Union[Quick, None] = None
    pay: Union[Resource, None] = None


class Act(_Command, tag="act"):
    """The revealed token's action, all of it in one go, partly or not at all (nothing given:
    not carried out): recruit ``places``; move ``moves``; ship ``ship``; attack ``province``
    and ``victims``; castle ``province``. ``pay``: the resource paid (referee mode)."""
    player: Id
    places: Annotated[tuple[Id, ...], Meta(max_length=2)] = ()
    moves: Annotated[tuple[Step, ...], Meta(max_length=3)] = ()
    ship: Union[Ship, None] = None
    province: Union[Id, None] = None
    victims: Annotated[tuple[Id, ...], Meta(max_length=2)] = ()
    pay: Union[Resource, None] = None


class Bonus(_Command, tag="bonus"):
    """Referee mode: the victory points each player took for the region bonuses this era."""
    points: Annotated[dict[Id, Points], Meta(max_length=4)]


class Significance(_Command, tag="significance"):
    """Referee mode: each player's significance per region, read next to his marker."""
    values: Annotated[dict[Id, Annotated[dict[Id, whole(0, 30)], Meta(max_length=4)]], Meta(max_length=4)]


class Expedition(_Command, tag="expedition"):
    """What the expedition does with the mountain token it turned up: «Независимое племя»
    one of the region's quick actions (``action`` and its fields in ``quick``); «Путь как
    цель» an army destroyed (``quick``: ``province`` and ``victim``); nothing given: nothing."""
    player: Id
    action: Union[Id, None] = None
    quick: Union[Quick, None] = None
    pay: Union[Resource, None] = None


class QuickTokens(_Command, tag="quick_tokens"):
    """Variant «Случайные быстрые действия»: the quick action turned up by each cell, from
    cell 1 (the south) on, as the table drew them."""
    quick: Annotated[tuple[Id, ...], Meta(min_length=1, max_length=20)]


Command = Union[Create, TellPrinted, Destiny, Place, Act, Bonus, Significance, QuickTokens, Expedition]


def parse(data: Any) -> Command:
    """A command record from a device's JSON, or RuleError saying what is wrong with it."""
    return convert(data, Command)
