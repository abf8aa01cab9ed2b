"""Shogun's state, and the fold that builds it from events.

The fold only records facts; every rule is decided in the command handlers before an event
is written. That keeps replay fast (no validation, no randomness) and means a saved game
replays identically even after the rules code is corrected.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.games.shogun.catalog import (Catalog, board_from_dict, catalog_with_board, load_catalog,
                                            recorded_catalog)
from companion.games.shogun.colours import CUBE_COLOURS, PEASANT
from companion.games.shogun.tenno_state import FOLD as TENNO_FOLD, TennoState

SUPPLY, TOWER, TRAY = "supply", "tower", "tray"
FACE_UP, FACE_DOWN = "up", "down"
"""Dajokan: a ministry token on its cell face up (it may be claimed), or face down (a
neutral marker)."""


@dataclass
class Player:
    colour: str
    name: str
    chests: int = 0
    rice: int = 0
    score: int = 0
    supply: int = 0
    groups: list[int] = field(default_factory=list)


@dataclass
class Province:
    owner: str | None = None
    armies: int = 0
    buildings: list[str] = field(default_factory=list)
    unrest: int = 0


@dataclass
class ShogunState:
    catalog: Catalog | None = None
    setup: str = ""
    players: dict[str, Player] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    provinces: dict[str, Province] = field(default_factory=dict)
    tower: dict[str, int] = field(default_factory=dict)
    tray: dict[str, int] = field(default_factory=dict)
    peasants: int = 0
    tokens: dict[str, int] = field(default_factory=dict)
    phase: str = "new"
    pending: dict[str, Any] | None = None
    year: int = 1
    season: int = 0
    deck: list[str] = field(default_factory=list)
    face_up: list[str] = field(default_factory=list)
    draft_turn: int = 0
    last_took_deck: bool = False
    event_deck: list[str] = field(default_factory=list)
    year_events: list[str] = field(default_factory=list)
    event: str | None = None
    action_cards: list[str] = field(default_factory=list)
    revealed_actions: int = 0
    special_slots: list[str | None] = field(default_factory=list)
    specials: dict[str, str] = field(default_factory=dict)
    slot_of: dict[str, int] = field(default_factory=dict)
    pick_order: list[str] = field(default_factory=list)
    turn_order: list[str] = field(default_factory=list)
    plans: dict[str, dict[str, Any]] = field(default_factory=dict)
    bids: dict[str, Any] | None = None
    acted: dict[str, dict[str, str]] = field(default_factory=dict)
    cursor: tuple[int, int] = (0, 0)
    battle: dict[str, Any] | None = None
    winter: dict[str, Any] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    expansions: dict[str, Any] = field(default_factory=dict)
    printed: dict[str, Any] = field(default_factory=dict)
    valour: dict[str, int] = field(default_factory=dict)
    valour_queue: list[str] | None = None
    dajokan_regions: list[str] = field(default_factory=list)
    dajokan_cells: dict[str, str] = field(default_factory=dict)
    dajokan_queue: list[str] | None = None
    generals: dict[str, str | None] = field(default_factory=dict)
    statues: dict[str, list[str]] = field(default_factory=dict)
    trophies: dict[str, list[str]] = field(default_factory=dict)
    general_queue: list[str] | None = None
    tenno: TennoState | None = None

    @property
    def board(self):
        return self.catalog.board

    def owned(self, colour: str) -> list[str]:
        return [p for p, prov in self.provinces.items() if prov.owner == colour]

    def cube_locations(self, colour: str) -> dict[str, int]:
        """Where every cube of a colour is; the counts always add up to the box's total."""
        if colour == PEASANT:
            supply = self.peasants
            on_board = 0
        else:
            supply = self.players[colour].supply
            on_board = sum(p.armies for p in self.provinces.values() if p.owner == colour)
        return {SUPPLY: supply, "provinces": on_board,
                TOWER: self.tower.get(colour, 0), TRAY: self.tray.get(colour, 0)}


