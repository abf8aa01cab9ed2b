"""Edo's screens for the web shell: where its templates live, and the scene they draw.

A scene wraps one device's view and nothing else, so a template cannot show what the view
does not hold: the table's and the other phones' scenes have no action of a card still face
down, because their views have none.
"""
from __future__ import annotations

from typing import Any

from companion.engine import scene
from companion.engine.game import Screens
from companion.games.edo.setup import COLOURS
from companion.games.edo.text import names_of
from companion.games.edo.web import map as board_map

ACTS = {"travel": "travel", "develop": "develop", "trade": "trade",
        "build": "build", "build_complex": "build",
        "produce_wood": "produce", "produce_stone": "produce", "produce_rice": "produce"}
"""Which form of the turn region an action's executions are entered with."""


class Scene(scene.Scene):
    """One device's view (the table's, or a seat's) with the helpers its templates call."""

    names_of = staticmethod(names_of)

    # -- who and when ---------------------------------------------------------------------
    @property
    def turn(self) -> dict[str, Any] | None:
        return self.v["turn"]

    def player(self, seat: str | None) -> dict[str, Any] | None:
        return next((p for p in self.players if p["seat"] == seat), None)

    @property
    def awaited(self) -> str | None:
        """The one player the game waits for now (his card, or his wages), if one."""
        if self.turn is not None:
            return self.turn["player"]
        if self.phase == "wages" and self.v["queue"]:
            return self.v["queue"][0]
        return None

    @property
    def my_turn(self) -> bool:
        return self.turn is not None and self.turn["player"] == self.seat

    def action_of(self, seat: str | None) -> str | None:
        """The action of the card ``seat`` is carrying out, once it is turned up (public
        from then on, so the table may offer its executions when the tablet is passed)."""
        if self.turn is None or self.turn["player"] != seat or not self.turn["revealed"]:
            return None
        player = self.player(seat)
        return next((r["action"] for r in player["revealed"] if r["slot"] == self.turn["slot"]), None)

    def act_form(self, seat: str | None) -> str | None:
        action = self.action_of(seat)
        return ACTS.get(action) if action and self.turn["left"] else None

    def able(self, seat: str) -> list[tuple[str, str]]:
        """(samurai, location) of ``seat``'s samurai that can carry out his turned-up card once
        more: not yet used by it, and standing where its action needs one (the resource's
        location, a city, the merchant's location)."""
        action = self.action_of(seat)
        at = self.facts["actions"][action].get("at") if action else None
        kinds = {"city": ("edo", "city")}.get(at, (at,))
        player = self.player(seat)
        return [(f, loc) for f, loc in player["samurai"].items() if f not in self.turn["used"]
                and (loc == self.v["merchant"]["at"] if at == "merchant"
                     else self.v["locations"].get(loc) in kinds)]

    def wages_of(self, seat: str | None) -> bool:
        return self.phase == "wages" and bool(self.v["queue"]) and self.v["queue"][0] == seat

    @property
    def my_wages(self) -> bool:
        return self.wages_of(self.seat)

    def _pending(self, kind: str) -> dict[str, Any] | None:
        pending = self.v["pending"]
        return pending if pending and pending["kind"] == kind else None

    @property
    def printed(self) -> dict[str, Any] | None:
        return self._pending("printed")

    @property
    def asks_map(self) -> bool:
        """The printed values asked include the map's counts: how to number places is said."""
        return any(q["key"].startswith("edo.map.") for q in self.printed["questions"])

    @property
    def roads_asked(self) -> dict[str, Any] | None:
        """The place whose neighbours the table is asked to tap, while the roads are told."""
        return self._pending("roads")

    @property
    def priced(self) -> bool:
        """The game counts a move's steps by the board's roads (the player only taps where)."""
        return self.v["roads"] is not None

    def cost(self, src: str, dst: str) -> int | None:
        """The steps of the fewest-step way from ``src`` to ``dst``, None if no road leads there."""
        return self.v["roads"]["steps"].get(src, {}).get(dst)

    @property
    def draw(self) -> dict[str, Any] | None:
        """The table's draw awaited, when the group deals the real decks itself."""
        return self._pending("draw")

    def drawn_options(self) -> list[tuple[str, str]]:
        """What the table may tap: the seats for the first player, else the cards still in
        the deck, a special card with its actions when the install knows them."""
        draw = self.draw
        if draw["what"] == "first":
            return [(seat, self.name(seat)) for seat in draw["options"]]
        shows = draw.get("shows", {})
        return [(card, self.term("special", card) + (
            ": " + " / ".join(self.term("action", a) for a in shows[card]) if card in shows else ""))
            for card in draw["options"]]

    # -- what the forms offer -------------------------------------------------------------
    def locations(self, *kinds: str) -> list[str]:
        return [loc for loc, kind in self.v["locations"].items() if not kinds or kind in kinds]

    def asked(self, question: dict[str, Any]) -> str:
        return self.say(question["label"], **question["params"])

    def option(self, value: Any) -> str:
        """A printed question's option: an action's name, a good's (a merchant card's), or
        the number itself."""
        if not isinstance(value, str):
            return str(value)
        return self.term("action" if value in self.facts.get("actions", {}) else "good", value)

    @staticmethod
    def number(figure: str) -> str:
        """A samurai as its player reads it: by its number ("blue3" is 3), not its id."""
        return figure.lstrip("abcdefghijklmnopqrstuvwxyz")

    # -- the board ------------------------------------------------------------------------
    def map(self) -> list[board_map.Node]:
        return board_map.layout(self.v["locations"])

    def road_lines(self) -> list[tuple[board_map.Node, board_map.Node]]:
        """Each road told so far, as the two boxes it joins (all of them once known)."""
        nodes = {n.id: n for n in self.map()}
        return [(nodes[a], nodes[b]) for a, b in self.v["roads_told"]]

    def samurai_at(self) -> dict[str, list[tuple[str, str]]]:
        return board_map.samurai_at(self.players)

    def card_places(self, player: dict[str, Any]) -> list[dict[str, Any]]:
        """The player's planning board as the table sees it: three places, each empty, a card
        face down with the officials standing before it once every plan is in, or face up
        with its action once turned up («выбранным действием вниз» until then)."""
        before = player["before_cards"]
        places = []
        for slot in range(3):
            up = next((r for r in player["revealed"] if r["slot"] == slot), None)
            shown = up or (before[slot] if before else None)
            now = self.turn is not None and self.turn["player"] == player["seat"] \
                and self.turn["slot"] == slot
            places.append({"slot": slot, "state": "up" if up else "down" if shown else
                           "ready" if player["plan_in"] else "empty",
                           "action": up["action"] if up else None,
                           "officials": shown["officials"] if shown else 0,
                           "shogun": shown["shogun"] if shown else 0,
                           "now": now, "done": bool(up) and not now})
        return places

    def power_track(self) -> dict[str, Any]:
        """The power points track: every value up to past the leader, the end at 12 marked."""
        end = self.facts["end_power"]
        top = max([end + 4] + [p["power"] + 2 for p in self.players])
        at: dict[int, list[str]] = {}
        for p in self.players:
            at.setdefault(p["power"], []).append(p["seat"])
        return {"cells": list(range(top + 1)), "end": end, "at": at}

    def final_rows(self) -> list[dict[str, Any]]:
        """The final table's rows: the ranked players by place, then those out of the running
        («Если у игрока нет дома в Эдо, он выходит из игры»), whatever their totals."""
        rows = self.v["result"]["rows"]
        return sorted((r for r in rows if r["eligible"]), key=lambda r: r["place"]) + \
            sorted((r for r in rows if not r["eligible"]), key=lambda r: -r["total"])


SCREENS = Screens(
    package="companion.games.edo.web",
    regions={"table": ("top", "map", "boards", "decide", "log"), "hand": ("me", "plan", "turn", "log")},
    scene=Scene,
    new_game={"colours": COLOURS},
)
