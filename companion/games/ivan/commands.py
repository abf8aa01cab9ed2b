"""Ivan's commands: what a phone or the tablet may ask the game, checked for shape by the
engine's schema (``companion.engine.validate``) before any rule sees them. Whether the
shape makes sense in play (is it your turn, is your boyar in that chamber) is the rules'."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta

from companion.engine.validate import convert, text, whole

Id = text(40, least=1)
Name = text(40)
Seed = whole(-(2**53 - 1), 2**53 - 1)
Printed = Annotated[dict[text(60, least=1), Union[whole(-1000, 1000), text(40)]], Meta(max_length=1000)]
Good = Literal["rye", "wood", "stone", "gunpowder", "cloth", "metal"]
Foreign = Literal["gunpowder", "cloth", "metal"]
Kind = Literal["construction", "trade", "military"]
Chamber = Literal["income", "manoeuvres", "projects", "exchange", "grants"]
Region = Literal["east", "south", "west", "north"]
City = text(40, least=1)
Goods = Annotated[dict[Good, whole(0, 60)], Meta(max_length=6)]
Change = Annotated[dict[Good, whole(-60, 60)], Meta(max_length=6)]


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: Id
    name: Name = ""


class Yield(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one city prints at its bottom, as the player reads it; ``city`` names it: a city
    whose income the install knows gives what it prints (nothing is entered), one named
    for the first time keeps what is entered for the install."""
    coins: whole(0, 10) = 0
    goods: Goods = {}
    city: Union[City, None] = None