def _created(s: ShogunState, e: dict) -> None:
    config = e["config"]
    board = config.get("board")
    if "data" in config:
        s.catalog = recorded_catalog(config["data"], e["versions"]["data"])
    elif board:
        s.catalog = catalog_with_board(board_from_dict(board))
    else:
        s.catalog = load_catalog(config["side"])
    s.setup = config["setup"]
    cards = s.catalog.cards
    n = len(config["players"])
    for p in config["players"]:
        s.players[p["colour"]] = Player(colour=p["colour"], name=p.get("name") or p["colour"],
                                        chests=s.catalog.setup["starting_chests"][str(n)],
                                        supply=cards["cubes_per_player"])
        s.seating.append(p["colour"])
    s.provinces = {p: Province() for p in s.board.in_play(n)}
    s.tower = {c: 0 for c in CUBE_COLOURS}
    s.tray = {c: 0 for c in CUBE_COLOURS}
    s.peasants = cards["peasant_cubes"]
    s.tokens = dict(cards["building_tokens"])
    groups = s.catalog.setup["settlement_groups"][: s.catalog.setup["groups_used"][str(n)]]
    for p in s.players.values():
        p.groups = list(groups)
    s.expansions = dict(config.get("expansions", {}))
    s.printed = dict(config.get("printed", {}))
    if "samurai" in s.expansions:
        s.valour = {c: 0 for c in s.seating}
    if "generals" in s.expansions:
        s.generals = {c: None for c in s.seating}
        s.trophies = {c: [] for c in s.seating}
    if "tenno" in s.expansions:
        s.tenno = TennoState.new(s.seating, s.expansions["tenno"])


def _cubes(s: ShogunState, e: dict) -> None:
    colour, n = e["colour"], e["n"]
    for place, sign in ((e["from"], -1), (e["to"], 1)):
        if place == SUPPLY:
            if colour == PEASANT:
                s.peasants += sign * n
            else:
                s.players[colour].supply += sign * n
        elif place == TOWER:
            s.tower[colour] += sign * n
        elif place == TRAY:
            s.tray[colour] += sign * n
        else:
            s.provinces[place].armies += sign * n


def _owner(s: ShogunState, e: dict) -> None:
    prov = s.provinces[e["province"]]
    before = prov.owner
    prov.owner = e["player"]
    if before is not None and before in s.plans:
        # Rulebook: the card of a lost province goes to the new owner at once, plan or not.
        actions = s.plans[before]["actions"]
        for action, province in list(actions.items()):
            if province == e["province"] and action not in s.acted.get(before, {}):
                del actions[action]


def _draft_take(s: ShogunState, e: dict) -> None:
    card = e["province"]
    if e["source"] == "deck":
        s.deck.remove(card)
    else:
        i = s.face_up.index(card)
        s.face_up.pop(i)
        if s.deck:
            s.face_up.insert(i, s.deck.pop(0))
    s.last_took_deck = e["source"] == "deck"
    s.players[e["player"]].groups.remove(e["armies"])
    s.draft_turn += 1


def _draft_refresh(s: ShogunState, e: dict) -> None:
    s.deck.extend(s.face_up)
    s.face_up, s.deck = s.deck[:2], s.deck[2:]
    s.last_took_deck = False


def _building(s: ShogunState, e: dict) -> None:
    prov = s.provinces[e["province"]]
    if e["built"]:
        prov.buildings.append(e["kind"])
        s.tokens[e["kind"]] -= 1
    else:
        prov.buildings.remove(e["kind"])
        s.tokens[e["kind"]] += 1


def _round(s: ShogunState, e: dict) -> None:
    s.phase = "planning"
    s.action_cards = list(e["actions"])
    s.revealed_actions = 5
    s.special_slots = list(e["specials"])
    s.specials, s.slot_of, s.plans, s.acted = {}, {}, {}, {}
    s.pick_order, s.bids, s.event, s.cursor = [], None, None, (0, 0)


def _special(s: ShogunState, e: dict) -> None:
    s.specials[e["player"]] = s.special_slots[e["slot"] - 1]
    s.slot_of[e["player"]] = e["slot"]
    s.special_slots[e["slot"] - 1] = None


def _acted(s: ShogunState, e: dict) -> None:
    s.acted.setdefault(e["player"], {})[e["action"]] = e["result"]


def _year(s: ShogunState, e: dict) -> None:
    s.year = e["year"]
    s.event_deck = list(e["deck"])
    s.year_events = list(e["events"])


