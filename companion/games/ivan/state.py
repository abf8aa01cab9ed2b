"""The state of a game of Ivan the Terrible, and the fold that builds it from events.

The fold records facts only (a boyar went into a chamber, coins were paid, a favour marker
moved); every rule is decided before an event is written, so replay needs neither checks
nor draws.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine.fold import noted, setter
from companion.engine.handled import Seated


@dataclass
class Player:
    seat: str
    name: str
    coins: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    vp: int = 0
    vp_by: dict[str, int] = field(default_factory=dict)
    """The victory points by where they came from (projects, regions, a card's effect...)."""
    seals: int = 0
    warriors: int = 0
    """Warriors in the supply (neither on the map nor in the Wild Field)."""
    wild: int = 0
    """Warriors in the Wild Field."""
    buildings: int = 0
    """Buildings in the supply."""
    hand: list[str] = field(default_factory=list)
    """The kinds of the project cards in hand: secret («не показывая остальным»)."""
    completed: dict[str, int] = field(default_factory=dict)
    """Completed projects by kind, face up before the player."""
    titles: int = 0
    estates: int = 0
    trophies: int = 0
    tokens: int = 0
    """Trade tokens taken onto the player's board and still there (not the printed effects)."""
    kept: bool = False


@dataclass
class IvanState(Seated):
    players: dict[str, Player] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    """Clockwise, as the players sit."""
    referee: bool = False
    influence_mode: str = "entered"
    dealer: str = "app"
    """Who shuffles the assignment cards: the app, or the table (which taps what came)."""
    dealing: dict[str, Any] | None = None
    """The decade and first player awaiting the table's deal."""
    data: dict[str, Any] = field(default_factory=dict)
    printed: dict[str, Any] = field(default_factory=dict)
    favour: list[str] = field(default_factory=list)
    """The favour track, top first: «фишка выше на счётчике царской милости»."""
    favour_tokens: list[int] = field(default_factory=list)
    """The VP divisions still holding a favour token."""
    first: str = ""
    decade: int = 0
    phase: str = "new"
    pending: dict[str, Any] | None = None
    assignments: dict[str, str] = field(default_factory=dict)
    """The face-up assignment card under each chamber."""
    hidden_assignment: str | None = None
    """The sixth card, face down: in no view at all."""
    chambers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Each chamber's boyars in the order placed: {"player", "coins"}."""
    seals: dict[str, str] = field(default_factory=dict)
    """The sealed chambers and whose seal lies there."""
    on_cards: dict[str, list[str]] = field(default_factory=dict)
    """Boyars on an assignment card this decade (the Kremlin card keeps them to the end)."""
    turn: dict[str, Any] | None = None
    trophies: int = 0
    """Trophy tokens still in the Wild Field."""
    cities: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    """With influence tracked from the map: each city's pieces by family and kind."""
    region: dict[str, Any] | None = None
    """The region being rewarded: its ranking, rewards and who chooses."""
    faces_used: list[str] = field(default_factory=list)
    """The known trophies (``trophy3``) taken so far this game."""
    turned: list[str] = field(default_factory=list)
    """The known estates (``estate3``) turned sideways this round."""
    turned_by: dict[str, int] = field(default_factory=dict)
    """How many estates each family has turned this round, known or not identified."""
    projects_done: list[str] = field(default_factory=list)
    """The known projects (``trade3``) completed so far this game."""
    regional_used: list[int] = field(default_factory=list)
    """The regional tokens (their install numbers) on the map so far this game."""
    scored: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def turn_order(self) -> list[str]:
        """Clockwise from the first player."""
        if not self.first:
            return list(self.seating)
        at = self.seating.index(self.first)
        return self.seating[at:] + self.seating[:at]

    def rank(self, seat: str) -> int:
        """0 for the top of the favour track."""
        return self.favour.index(seat)

    def boyars_in_chambers(self, seat: str) -> list[str]:
        return [c for c, boyars in self.chambers.items() if any(b["player"] == seat for b in boyars)]


def _created(s: IvanState, e: dict[str, Any]) -> None:
    config = e["config"]
    s.data = config["data"]
    s.seating = [p["seat"] for p in config["players"]]
    s.players = {p["seat"]: Player(p["seat"], p["name"]) for p in config["players"]}
    s.referee = config["referee"]
    s.influence_mode = config["influence"]
    s.dealer = config["deal"]
    s.printed = dict(config["printed"])
    s.favour = list(config["favour"])
    s.first = config["first"]
    s.favour_tokens = list(s.data["favour_tokens"])
    s.trophies = s.data["trophies"][str(len(s.seating))]
    start, pieces = s.data["start"], s.data["pieces"]
    for p in s.players.values():
        p.coins = start["coins"]
        p.goods = {g: start["goods"].get(g, 0) for g in s.data["local"] + s.data["foreign"]}
        p.seals = pieces["seals"]
        p.warriors = pieces["warriors"] - start["warriors"]
        p.buildings = pieces["buildings"]
        p.completed = {k: 0 for k in s.data["project_kinds"]}


def _printed(s: IvanState, e: dict[str, Any]) -> None:
    s.printed.update(e["values"])


def _hand(s: IvanState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    p.hand = list(e["hand"])
    p.kept = True


def _deal(s: IvanState, e: dict[str, Any]) -> None:
    s.decade = e["decade"]
    s.first = e["first"]
    s.assignments = dict(e["cards"])
    s.hidden_assignment = e["hidden"]
    s.dealing = None
    s.chambers = {c: [] for c in s.data["chambers"]}
    s.seals, s.on_cards, s.turn = {}, {}, None
    s.turned, s.turned_by = [], {}
    for families in s.cities.values():
        for held in families.values():
            held.pop("boyar", None)
    for p in s.players.values():
        p.seals = s.data["pieces"]["seals"]


def _placed(s: IvanState, e: dict[str, Any]) -> None:
    s.chambers[e["chamber"]].append({"player": e["player"], "coins": e["coins"]})
    s.players[e["player"]].coins -= e["coins"]


def _left(s: IvanState, e: dict[str, Any]) -> None:
    s.chambers[e["chamber"]] = [b for b in s.chambers[e["chamber"]] if b["player"] != e["player"]]
    s.on_cards.setdefault(e["chamber"], []).append(e["player"])
    if e["sealed"]:
        s.seals[e["chamber"]] = e["player"]
        s.players[e["player"]].seals -= 1


def _refund(s: IvanState, e: dict[str, Any]) -> None:
    for boyar in s.chambers[e["chamber"]]:
        if boyar["player"] == e["player"]:
            boyar["coins"] = 0


def _coins(s: IvanState, e: dict[str, Any]) -> None:
    s.players[e["player"]].coins += e["n"]


def _goods(s: IvanState, e: dict[str, Any]) -> None:
    goods = s.players[e["player"]].goods
    for good, n in e["goods"].items():
        goods[good] += n


def _vp(s: IvanState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    p.vp += e["n"]
    p.vp_by[e["why"]] = p.vp_by.get(e["why"], 0) + e["n"]


def _favour(s: IvanState, e: dict[str, Any]) -> None:
    s.favour = list(e["order"])


def _token(s: IvanState, e: dict[str, Any]) -> None:
    s.favour_tokens = [t for t in s.favour_tokens if t != e["at"]]


def _tokens_removed(s: IvanState, e: dict[str, Any]) -> None:
    s.favour_tokens = []


def _pieces(s: IvanState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    p.warriors += e.get("warriors", 0)
    p.wild += e.get("wild", 0)
    p.buildings += e.get("buildings", 0)
    p.trophies += e.get("trophies", 0)
    s.trophies -= e.get("trophies", 0)


def _cards(s: IvanState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    p.titles += e.get("titles", 0)
    p.estates += e.get("estates", 0)


def _completed(s: IvanState, e: dict[str, Any]) -> None:
    s.players[e["player"]].completed[e["kind"]] += 1


def _tokens(s: IvanState, e: dict[str, Any]) -> None:
    s.players[e["player"]].tokens += e["n"]


def _city(s: IvanState, e: dict[str, Any]) -> None:
    held = s.cities.setdefault(e["city"], {}).setdefault(e["player"], {})
    held[e["piece"]] = held.get(e["piece"], 0) + e["n"]
    if not held[e["piece"]]:
        del held[e["piece"]]


def _face_used(s: IvanState, e: dict[str, Any]) -> None:
    s.faces_used.append(e["face"])


def _turned(s: IvanState, e: dict[str, Any]) -> None:
    if e["face"] is not None:
        s.turned.append(e["face"])
    s.turned_by[e["player"]] = s.turned_by.get(e["player"], 0) + 1


def _project_done(s: IvanState, e: dict[str, Any]) -> None:
    s.projects_done.append(e["project"])


def _regional(s: IvanState, e: dict[str, Any]) -> None:
    s.regional_used.append(e["n"])


def _wild_reset(s: IvanState, e: dict[str, Any]) -> None:
    for p in s.players.values():
        p.warriors += p.wild
        p.wild = 0
    s.trophies = e["trophies"]


FOLD: dict[str, Callable[[IvanState, dict[str, Any]], None]] = {
    "created": _created, "printed": _printed, "hand": _hand, "deal": _deal, "placed": _placed,
    "left": _left, "refund": _refund, "coins": _coins, "goods": _goods, "vp": _vp,
    "favour": _favour, "token": _token, "tokens_removed": _tokens_removed, "pieces": _pieces,
    "cards": _cards, "completed": _completed, "wild_reset": _wild_reset,
    "city": _city, "tokens": _tokens, "regional_token": _regional,
    "project_done": _project_done, "face_used": _face_used, "turned": _turned,
    "phase": setter("phase"), "pending": setter("pending"), "turn": setter("turn"),
    "region": setter("region"), "dealing": setter("dealing"), "scored": setter("scored"),
    "over": setter("result"), "note": noted,
}


def apply(state: IvanState, event: dict[str, Any]) -> None:
    FOLD[event["type"]](state, event)
