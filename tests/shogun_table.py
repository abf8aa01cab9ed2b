"""A table for rulebook tests: a real engine session plus a way to set up a position.

Positions are arranged with the same events the engine writes (owner changes, cube
moves, chests), so every cube stays accounted for and the session replays them like any
saved game. Everything after the arrangement goes through real commands.
"""
from __future__ import annotations

from typing import Any

from companion.engine import Session
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.simulate import check_invariants
from companion.games.shogun.state import SUPPLY, TOWER

RULES = ShogunRules()
HARMLESS_SPECIALS = ("chest", "rice", "six_armies", "attack", "defence")


class Table:
    def __init__(self, players: tuple[str, ...] = ("red", "blue", "yellow"),
                 setup: str = "recommended", seed: int = 1, seeded: dict[str, int] | None = None):
        create = {"type": "create", "seed": seed, "setup": setup,
                  "players": [{"colour": c} for c in players]}
        self.session = Session.create(RULES, create)
        if setup == "recommended":
            # The tower is loaded; ``seeded`` is what fell into the tray (default: nothing).
            self.do({"type": "count_tray", "counts": seeded or {}})

    @property
    def state(self):
        return self.session.state

    def do(self, command: dict[str, Any]) -> list[dict]:
        events = self.session.execute(command)
        check_invariants(self.state)
        return events

    def notes(self, events: list[dict], key: str) -> list[dict]:
        return [e["params"] for e in events if e["type"] == "note" and e["key"] == key]

    # -- arranging a position ---------------------------------------------------------
    def arrange(self, *events: dict[str, Any]) -> None:
        history = self.session.history + [list(events)]
        self.session = Session.replay(RULES, history, self.session.draws)
        check_invariants(self.state)

    def give(self, province: str, colour: str | None, armies: int = 0, unrest: int = 0,
             buildings: tuple[str, ...] = ()) -> None:
        """Put ``province`` in ``colour``'s hands with exactly this many armies and tokens."""
        prov = self.state.provinces[province]
        events: list[dict[str, Any]] = []
        if prov.owner is not None:
            events.append({"type": "cubes", "colour": prov.owner, "n": prov.armies,
                           "from": province, "to": SUPPLY})
        for kind in prov.buildings:
            events.append({"type": "building", "province": province, "kind": kind, "built": False})
        events.append({"type": "owner", "province": province, "player": colour})
        if armies:
            events.append({"type": "cubes", "colour": colour, "n": armies, "from": SUPPLY,
                           "to": province})
        if unrest != prov.unrest:
            events.append({"type": "unrest", "province": province, "n": unrest - prov.unrest})
        for kind in buildings:
            events.append({"type": "building", "province": province, "kind": kind, "built": True})
        self.arrange(*[e for e in events if e.get("n", 1) != 0])

    def set_chests(self, colour: str, chests: int) -> None:
        self.arrange({"type": "chests", "player": colour, "n": chests - self.state.players[colour].chests})

    def set_rice(self, colour: str, rice: int) -> None:
        self.arrange({"type": "rice", "player": colour, "n": rice - self.state.players[colour].rice})

    def set_year_events(self, *events: str) -> None:
        self.arrange({"type": "year", "year": self.state.year, "deck": list(self.state.event_deck),
                      "events": list(events)})

    def set_round(self, actions: list[str] | None = None, specials: list[str] | None = None) -> None:
        """Lay this round's action cards (first five face up) and special cards in order."""
        s = self.state
        self.arrange({"type": "round", "season": s.season,
                      "actions": actions or list(s.action_cards),
                      "specials": specials or [c for c in s.special_slots]})

    def put_in_tower(self, colour: str, n: int) -> None:
        self.arrange({"type": "cubes", "colour": colour, "n": n, "from": SUPPLY, "to": TOWER})

    # -- playing a round ---------------------------------------------------------------
    def plan_round(self, plans: dict[str, dict[str, str]], bids: dict[str, Any] | None = None,
                   specials: dict[str, str] | None = None) -> list[dict]:
        """Everyone hands in a plan (default: nothing, bid 0), then takes special cards:
        the one named in ``specials`` if free, else the first harmless one."""
        bids = bids or {}
        specials = specials or {}
        events: list[dict] = []
        for colour in self.state.seating:
            bid = bids.get(colour, {"chests": 0})
            events += self.do({"type": "plan", "player": colour, "actions": plans.get(colour, {}),
                               "bid": bid})
        wanted = set(specials.values())
        while self.state.pending and self.state.pending["kind"] == "special":
            colour = self.state.pending["player"]
            free = self.state.pending["free"]
            cards = {self.state.special_slots[s - 1]: s for s in free}
            want = specials.get(colour)
            slot = cards.get(want) if want else None
            if slot is None:
                slot = next(cards[c] for c in HARMLESS_SPECIALS if c in cards and c not in wanted)
            events += self.do({"type": "choose_special", "player": colour, "slot": slot})
        return events