class Reward(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of a regional token's two rewards, in what the game keeps count of; a reward the
    game does not count (a warrior, a project) is carried out on the board and entered as
    nothing here."""
    vp: whole(0, 30) = 0
    coins: whole(0, 20) = 0
    goods: Goods = {}
    favour: bool = False
    action: Literal["none", "warrior", "move", "project", "complete", "estate", "title", "exchange2",
                    "exchange1", "trade1", "trade2", "wild_field", "building"] = "none"
    """The legend's icon the game does not count, carried out on the board."""


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class Create(_Command, tag="create"):
    """Players clockwise as they sit; ``referee``: the table enters what the cards and the
    board gave instead of being asked their printed values; ``influence``: regional influence
    entered per region at each decade's end, or counted from every piece placed and moved on
    the map (``map``, once the map's printed values are known); ``deal``: the
    app shuffles the assignment cards, or the table shuffles them and taps what came."""
    players: Annotated[tuple[Seat, ...], Meta(max_length=8)]
    seed: Union[Seed, None] = None
    referee: bool = False
    influence: Literal["entered", "map"] = "entered"
    deal: Literal["app", "table"] = "app"
    printed: Union[Printed, None] = None


class TellPrinted(_Command, tag="printed"):
    values: Printed


class Deal(_Command, tag="deal"):
    """The assignment cards the table dealt under the chambers (the sixth is the one left)."""
    cards: Annotated[dict[Chamber, Literal["colour1", "colour2", "colour3", "colour4", "any", "kremlin"]],
                     Meta(max_length=5)]


class Keep(_Command, tag="keep"):
    """The project kept of the three dealt at set-up (its kind, for the player's own phone)."""
    player: Id
    kind: Kind


class Muster(_Command, tag="muster"):
    """Set-up step 19, with the map tracked: one of the player's first two warriors."""
    player: Id
    city: City


class Place(_Command, tag="place"):
    player: Id
    chamber: Chamber
    coins: whole(0, 200) = 0


class Leave(_Command, tag="leave"):
    player: Id
    chamber: Chamber
    seal: bool = False


class Income(_Command, tag="income"):
    """Up to three different cities' printed income, in the order taken; ``again``: the
    enhancement's repeat of one of them (its index)."""
    player: Id
    cities: Annotated[tuple[Yield, ...], Meta(min_length=1, max_length=3)]
    again: Union[whole(0, 2), None] = None


class Manoeuvre(_Command, tag="manoeuvre"):
    """One action: a warrior placed from the supply, or a warrior or boyar moved; with the
    map tracked, ``city`` is where the warrior goes (or where the piece leaves), ``to``
    where the piece moves."""
    player: Id
    action: Literal["place", "move"]
    piece: Literal["warrior", "boyar"] = "warrior"
    city: Union[City, None] = None
    to: Union[City, None] = None


class TakeProject(_Command, tag="take_project"):
    player: Id
    kind: Kind
    source: Literal["display", "deck"]


class Complete(_Command, tag="complete"):
    """A project from hand: one the install knows (``project``, its number among its kind),
    whose goods and points the game applies; or one completed for the first time
    (``project`` "new"), told once as its goods ``paid`` and ``vp``; or (no ``project``)
    the goods paid and points entered as they are. With the map tracked, the city a
    construction project's building goes to."""
    player: Id
    kind: Kind
    paid: Goods = {}
    vp: Union[whole(0, 20), None] = None
    city: Union[City, None] = None
    project: Union[whole(1, 99), Literal["new"], None] = None


class Exchange(_Command, tag="exchange"):
    """Any goods and coins for any goods and coins at 2 : 1."""
    player: Id
    paid: Goods = {}
    paid_coins: whole(0, 200) = 0
    got: Goods = {}
    got_coins: whole(0, 100) = 0


class TakeForeign(_Command, tag="take_foreign"):
    player: Id
    good: Foreign


class Grant(_Command, tag="grant"):
    player: Id
    card: Literal["estate", "title"]


class Effect(_Command, tag="effect"):
    """What an estate, a trophy, a trade token or the player board's printed effect gave or
    cost, as the card says: coins, goods, points, favour, warriors placed on the map."""
    player: Id
    source: Literal["estate", "trophy", "trade_token", "board"]
    coins: whole(-60, 60) = 0
    goods: Change = {}
    vp: whole(0, 30) = 0
    favour: whole(0, 3) = 0
    warriors: whole(0, 3) = 0
    cities: Annotated[tuple[City, ...], Meta(max_length=3)] = ()
    """With the map tracked: where each warrior placed went."""
    taken: bool = False
    """A trade token taken from the map onto the player's board (its effect resolved at once)."""
    face: Union[whole(1, 99), Literal["new"], None] = None
    """A trophy, trade token, estate or board effect the install knows (its number: its
    effect is the game's), or one played for the first time ("new": what is entered is kept
    as its face)."""
    action: Literal["none", "income", "warrior", "move", "project", "complete", "estate", "title", "exchange2",
                    "exchange1", "trade1", "trade2", "wild_field", "building"] = "none"
    """The legend's icon an estate or board effect also shows, carried out on the board."""


class Free(_Command, tag="free"):
    """A player board's free action: 2 local goods, or 1 foreign good, for 1 coin."""
    player: Id
    paid: Goods


class TokensForProject(_Command, tag="tokens_for_project"):
    """A player board's free action: 2 trade tokens discarded for 1 project in hand."""
    player: Id
    kind: Kind
    source: Literal["display", "deck"]


class Done(_Command, tag="done"):
    """The player's turn is over; his boyar goes from the card to a city of its colour
    (with the map tracked, ``city`` names it)."""
    player: Id
    city: Union[City, None] = None


class RegionCommand(_Command, tag="region"):
    """The decade's end in one region: each player's influence (warriors 1, buildings and
    boyars 2) and its token: one the install knows (``token``, its number), whose face the
    game applies; or a token met for the first time (``token`` "new"), told once as its
    ``background``, two ``rewards`` and ``threshold``; or (no ``token``) the two rewards
    entered as they are, and with two players the token's number."""
    region: Region
    influence: Annotated[dict[Id, whole(0, 100)], Meta(max_length=4)]
    rewards: Annotated[tuple[Reward, ...], Meta(max_length=2)] = ()
    threshold: Union[whole(0, 30), None] = None
    token: Union[whole(1, 99), Literal["new"], None] = None
    background: Union[Literal["dark", "light"], None] = None


class Choose(_Command, tag="choose"):
    player: Id
    region: Region
    reward: whole(0, 1)


class Title(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A title scored by the game: one the install knows (``title``, its number), whose
    formula is the game's; one scored for the first time (``title`` "new"), told once as its
    formula; or (no ``title``) a formula entered for this scoring only. A formula is what it
    counts (``per``), ``how`` (``each``: ``vp`` for every ``of``; ``at_least``: ``vp`` once
    ``of`` or more; ``most``: ``vp`` to the most, ``of`` to the next) and its numbers;
    ``count`` is what it counts when the game does not track it (cities or boyars without
    the map)."""
    per: Union[Literal["set", "construction", "trade", "military", "projects", "trophies_tokens", "trophies",
                       "tokens", "warriors", "wild", "buildings", "boyars", "cities", "estates", "titles",
                       "coins", "goods", "favour"], None] = None
    vp: Union[whole(0, 10), None] = None
    how: Union[Literal["each", "at_least", "most"], None] = None
    of: Union[whole(0, 10), None] = None
    title: Union[whole(1, 99), Literal["new"], None] = None
    count: Union[whole(0, 100), None] = None


class Titles(_Command, tag="titles"):
    """Each player's victory points from his titles: entered as the cards say (``vp``), or
    counted by the game from each title's formula (``known``), or both."""
    vp: Annotated[dict[Id, whole(0, 200)], Meta(max_length=4)] = {}
    known: Annotated[dict[Id, Annotated[tuple[Title, ...], Meta(max_length=15)]], Meta(max_length=4)] = {}


Command = Union[Create, TellPrinted, Deal, Keep, Muster, Place, Leave, Income, Manoeuvre, TakeProject,
                Complete, Exchange, TakeForeign, Grant, Effect, Free, TokensForProject, Done, RegionCommand,
                Choose, Titles]


def parse(data: Any) -> Command:
    """A command record from a device's JSON, or RuleError saying what is wrong with it."""
    return convert(data, Command)
