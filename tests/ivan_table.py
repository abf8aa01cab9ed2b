"""An Ivan the Terrible table for the tests: a game made by its create command, positions
laid out by the game's own events (a favour track, boyars in chambers with coins under
them, coins and goods in hand), and commands sent as the phones and the tablet send them."""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Session
from companion.errors import RuleError
from companion.games.ivan.rules import GAME
from session_table import SessionTable

FAMILIES = ("white", "black", "green", "red")
"""The seats: the families' colours, Бельские white, Чернятинские black, Заболотские green,
Пожарские red, as the rulebook's examples name them in this order."""
COLOURS = {"ivan.assignment.colour1": "black", "ivan.assignment.colour2": "white",
           "ivan.assignment.colour3": "red", "ivan.assignment.colour4": "green"}
"""Only black is in the rulebook; the others are chosen for the tests, never asserted."""
CITIES = ("moscow", "yaroslavl", "nizhny_novgorod", "putivl", "kursk", "chernigov", "novgorod_seversky",
          *(f"city{n}" for n in range(8, 17)))
MAP = {**{f"ivan.city.{c}.region": ("east", "south", "west", "north")[i % 4] for i, c in enumerate(CITIES)},
       **{f"ivan.city.{c}.colour": f"colour{i % 4 + 1}" for i, c in enumerate(CITIES)},
       "ivan.city.novgorod_seversky.colour": "colour1"}
"""A map for the tests: the regions and colours chosen, never the rulebook's (which names
seven cities and gives the colour of one, Novgorod-Seversky's black, card 1 here)."""



def regional_face(n: int, background: str = "dark", threshold: int = 2, vp: int = 3, coins: int = 2,
                  good: str = "none", goods: int = 0, favour: str = "no", action: str = "none") -> dict[str, Any]:
    """Regional token ``n``'s face as the install keeps it: reward 1 is ``vp`` points and the
    ``action`` icon, reward 2 is ``coins`` coins, ``goods`` of ``good`` and ``favour``; chosen
    for the tests (the rulebook prints no token)."""
    at = f"ivan.regional{n}."
    return {at + "background": background, at + "threshold": threshold,
            at + "reward1.vp": vp, at + "reward1.coins": 0, at + "reward1.good": "none", at + "reward1.goods": 0,
            at + "reward1.favour": "no", at + "reward1.action": action,
            at + "reward2.vp": 0, at + "reward2.coins": coins, at + "reward2.good": good, at + "reward2.goods": goods,
            at + "reward2.favour": favour, at + "reward2.action": "none"}



def project_face(kind: str, n: int, vp: int = 5, **cost: int) -> dict[str, Any]:
    """Project ``n`` of ``kind`` as the install keeps it: the goods it asks and its points."""
    at = f"ivan.{kind}{n}."
    goods = ("rye", "wood", "stone", "gunpowder", "cloth", "metal")
    return {at + "vp": vp, **{f"{at}cost_{g}": cost.get(g, 0) for g in goods}}



def city_income(city: str, coins: int = 0, good: str = "none", goods: int = 0) -> dict[str, Any]:
    """``city``'s income as the install keeps it."""
    at = f"ivan.city.{city}."
    return {at + "coins": coins, at + "good": good, at + "goods": goods}



def effect_face(source: str, n: int, coins: int = 0, vp: int = 0, favour: int = 0, warriors: int = 0,
                action: str = "none", **goods: int) -> dict[str, Any]:
    """Trophy, trade token, estate or board effect ``n`` as the install keeps it: what it
    changes (paid below 0), and for an estate or board effect the icon carried out on the board."""
    at = f"ivan.{source}{n}."
    every = ("rye", "wood", "stone", "gunpowder", "cloth", "metal")
    icon = {at + "action": action} if source in ("estate", "board") else {}
    return {at + "coins": coins, at + "vp": vp, at + "favour": favour, at + "warriors": warriors,
            **{at + g: goods.get(g, 0) for g in every}, **icon}


def title_face(n: int, per: str, vp: int, how: str = "each", of: int = 1) -> dict[str, Any]:
    """Title ``n`` as the install keeps it: what it counts, how, and its numbers."""
    at = f"ivan.title{n}."
    return {at + "per": per, at + "how": how, at + "vp": vp, at + "of": of}


