"""Shogun's commands: small immutable records, each one thing a device asks the game to do.

Commands arrive as JSON from phones and the tablet; ``parse`` turns a dict into a record
through the engine's schema check (companion.engine.validate), so anything malformed (a
missing field, a float or a bool where a count belongs, text no page can show, a size no
table needs) is refused with a RuleError before the rules ever see it. What the rules judge
(is this colour in the game, is that province yours) stays with the rules.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from companion.engine.validate import Document, Invalid, Problem, convert, shown, text, whole
from companion.errors import RuleError

Id = text(40, least=1)          # a colour, a province, an action, a set-up mode, a board side
Name = text(40)                 # what a player is called at the table
Count = whole(0, 200)           # armies, chests, cubes: far above anything the box holds
Seed = whole(-(2**53 - 1), 2**53 - 1)  # exact as a JSON number in any browser
Printed = Annotated[dict[text(60, least=1), Union[whole(-1000, 1000), text(40)]], Meta(max_length=500)]
"""Values printed on cards and boards (``companion.engine.printed``), by key."""


class BoardDocument(Document):
    """A custom board file: its content is judged by the catalog's schema, its shape here.
    The packaged board nests four levels deep, has about 900 values, its longest text
    under 900 characters."""

    max_depth = 6
    max_nodes = 10_000
    max_text = 2_000


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    colour: Id
    name: Union[Name, None] = None


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class CreateGame(_Command, tag="create"):
    """Players in seating order, oldest first (the draft starts with them, clockwise)."""
    players: Annotated[tuple[Seat, ...], Meta(max_length=8)]
    seed: Union[Seed, None] = None  # read by the engine (Session.create), not the rules
    setup: Id = "draft"
    side: Id = "sun"
    board: Union[BoardDocument, None] = None
    expansions: Union[Annotated[tuple[Id, ...], Meta(max_length=4)], None] = None
    printed: Union[Printed, None] = None
    """What the install knows of the values the expansions print (the web fills it in)."""


class DraftRefresh(_Command, tag="draft_refresh"):
    player: Id


class DraftPick(_Command, tag="draft_pick"):
    player: Id
    take: Id
    armies: Count
    province: Union[Id, None] = None
    general: Union[bool, None] = None
    """Generals: «каждый игрок может решить во время выбора провинций, в какой из них
    разместить генерала»: the general goes into the province taken now."""


class CountTray(_Command, tag="count_tray"):
    counts: Annotated[dict[Id, Count], Meta(max_length=6)]


class CubesFell(_Command, tag="cubes_fell"):
    """Cubes that dropped out of the tower by themselves, between battles."""
    counts: Annotated[dict[Id, Count], Meta(max_length=6)]


Bid = Annotated[dict[Literal["chests", "province"], Union[Count, Id]], Meta(min_length=1, max_length=1)]


Cell = Literal["1", "2", "3"]


class SubmitPlan(_Command, tag="plan"):
    player: Id
    actions: Annotated[dict[Id, Id], Meta(max_length=16)]
    bid: Union[Bid, None] = None
    court: Union[Annotated[dict[Cell, Id], Meta(max_length=3)], None] = None
    """Tenno's Court: the card in each exchange cell, a province or "official" (an official
    card); a cell left out holds an intrigue card, or nothing when the hand ran out."""

    def __post_init__(self) -> None:
        """A bid is an intrigue card's chests or a province card: the one key says which,
        and its value must be a count or an id to match."""
        for key, value in (self.bid or {}).items():
            chests = key == "chests"
            if isinstance(value, int) != chests:
                raise Invalid("command.bad_field", ("bid", key), expected="integer" if chests else "text")


class ChooseSpecial(_Command, tag="choose_special"):
    player: Id
    slot: Count


class Move(_Command, tag="move"):
    player: Id
    to: Id
    armies: Count


class Pass(_Command, tag="pass"):
    player: Id


class AnswerBonus(_Command, tag="bonus"):
    """Yes or no to the special card's "may" bonus the game offers ("6 armies", "+1 army")."""
    player: Id
    take: bool


class ValourBonus(_Command, tag="valour"):
    """Samurai: the one bonus taken from the valour card just turned up («может получить
    один из бонусов»): "chests", "rice", "armies", "score", or "nothing"."""
    player: Id
    take: Id


class PlaceGeneral(_Command, tag="general"):
    """Generals: where the player's general goes (placed, re-placed after winter, or moved
    after a round), and whether a statue stays in the province it left («может
    разместить ... жетон статуи»)."""
    player: Id
    province: Id
    statue: bool = False


class TakeFavour(_Command, tag="favour"):
    """Tenno's Court: the favour card taken from the audience hall («может, но не обязан,
    взять 1 из 3 карт благосклонности»), by its number, or "nothing"."""
    player: Id
    take: Union[whole(1, 99), Literal["nothing"]]


class UseFavour(_Command, tag="use_favour"):
    """Tenno's Court: where a favour card just taken is used (a province), or "event" /
    "nothing" for card #1's «может убрать из игры карту события»."""
    player: Id
    choice: Id


class ClaimMinistry(_Command, tag="dajokan"):
    """Dajokan: the region leader's claim («может обменять 1 из жетонов ведомств, лежащих на
    планшете Дадзёкана лицевой стороной вверх, на свой маркер игрока»): the cell of a face-up
    ministry token ("2-5": row 2, column 5), or "none"."""
    player: Id
    cell: Id


class TellPrinted(_Command, tag="printed"):
    """The table tells the values printed on a card or board that the game asked for."""
    values: Printed


class ChooseRevolt(_Command, tag="choose_revolt"):
    player: Id
    province: Id


class EndGame(_Command, tag="end_game"):
    """The host ends the game before its time (the table has to leave): it is ranked as
    the score track stands, ties going to more chests, as at the real end."""


Command = Union[CreateGame, DraftRefresh, DraftPick, CountTray, CubesFell, SubmitPlan,
                ChooseSpecial, Move, Pass, AnswerBonus, ValourBonus, PlaceGeneral, ClaimMinistry,
                TellPrinted, ChooseRevolt, EndGame, TakeFavour, UseFavour]


def to_dict(command: Command) -> dict[str, Any]:
    """The command as JSON-shaped data, as a device would send it (absent fields left out)."""
    return {k: v for k, v in msgspec.to_builtins(command).items() if v is not None}


def _reword(problem: Problem) -> RuleError | None:
    """A tray count that is no whole number from 0 keeps the rules' own refusal, which names
    the colour: the same words whether a phone or the tray source sent it. A bid's value is
    a count or an id by the schema, but which one its key decides."""
    path = problem.path
    if path in (("bid", "chests"), ("bid", "province")) and problem.key == "command.bad_field":
        expected = "integer" if path[1] == "chests" else "text"
        return RuleError(problem.key, **{**problem.params, "expected": expected})
    if problem.command not in ("count_tray", "cubes_fell") or problem.key_of_map \
            or len(path) != 2 or path[0] != "counts":
        return None
    if problem.key == "command.bad_field" or \
            (problem.key == "command.out_of_range" and problem.value < 0):
        return RuleError("tray.bad_count", colour=shown(path[1]))
    return None


def parse(data: Any) -> Command:
    """A command record from a device's JSON, or RuleError saying what is wrong with it."""
    return convert(data, Command, _reword)
