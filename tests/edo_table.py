"""An Edo table for the tests: a game made by its create command with the values the box
prints already known to the install, positions laid out by the game's own events, and
commands sent as the phones and the tablet send them."""
from __future__ import annotations

from typing import Any

from pathlib import Path

from companion.engine import EventStore, Session
from companion.games.edo.rules import GAME
from session_table import SessionTable

# What the test box prints. Only the yields 3/2/1 come from the rulebook's examples; the
# rest are values chosen for the tests, never asserted as the real game's.
CARDS = {1: ("money", "rice", "travel", "hire"),
         2: ("develop", "produce_wood", "produce_stone", "produce_rice"),
         3: ("build", "build_complex", "trade", "money")}
PRINTED: dict[str, Any] = {f"edo.card{c}.action{n}": a for c, acts in CARDS.items()
                           for n, a in enumerate(acts, start=1)}
PRINTED.update({"edo.start.officials": 5, "edo.start.ryo": 10, "edo.start.rice": 2,
                "edo.start.wood": 1, "edo.start.stone": 1, "edo.pieces.houses": 7,
                "edo.pieces.fortresses": 8, "edo.pieces.shogun": 12, "edo.special.display": 4})
for side in ("small", "large"):
    PRINTED.update({f"edo.map.{side}.city": 3, f"edo.map.{side}.forest": 2,
                    f"edo.map.{side}.quarry": 1, f"edo.map.{side}.field": 1,
                    f"edo.map.{side}.post": 4})
BUILDING = {"edo.cost.house.wood": 1, "edo.cost.house.stone": 0, "edo.cost.house.ryo": 2,
            "edo.points.house": 1, "edo.cost.post.wood": 1, "edo.cost.post.stone": 1,
            "edo.cost.post.ryo": 3, "edo.points.post": 2, "edo.cost.fortress.wood": 0,
            "edo.cost.fortress.stone": 2, "edo.cost.fortress.ryo": 4, "edo.points.fortress": 3}
YIELDS = {"edo.yield.samurai1": 3, "edo.yield.samurai2": 2, "edo.yield.samurai3": 1,
          "edo.yield.samurai4": 1}
# Every merchant card of the test box sells wood at 2 ryo a piece, 2 at most, and a power
# point for 3 ryo.
MERCHANT = {f"edo.merchant{n}.{what}": value for n in range(1, 11) for what, value in
            (("resource", "wood"), ("price", 2), ("most", 2), ("point_good", "ryo"), ("point_price", 3))}
EVERYTHING = {**PRINTED, **BUILDING, **YIELDS, **MERCHANT}
PLACES = ("edo", "city1", "city2", "city3", "forest1", "forest2", "quarry1", "field1",
          "post1", "post2", "post3", "post4")
"""The test box's places, as the counts above number them."""
NEIGHBOURS = {"edo": ("city1", "city2", "city3", "field1"), "city1": ("forest1", "post1"),
              "city2": ("forest2", "quarry1", "post2"), "city3": ("post3", "post4")}
"""The test box's roads (each told from one end): Forest 1 is three steps from City 2."""


def roads(side: str = "small", neighbours: dict[str, tuple[str, ...]] = NEIGHBOURS) -> dict[str, Any]:
    """The test box's roads on ``side`` as the install keeps them: how many leave each
    place, and each road."""
    from companion.games.edo.roads import count_key, key
    joined = {frozenset((a, b)) for a, bs in neighbours.items() for b in bs}
    counts = {count_key(side, p): sum(p in pair for pair in joined) for p in PLACES}
    return {**counts, **{key(side, *sorted(pair)): "road" for pair in joined}}


ROADS = {**roads("small"), **roads("large")}
COLOURS = ("blue", "red", "green", "yellow")


class Table(SessionTable):
    """One game of Edo in memory; a table whose install knows no roads counts the steps
    itself (it answers the roads' form with "later") unless ``ask_roads``."""

    game = GAME

    def __init__(self, players: int = 3, printed: dict[str, Any] | None = None,
                 referee: bool = False, seed: int = 1, deal: str = "app",
                 ask_roads: bool = False) -> None:
        command = {"type": "create", "seed": seed, "referee": referee, "deal": deal,
                   "players": [{"seat": c} for c in COLOURS[:players]],
                   "printed": EVERYTHING if printed is None else printed}
        self.session = Session.create(GAME, command)
        pending = self.state.pending
        if not ask_roads and pending is not None and pending["kind"] == "roads":
            self.do({"type": "roads_later"})

    def samurai(self, seat: str, *places: str) -> list[str]:
        """Put ``seat``'s next officials on these places as samurai; their figures."""
        figures = self.state.players[seat].officials[:len(places)]
        self.events(*({"type": "figure", "player": seat, "figure": f, "at": at}
                      for f, at in zip(figures, places)))
        return figures

    def build(self, city: str, *buildings: tuple[str, str | None]) -> None:
        """Buildings already standing in ``city``, in build order: (kind, owner)."""
        self.events(*({"type": "built", "city": city, "building": kind, "owner": owner,
                       "by": owner} for kind, owner in buildings))

    def give(self, seat: str, **goods: int) -> None:
        self.events({"type": "goods", "player": seat, **goods})

    def plan(self, seat: str, *slots: tuple[str, str, int]) -> None:
        """A plan of three (card, action, officials)."""
        self.do({"type": "plan", "player": seat,
                 "slots": [{"card": c, "action": a, "officials": n} for c, a, n in slots]})

    def idle_plans(self, *seats: str) -> None:
        """Plans with no official at all, for the players a test does not watch."""
        for seat in seats:
            self.plan(seat, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))

    def everyone_idle_but(self, seat: str) -> None:
        self.idle_plans(*(s for s in self.state.seating if s != seat))

    def all_plans_in(self) -> None:
        """Every player's plan: money with one official, development, money with one."""
        for seat in self.state.seating:
            self.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 1))

    def to_wages(self) -> None:
        """Every plan in and every card turned up: the round's wages are next."""
        self.all_plans_in()
        while self.state.phase == "execution":
            self.do({"type": "reveal", "player": self.state.turn["player"]})

    def play_until_turn(self, seat: str, slot: int = 0) -> None:
        """Turn up every card before ``seat``'s card ``slot``, carrying out nothing."""
        while self.state.turn and (self.state.turn["player"], self.state.turn["slot"]) != (seat, slot):
            who = self.state.turn["player"]
            if not self.state.turn["revealed"]:
                self.do({"type": "reveal", "player": who})
            else:
                self.do({"type": "done", "player": who})


def blue_first(players: int = 2, **kw) -> Table:
    """A table whose first player is blue (the rulebook's examples follow Blue)."""
    for seed in range(1, 50):
        table = Table(players, seed=seed, **kw)
        if table.state.first == "blue":
            return table
    raise AssertionError("no seed puts blue first")


def at_income(db: Path, game: str, city: str, *buildings: tuple[str, str | None]) -> None:
    """Write into a saved game, as the engine writes such facts, buildings standing in
    ``city`` (in build order: kind, owner) and the round at its income with that city next;
    the app replays them like any saved game."""
    events = [{"type": "built", "city": city, "building": kind, "owner": owner, "by": owner}
              for kind, owner in buildings]
    events += [{"type": "phase", "phase": "income"}, {"type": "queue", "queue": [city]}]
    store = EventStore(db)
    try:
        loaded = store.load(game)
        store.append(game, loaded.writes, loaded.records[-1].seq + 1, {"type": "arranged"},
                     events, store.game(game).summary)
    finally:
        store.close()