def _event_drawn(s: ShogunState, e: dict) -> None:
    s.event = e["event"]
    s.year_events.remove(e["event"])


def _set(name: str, key: str | None = None) -> Callable[[ShogunState, dict], None]:
    def fold(s: ShogunState, e: dict) -> None:
        setattr(s, name, e[key or name])
    return fold


def _add(attr: str) -> Callable[[ShogunState, dict], None]:
    def fold(s: ShogunState, e: dict) -> None:
        player = s.players[e["player"]]
        setattr(player, attr, getattr(player, attr) + e["n"])
    return fold


def _unrest(s: ShogunState, e: dict) -> None:
    s.provinces[e["province"]].unrest += e["n"]


def _valour(s: ShogunState, e: dict) -> None:
    s.valour[e["player"]] = e["top"]


def _general(s: ShogunState, e: dict) -> None:
    s.generals[e["player"]] = e["province"]


def _statue(s: ShogunState, e: dict) -> None:
    here = s.statues.setdefault(e["province"], [])
    if e["placed"]:
        here.append(e["player"])
    else:
        here.remove(e["player"])
        if not here:
            del s.statues[e["province"]]


def _trophy(s: ShogunState, e: dict) -> None:
    _statue(s, {"player": e["owner"], "province": e["province"], "placed": False})
    s.trophies[e["player"]].append(e["owner"])


def _dajokan_cells(held: str | None) -> Callable[[ShogunState, dict], None]:
    """Dajokan: tokens laid face up on their cells, turned face down, or a player's marker
    put in a token's place (``held`` None: the event's player)."""
    def fold(s: ShogunState, e: dict) -> None:
        for name in e.get("cells") or [e["cell"]]:
            s.dajokan_cells[name] = held or e["player"]
    return fold


def _note(s: ShogunState, e: dict) -> None:
    s.log.append(e)


def _plan(s: ShogunState, e: dict) -> None:
    s.plans[e["player"]] = {"actions": dict(e["actions"]), "bid": e["bid"]}
    if "court" in e:
        s.plans[e["player"]]["court"] = dict(e["court"])


def _deck(s: ShogunState, e: dict) -> None:
    s.deck, s.face_up = list(e["deck"]), list(e["face_up"])
    s.phase = "draft"


def _printed(s: ShogunState, e: dict) -> None:
    s.printed.update(e["values"])


def _cursor(s: ShogunState, e: dict) -> None:
    s.cursor = tuple(e["at"])


FOLD: dict[str, Callable[[ShogunState, dict], None]] = {
    "created": _created,
    "cubes": _cubes,
    "owner": _owner,
    "deck": _deck,
    "draft_take": _draft_take,
    "draft_refresh": _draft_refresh,
    "chests": _add("chests"),
    "rice": _add("rice"),
    "score": _add("score"),
    "building": _building,
    "unrest": _unrest,
    "pending": _set("pending"),
    "phase": _set("phase"),
    "round": _round,
    "year": _year,
    "event_drawn": _event_drawn,
    "plan": _plan,
    "bids": _set("bids"),
    "pick_order": _set("pick_order", "order"),
    "special": _special,
    "turn_order": _set("turn_order", "order"),
    "cursor": _cursor,
    "revealed": _set("revealed_actions", "n"),
    "acted": _acted,
    "battle": _set("battle"),
    "winter": _set("winter"),
    "season": _set("season"),
    "note": _note,
    "result": _set("result"),
    "valour": _valour,
    "valour_queue": _set("valour_queue", "queue"),
    "dajokan_regions": _set("dajokan_regions", "order"),
    "dajokan_drawn": _dajokan_cells(FACE_UP),
    "dajokan_claim": _dajokan_cells(None),
    "dajokan_flipped": _dajokan_cells(FACE_DOWN),
    "dajokan_queue": _set("dajokan_queue", "queue"),
    "general": _general,
    "statue": _statue,
    "trophy": _trophy,
    "general_queue": _set("general_queue", "queue"),
    **TENNO_FOLD,
    "printed": _printed,
}


def apply(state: ShogunState, event: dict) -> None:
    FOLD[event["type"]](state, event)
