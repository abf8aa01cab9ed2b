"""The state of a game of Little Empires: Samurai, and the fold that builds it from events.

The fold records facts only (an army stood here, a token lies there face down, food was
paid); every rule is decided before an event is written, so replay needs neither checks nor
draws. Provinces are ``<region><n>``, numbered within the region as the table reads the
board, the capital first; order cells are numbered 1..12 from the south of the map.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine.fold import noted, setter
from companion.engine.handled import Seated

RESOURCES = ("food", "bushido")


@dataclass
class Player:
    seat: str
    name: str
    food: int = 0
    bushido: int = 0
    vp: int = 0
    hand: list[str] = field(default_factory=list)
    chosen: str | None = None
    tokens: dict[str, int] = field(default_factory=dict)
    """The order tokens behind the screen, by kind."""
    influence: dict[str, int] = field(default_factory=dict)
    placed: int = 0
    """Tokens placed this round."""
    covers: int = 0
    """Opponents' tokens covered this round (the next cover's price follows it)."""

    @property
    def resources(self) -> int:
        return self.food + self.bushido


@dataclass
class LEState(Seated):
    players: dict[str, Player] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    referee: bool = False
    variants: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    printed: dict[str, Any] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    """Turn order («шкала очередности хода»), first player first."""
    era: int = 0
    round: int = 0
    phase: str = "new"
    pending: dict[str, Any] | None = None
    cards: dict[str, str] = field(default_factory=dict)
    """Every destiny card's region, once dealt."""
    deck: list[str] = field(default_factory=list)
    played: list[dict[str, Any]] = field(default_factory=list)
    """Destiny cards turned up: card, region, by (None: the two-player deck card)."""
    armies: dict[str, dict[str, int]] = field(default_factory=dict)
    castles: dict[str, str] = field(default_factory=dict)
    """A castle's province and its builder."""
    resource_at: dict[str, str] = field(default_factory=dict)
    """The seeding token on each resource province: food or bushido."""
    shrine_at: dict[str, str | None] = field(default_factory=dict)
    """Each shrine province, with its figure's colour (heavenly shrines) or None."""
    mountain_faces: dict[str, str] = field(default_factory=dict)
    """Variant: the face of the mountain token on each mountain, hidden until flipped."""
    mountains_flipped: dict[str, str] = field(default_factory=dict)
    """Variant: the mountain tokens turned up (and discarded), by mountain."""
    quick_drawn: list[str] = field(default_factory=list)
    """Variant: the quick action token the table turned up by each cell."""
    agenda: dict[str, dict[str, str]] = field(default_factory=dict)
    """Variant: the agenda token beside each region, and its side."""
    agenda_done: dict[str, list[str]] = field(default_factory=dict)
    """Variant: the players whose marker is on each region's agenda token."""
    cells: list[list[dict[str, Any]]] = field(default_factory=list)
    """Each order cell's stack, bottom first: owner, kind, round, face_up."""
    covered: dict[str, str] = field(default_factory=dict)
    """This round: whose token (key) was covered by whom."""
    cursor: int | None = None
    """The cell being carried out (an index), in the round's direction."""
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def top(self, cell: int) -> dict[str, Any] | None:
        stack = self.cells[cell]
        return stack[-1] if stack else None

    def on_board(self, seat: str) -> int:
        return sum(here.get(seat, 0) for here in self.armies.values())


def _created(s: LEState, e: dict[str, Any]) -> None:
    config = e["config"]
    s.seating = [p["seat"] for p in config["players"]]
    s.players = {p["seat"]: Player(p["seat"], p["name"]) for p in config["players"]}
    s.referee = config["referee"]
    s.variants = list(config["variants"])
    s.data = config["data"]
    s.printed = dict(config["printed"])
    s.order = list(config["order"])
    s.cells = [[] for _ in range(s.data["cells"])]


def _printed(s: LEState, e: dict[str, Any]) -> None:
    s.printed.update(e["values"])


