"""A rulebook table for Tenno's Court: the worked examples' four players (Zhenya blue, Denis
red, Anya purple, Varvara yellow), the recommended set-up, and a round brought to the palace."""
from __future__ import annotations

from typing import Any

from companion.engine import Session
from shogun_table import RULES, Table

SPECIALS = ["chest", "rice", "six_armies", "attack", "defence"]
PLAYERS = (("blue", "Женя"), ("red", "Денис"), ("purple", "Аня"), ("yellow", "Варвара"))
PRINTED = {"tenno.favour.2": 2, "tenno.favour.9": 3, "tenno.favour.16": 4,
           "tenno.favour.3": 1, "tenno.favour.8": 2, "tenno.favour.14": 3,
           "tenno.favour.5": 1, "tenno.favour.15": 2, "tenno.favour.20": 3,
           "tenno.favour.6": 1, "tenno.favour.13": 2, "tenno.favour.19": 3,
           "tenno.favour.7": "castle", "tenno.favour.17": "temple", "tenno.favour.21": "theatre",
           "tenno.favour.10": "battle1", "tenno.favour.11": "battle2", "tenno.favour.18": "both"}
"""What these tests' cards show (the table's answers, as the install would remember them);
not a claim about the printed cards."""


class TennoTable(Table):
    """The tower is loaded with ``seeded`` in the tray (default nothing); ``deck`` puts
    these favour cards on top of the shuffled deck before the first round lays them out."""

    def __init__(self, seeded: dict[str, int] | None = None, deck: list[int] | None = None,
                 expansions: tuple[str, ...] = ("tenno",), seed: int = 1,
                 printed: dict[str, object] | None = None) -> None:
        create = {"type": "create", "seed": seed, "setup": "recommended",
                  "players": [{"colour": c, "name": n} for c, n in PLAYERS],
                  "expansions": list(expansions), "printed": PRINTED if printed is None else printed}
        self.session = Session.create(RULES, create)
        if deck is not None:
            rest = [n for n in self.state.tenno.deck if n not in deck]
            self.arrange({"type": "favour_deck", "deck": [*deck, *rest]})
        self.do({"type": "count_tray", "counts": seeded or {}})

    def officials(self, colour: str) -> dict[str, int]:
        return dict(self.state.tenno.officials[colour])

    def set_waiting(self, **waiting: int) -> None:
        """Officials in each player's waiting hall, as earlier rounds left them."""
        events = []
        for colour, n in waiting.items():
            diff = n - self.state.tenno.officials[colour]["waiting"]
            if diff:
                src, dst = ("supply", "waiting") if diff > 0 else ("waiting", "supply")
                events.append({"type": "officials", "player": colour, "n": abs(diff),
                               "from": src, "to": dst})
        self.arrange(*events)

    def offer(self, *favours: int) -> None:
        """The audience hall's slots (4, 3, 2 officials) hold these cards."""
        self.arrange({"type": "favours_laid", "offered": list(favours),
                      "deck": [n for n in self.state.tenno.deck if n not in favours]})

    def to_the_palace(self, order: tuple[str, ...] = ("blue", "red", "purple", "yellow"),
                      courts: dict[str, dict[str, str]] | None = None,
                      plans: dict[str, dict[str, str]] | None = None,
                      actions: list[str] | None = None) -> list[dict]:
        """Everyone plans no action and the exchange cells in ``courts``; the bids make
        ``order`` the turn order (each takes the special card of its slot); ``plans`` and
        ``actions`` (the action cards' order) as given."""
        self.set_round(actions=actions, specials=SPECIALS)
        courts = courts or {}
        events: list[dict] = []
        for colour in order:
            self.set_chests(colour, 10)
        for colour in self.state.seating:
            plan: dict[str, Any] = {"type": "plan", "player": colour,
                                    "actions": (plans or {}).get(colour, {}),
                                    "bid": {"chests": len(order) - 1 - order.index(colour)}}
            if colour in courts:
                plan["court"] = courts[colour]
            events += self.do(plan)
        specials = dict(zip(order, SPECIALS))
        while self.state.pending and self.state.pending["kind"] == "special":
            colour = self.state.pending["player"]
            slot = SPECIALS.index(specials[colour]) + 1
            events += self.do({"type": "choose_special", "player": colour, "slot": slot})
        assert self.state.turn_order == list(order)
        return events


def notes(events: list[dict], key: str) -> list[dict[str, Any]]:
    return [e["params"] for e in events if e["type"] == "note" and e["key"] == key]
