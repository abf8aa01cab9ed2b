"""The game's screens for the web shell: where its templates live, and the scene they draw.

A scene wraps one device's view and nothing else, so a template cannot show what the view
does not hold: the table's and the other phones' scenes have no kind of a face-down token,
no destiny hand and no resources, because their views have none.
"""
from __future__ import annotations

from typing import Any

from companion.engine import scene
from companion.engine.game import Screens
from companion.games.little_empires.catalog import data
from companion.games.little_empires.text import names_of

MOVES = ("move3", "move23", "move2ship")


class Scene(scene.Scene):
    """One device's view (the table's, or a seat's) with the helpers its templates call."""

    names_of = staticmethod(names_of)

    # -- who and when ---------------------------------------------------------------------
    @property
    def me(self) -> dict[str, Any] | None:
        return self.v["me"]

    @property
    def regions(self) -> list[str]:
        return list(data()["regions"])

    @property
    def eras(self) -> int:
        return data()["eras"]

    @property
    def direction(self) -> str | None:
        """The way the tokens are turned up this round: «снизу вверх» in an era's first
        round, «сверху вниз» in its second (None before the first round)."""
        return {1: "up", 2: "down"}.get(self.v["round"])

    def awaits(self) -> dict[str, Any]:
        """What the game waits for, for the table's top line: a seat's token to carry out
        or to place, the destiny cards still being chosen, a seat's expedition, or an entry
        on the tablet itself."""
        pending = self.v["pending"]
        if self.v["result"]:
            return {"kind": None, "seats": []}
        if pending and pending["kind"] == "expedition":
            return {"kind": "expedition", "seats": [pending["player"]]}
        if pending:
            return {"kind": "table", "seats": []}
        if self.v["current"]:
            return {"kind": "act", "seats": [self.v["current"]["player"]]}
        if self.v["placer"]:
            return {"kind": "place", "seats": [self.v["placer"]]}
        if self.phase == "destiny" and self.v["choosing"]:
            return {"kind": "destiny", "seats": list(self.v["choosing"])}
        return {"kind": None, "seats": []}

    def cards_in(self, region: str) -> list[str | None]:
        """Who played each destiny card of ``region`` turned up so far (None: the card no
        player chose, as a two-player game turns up)."""
        return [card["by"] for card in self.v["played"] if card["region"] == region]

    def mountains_at(self, province: str) -> list[str]:
        """The mountains whose road ends in ``province`` («Путь горы»: a mountain lies on the
        road between two provinces), as the table told them."""
        return [m for m, mountain in self.v["mountains"].items() if province in mountain["road"]]

    def coast(self, province: str) -> bool:
        """Whether the table has told that ``province`` lies on the sea."""
        return self.facts.get("coast", {}).get(province) == "coast"

    @property
    def printed(self) -> dict[str, Any] | None:
        pending = self.v["pending"]
        return pending if pending and pending["kind"] == "printed" else None

    @property
    def referee_entry(self) -> str | None:
        pending = self.v["pending"]
        return pending["kind"] if pending and pending["kind"] in ("bonus", "significance") else None

    @property
    def act(self) -> dict[str, Any] | None:
        """The token this seat is to carry out now, if any."""
        return self.choices.get("act")

    # -- the board ------------------------------------------------------------------------
    def provinces(self, region: str | None = None) -> list[str]:
        return [f"{r}{n}" for r, count in data()["regions"].items() if region in (None, r)
                for n in range(1, count + 1)]

    def mine(self, region: str) -> list[str]:
        """This seat's provinces in ``region`` holding its armies."""
        return [p for p in self.provinces(region) if self.v["armies"].get(p, {}).get(self.seat)]

    def held_by(self, seat: str) -> list[str]:
        """The provinces holding ``seat``'s armies (an attack's victim must have one there)."""
        return [p for p in self.provinces() if self.v["armies"].get(p, {}).get(seat)]

    def armies_at(self, province: str) -> dict[str, int]:
        return self.v["armies"].get(province, {})

    def recruit_places(self, region: str) -> list[str]:
        return [f"{region}1"] + [p for p, owner in self.v["castles"].items()
                                 if owner == self.seat and p.rstrip("0123456789") == region]

    def castle_places(self, region: str) -> list[str]:
        """Where this seat's «Постройка замка» can act in ``region``: its castle's province
        there, else each province (not the capital, no castle) holding 2 of its armies."""
        own = [p for p, owner in self.v["castles"].items() if owner == self.seat and p.rstrip("0123456789") == region]
        if own:
            return own
        returned = data()["orders"]["castle"]["returned"]
        return [p for p in self.provinces(region)[1:] if p not in self.v["castles"]
                and self.v["armies"].get(p, {}).get(self.seat, 0) >= returned]

    def opponents(self) -> list[str]:
        return [p["seat"] for p in self.players if p["seat"] != self.seat]

    def open_mountains(self) -> list[tuple[str, list[str]]]:
        """The mountains whose token is still face down, with the two ends of each road."""
        return [(m, mountain["road"]) for m, mountain in self.v["mountains"].items() if not mountain["flipped"]]

    def armyless(self, act: dict[str, Any]) -> bool:
        """A move or an attack with none of this seat's armies in the token's region: there
        is nothing to choose, only the token to let go («вы вправе выполнить его частично»)."""
        return act["action"] in MOVES + ("attack",) and not self.mine(act["region"])

    def idle(self, act: dict[str, Any]) -> bool:
        """Whether the token leaves this seat nothing to choose: no army to move or attack
        with, or nowhere to build a castle."""
        return self.armyless(act) or (act["action"] == "castle" and not self.castle_places(act["region"]))

    def free_moves(self, action: str) -> int:
        return data()["orders"].get(action, {}).get("moves", 0)

    def move_rows(self, action: str) -> int:
        """A row for each move the token gives, its paid extra last («движение на 2 или 3»:
        two free and a third paid; «движение на 2 или движение на корабле»: two)."""
        rule = data()["orders"].get(action, {})
        return rule.get("moves", 0) + (1 if "paid" in rule else 0)

    def paid(self, action: str) -> bool:
        """Whether ``action`` has a part that costs a resource (its paid extra, the ship)."""
        rule = data()["orders"].get(action, {})
        return "paid" in rule or "ship" in rule

    def covers_paid(self) -> bool:
        """Whether some cell this token may go into is a priced cover."""
        return any(cell["price"] for cell in self.choices.get("cells", {}).values())

    @property
    def expedition(self) -> dict[str, Any] | None:
        return self.choices.get("expedition")

    def map_begun(self) -> bool:
        """Whether the table has begun telling the map (its form then stays open between
        provinces)."""
        untold = self.facts.get("untold_map")
        every = self.provinces()
        return bool(untold) and (untold["province"] != every[0] or untold["coast"] is None
                                 or len(untold["links"]) < len(every) - 1)

    def cell(self, n: int) -> dict[str, Any]:
        return next((c for c in self.facts.get("cells", []) if c["cell"] == n), {})

    def token(self, token: dict[str, Any]) -> str:
        return self.term("action", token["kind"]) if token["kind"] else "?"

    def asked(self, question: dict[str, Any]) -> str:
        return self.say(question["label"], **question["params"])

    def option(self, value: Any) -> str:
        """A printed question's option as the install's page words it."""
        if not isinstance(value, str):
            return str(value)
        return self.t(f"printed.option.{value}") if self.t else value

    def result_rows(self) -> list[dict[str, Any]]:
        result = self.v["result"]
        return sorted(result["players"], key=lambda line: result["ranking"].index(line["seat"]))


SCREENS = Screens(
    package="companion.games.little_empires.web",
    regions={"table": ("top", "cells", "map", "decide", "log"), "hand": ("me", "turn", "log")},
    scene=Scene,
    new_game={"colours": ("red", "blue", "yellow", "green")},
)