def _setup(s: LEState, e: dict[str, Any]) -> None:
    s.cards = dict(e["cards"])
    s.deck = list(e["deck"])
    s.resource_at = dict(e["resources"])
    s.shrine_at = dict(e["shrines"])
    s.agenda = {region: dict(laid) for region, laid in e.get("agenda", {}).items()}
    s.mountain_faces = dict(e.get("mountains", {}))
    s.armies = {province: dict(here) for province, here in e["armies"].items()}
    for seat, start in e["players"].items():
        p = s.players[seat]
        p.food, p.bushido, p.hand = start["food"], start["bushido"], list(start["hand"])
        p.tokens = dict(start["tokens"])
        p.influence = {region: 0 for region in s.data["regions"]}


def _goods(s: LEState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    p.food += e.get("food", 0)
    p.bushido += e.get("bushido", 0)


def _army(s: LEState, e: dict[str, Any]) -> None:
    here = s.armies.setdefault(e["province"], {})
    here[e["player"]] = here.get(e["player"], 0) + e["n"]
    if here[e["player"]] == 0:
        del here[e["player"]]


def _agenda_done(s: LEState, e: dict[str, Any]) -> None:
    s.agenda_done.setdefault(e["region"], []).append(e["player"])


def _flipped(s: LEState, e: dict[str, Any]) -> None:
    s.mountains_flipped[e["mountain"]] = e["effect"]


def _castle(s: LEState, e: dict[str, Any]) -> None:
    s.castles[e["province"]] = e["player"]


def _chosen(s: LEState, e: dict[str, Any]) -> None:
    s.players[e["player"]].chosen = e["card"]


def _destiny(s: LEState, e: dict[str, Any]) -> None:
    for played in e["cards"]:
        s.played.append(dict(played))
        if played["by"] is not None:
            p = s.players[played["by"]]
            p.hand.remove(played["card"])
            p.chosen = None
    s.deck = list(e["deck"])


def _placed(s: LEState, e: dict[str, Any]) -> None:
    p = s.players[e["player"]]
    stack = s.cells[e["cell"] - 1]
    if stack and stack[-1]["owner"] != e["player"]:
        s.covered[stack[-1]["owner"]] = e["player"]
        p.covers += 1
    stack.append({"owner": e["player"], "kind": e["token"], "round": s.round, "face_up": False})
    p.tokens[e["token"]] -= 1
    p.placed += 1


def _revealed(s: LEState, e: dict[str, Any]) -> None:
    s.cells[e["cell"] - 1][-1]["face_up"] = True


def _influence(s: LEState, e: dict[str, Any]) -> None:
    s.players[e["player"]].influence[e["region"]] += e["n"]


def _vp(s: LEState, e: dict[str, Any]) -> None:
    s.players[e["player"]].vp += e["n"]


def _round(s: LEState, e: dict[str, Any]) -> None:
    s.era, s.round = e["era"], e["round"]
    s.covered = {}
    for p in s.players.values():
        p.placed = p.covers = 0


def _returned(s: LEState, e: dict[str, Any]) -> None:
    """«Игроки забирают с поля свои жетоны приказов и кладут их за ширмы»."""
    for stack in s.cells:
        for token in stack:
            s.players[token["owner"]].tokens[token["kind"]] += 1
        stack.clear()


def _drawn(s: LEState, e: dict[str, Any]) -> None:
    s.players[e["player"]].hand.append(e["card"])
    s.deck.remove(e["card"])


FOLD: dict[str, Callable[[LEState, dict[str, Any]], None]] = {
    "created": _created, "printed": _printed, "setup": _setup, "goods": _goods, "army": _army,
    "castle": _castle, "agenda_done": _agenda_done, "chosen": _chosen, "destiny": _destiny, "placed": _placed,
    "revealed": _revealed, "influence": _influence, "vp": _vp, "round": _round,
    "returned": _returned, "drawn": _drawn, "quick_drawn": setter("quick_drawn"),
    "mountain_flipped": _flipped, "order": setter("order"), "phase": setter("phase"),
    "pending": setter("pending"), "cursor": setter("cursor"), "over": setter("result"), "note": noted,
}


def apply(state: LEState, event: dict[str, Any]) -> None:
    FOLD[event["type"]](state, event)
