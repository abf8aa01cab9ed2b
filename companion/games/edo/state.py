"""The state of a game of Edo, and the fold that builds it from events.

The fold records facts only (a figure stood here, a house was built there, ryo were paid);
every rule is decided before an event is written, so replay needs neither checks nor draws.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine.fold import noted, setter
from companion.engine.handled import Seated

RESOURCES = ("rice", "wood", "stone")
GOODS = ("ryo",) + RESOURCES
CITY_KINDS = ("edo", "city")
EDO = "edo"


@dataclass
class Player:
    seat: str
    name: str
    ryo: int = 0
    rice: int = 0
    wood: int = 0
    stone: int = 0
    power: int = 0
    figures: dict[str, str | None] = field(default_factory=dict)
    """Each own figure: its location on the map (a samurai), or None (an official)."""
    shogun: int = 0
    """Hired shogun's officials usable in planning."""
    shogun_new: int = 0
    """Hired this round: «Начиная со следующего раунда, нового чиновника можно использовать»."""
    cards: list[str] = field(default_factory=list)
    covered: bool = True
    """His ryo in a covered stack: «Игроки могут хранить деньги тайно»."""

    @property
    def samurai(self) -> dict[str, str]:
        return {f: at for f, at in self.figures.items() if at is not None}

    @property
    def officials(self) -> list[str]:
        """Own figures off the map, in the order they were named."""
        return [f for f, at in self.figures.items() if at is None]

    def amount(self, good: str) -> int:
        return getattr(self, good)


@dataclass
class EdoState(Seated):
    players: dict[str, Player] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    referee: bool = False
    dealer: str = "app"
    """Who draws: the app, or the table with the real decks, tapping what came."""
    data: dict[str, Any] = field(default_factory=dict)
    printed: dict[str, Any] = field(default_factory=dict)
    side: str = ""
    roads_later: bool = False
    """The table chose to count this game's steps itself rather than tell the roads."""
    locations: dict[str, str] = field(default_factory=dict)
    """Every location on the board by id: its kind (edo, city, forest, quarry, field, post)."""
    first: str = ""
    round: int = 0
    phase: str = "new"
    pending: dict[str, Any] | None = None
    plans: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    reveals: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    turn: dict[str, Any] | None = None
    """The card being revealed or carried out: slot, player, executions left, samurai used."""
    merchant_at: str = EDO
    merchant_card: str | None = None
    merchant_deck: list[str] = field(default_factory=list)
    special_deck: list[str] = field(default_factory=list)
    special_display: list[str] = field(default_factory=list)
    cities: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Each city's buildings in build order (plot 1 first): kind and owner (None: a fortress)."""
    profits: dict[str, int] = field(default_factory=dict)
    """The profit each city paid last in this game, offered again the next round."""
    queue: list[str] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @property
    def turn_order(self) -> list[str]:
        """Clockwise from the first player (the seating, until the table has drawn him)."""
        at = self.seating.index(self.first) if self.first else 0
        return self.seating[at:] + self.seating[:at]


def _created(s: EdoState, e: dict[str, Any]) -> None:
    config = e["config"]
    s.seating = [p["seat"] for p in config["players"]]
    s.players = {p["seat"]: Player(p["seat"], p["name"]) for p in config["players"]}
    s.referee = config["referee"]
    s.dealer = config.get("deal", "app")
    s.data = config["data"]
    s.printed = dict(config["printed"])
    s.first = config["first"] or ""
    s.merchant_deck = list(config["merchant_deck"])
    s.special_deck = list(config["special_deck"])
    s.side = config["side"]


def _roads_later(s: EdoState, e: dict[str, Any]) -> None:
    s.roads_later = True


def _printed(s: EdoState, e: dict[str, Any]) -> None:
    s.printed.update(e["values"])


def _setup(s: EdoState, e: dict[str, Any]) -> None:
    s.locations = dict(e["locations"])
    s.cities = {loc: [] for loc, kind in s.locations.items() if kind in CITY_KINDS}
    s.merchant_at = e["merchant"]
    for seat, start in e["players"].items():
        p = s.players[seat]
        p.ryo, p.rice, p.wood, p.stone = start["ryo"], start["rice"], start["wood"], start["stone"]
        p.figures = {f: None for f in start["figures"]}
        p.cards = list(start["cards"])


def _goods(s: EdoState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    for good in GOODS:
        setattr(p, good, getattr(p, good) + e.get(good, 0))


def _power(s: EdoState, e: dict[str, Any]) -> None:
    s.players[e["player"]].power += e["n"]


def _figure(s: EdoState, e: dict[str, Any]) -> None:
    s.players[e["player"]].figures[e["figure"]] = e["at"]


def _built(s: EdoState, e: dict[str, Any]) -> None:
    s.cities[e["city"]].append({"kind": e["building"], "owner": e["owner"]})


def _profit(s: EdoState, e: dict[str, Any]) -> None:
    s.profits[e["city"]] = e["ryo"]


def _cover(s: EdoState, e: dict[str, Any]) -> None:
    s.players[e["player"]].covered = e["covered"]


def _hired(s: EdoState, e: dict[str, Any]) -> None:
    s.players[e["player"]].shogun_new += 1


def _special(s: EdoState, e: dict[str, Any]) -> None:
    s.players[e["player"]].cards.append(e["card"])
    s.special_display = list(e["display"])
    s.special_deck = list(e["deck"])


def _display(s: EdoState, e: dict[str, Any]) -> None:
    s.special_display = list(e["display"])
    s.special_deck = list(e["deck"])


def _plan(s: EdoState, e: dict[str, Any]) -> None:
    s.plans[e["player"]] = [dict(slot) for slot in e["slots"]]


def _revealed(s: EdoState, e: dict[str, Any]) -> None:
    s.reveals.setdefault(e["player"], []).append(
        {k: e[k] for k in ("slot", "card", "action", "officials", "shogun")})


def _round(s: EdoState, e: dict[str, Any]) -> None:
    s.round = e["round"]
    s.first = e["first"]
    s.merchant_card = e["merchant_card"]
    s.merchant_deck = list(e["merchant_deck"])
    s.plans, s.reveals, s.turn = {}, {}, None
    for p in s.players.values():
        p.shogun += p.shogun_new
        p.shogun_new = 0


FOLD: dict[str, Callable[[EdoState, dict[str, Any]], None]] = {
    "created": _created, "printed": _printed, "setup": _setup, "goods": _goods,
    "power": _power, "figure": _figure, "built": _built, "hired": _hired,
    "special": _special, "display": _display, "plan": _plan, "revealed": _revealed,
    "round": _round, "phase": setter("phase"), "pending": setter("pending"), "turn": setter("turn"),
    "queue": setter("queue"), "merchant": setter("merchant_at"), "over": setter("result"),
    "first": setter("first"),
    "note": noted, "cover": _cover, "profit": _profit, "roads_later": _roads_later,
}


def apply(state: EdoState, event: dict[str, Any]) -> None:
    FOLD[event["type"]](state, event)