class Table(SessionTable):
    """One game of Ivan in memory, past the set-up: every player has kept a project."""

    game = GAME

    def __init__(self, players: int = 4, referee: bool = True, seed: int = 1,
                 printed: dict[str, Any] | None = None, keep: bool = True,
                 influence: str = "entered") -> None:
        if printed is None:
            printed = {**COLOURS, **MAP} if influence == "map" else COLOURS
        command = {"type": "create", "seed": seed, "referee": referee, "influence": influence,
                   "players": [{"seat": f} for f in FAMILIES[:players]], "printed": printed}
        self.session = Session.create(GAME, command)
        if keep and self.state.phase == "keep":
            for seat in self.state.seating:
                self.do({"type": "keep", "player": seat, "kind": "military"})

    def favour(self, *order: str) -> None:
        """The favour track, top first."""
        self.events({"type": "favour", "order": list(order)})

    def coins(self, seat: str, n: int) -> None:
        """``seat`` holds exactly ``n`` coins."""
        self.events({"type": "coins", "player": seat, "n": n - self.state.players[seat].coins})

    def goods(self, seat: str, **goods: int) -> None:
        """``seat`` holds exactly these goods (the others unchanged)."""
        held = self.state.players[seat].goods
        self.events({"type": "goods", "player": seat, "goods": {g: n - held[g] for g, n in goods.items()}})

    def chambers(self, *boyars: tuple[str, str, int], turn: str, cards: dict[str, str] | None = None) -> None:
        """The action phase with these boyars (seat, chamber, coins under it) in the chambers,
        placed from coins given for them, and ``turn`` to act; ``cards`` the assignment cards."""
        dealt = dict(self.state.assignments)
        dealt.update(cards or {})
        events: list[dict[str, Any]] = [
            {"type": "deal", "decade": self.state.decade, "first": turn, "cards": dealt,
             "hidden": self.state.hidden_assignment}]
        for seat, chamber, coins in boyars:
            events.append({"type": "coins", "player": seat, "n": coins})
            events.append({"type": "placed", "player": seat, "chamber": chamber, "coins": coins})
        events.append({"type": "phase", "phase": "actions"})
        events.append({"type": "turn", "turn": {"player": turn, "chamber": None, "sealed": False, "left": {}}})
        self.events(*events)

    def turn_to(self, seat: str) -> None:
        """``seat``'s turn of the action phase begins, before it takes out a boyar."""
        self.events({"type": "turn", "turn": {"player": seat, "chamber": None, "sealed": False, "left": {}}})

    def regions(self, decade: int = 1) -> None:
        """The decade's end, the regions about to be rewarded."""
        self.events({"type": "deal", "decade": decade, "first": self.state.first,
                     "cards": dict(self.state.assignments), "hidden": self.state.hidden_assignment},
                    {"type": "turn", "turn": None}, {"type": "phase", "phase": "regions"})

    def pieces(self, seat: str, city: str, **pieces: int) -> None:
        """``seat`` has these pieces (warrior, building, boyar) in ``city`` besides the rest."""
        self.events(*({"type": "city", "player": seat, "city": city, "piece": kind, "n": n}
                      for kind, n in pieces.items()))

    def notes(self) -> list[str]:
        return [note["key"] for note in self.state.log]


def effect_turn(*faces: dict[str, Any], referee: bool = False, estates: int = 0) -> Table:
    """White's turn of the action phase, its boyar still in the projects chamber, 2 coins, no
    rye, holding ``estates`` estate cards; the install knows ``faces``."""
    table = Table(4, referee=referee, printed={**COLOURS, **{k: v for f in faces for k, v in f.items()}})
    table.favour("black", "white", "green", "red")
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    table.coins("white", 2)
    table.goods("white", rye=0)
    if estates:
        table.events({"type": "cards", "player": "white", "estates": estates})
    return table


def play(table: Table, source: str, **effect: Any) -> None:
    """White plays an effect (a trophy, a trade token, an estate, a board effect)."""
    table.do({"type": "effect", "player": "white", "source": source, **effect})


def refusal(table: Table, source: str, **effect: Any) -> str:
    """The message White's effect is refused with (a test fails if it is played)."""
    with pytest.raises(RuleError) as refused:
        play(table, source, **effect)
    return refused.value.key
