"""Ivan's screens for the web shell: where its templates live, and the scene they draw.

A scene wraps one device's view and nothing else, so a template cannot show what the view
does not hold: another seat's project hand is not in this device's view, so on no screen.
"""
from __future__ import annotations

from typing import Any

from companion.engine import scene
from companion.engine.game import Screens
from companion.games.ivan import catalog, effects, regional, titles
from companion.games.ivan.text import names_of

FAMILIES = ("white", "black", "green", "red")
LOCAL = ("rye", "wood", "stone")
FOREIGN = ("gunpowder", "cloth", "metal")
KINDS = ("construction", "trade", "military")
SOURCES = ("projects", "regions", "estate", "trophy", "trade_token", "board", "favour_top",
           "titles", "wild_field", "favour", "foreign_vp", "rest_vp")


def _city_order(city: str, shown: str) -> tuple[int, str]:
    """The named cities alphabetically, then the numbered ones by number."""
    number = city[4:] if city.startswith("city") else ""
    return (int(number), "") if number.isdigit() else (0, shown)


class Scene(scene.Scene):
    """One device's view (the table's, or a seat's) with the helpers its templates call."""

    names_of = staticmethod(names_of)

    goods = LOCAL + FOREIGN
    local = LOCAL
    foreign = FOREIGN
    kinds = KINDS
    icons = regional.icons(catalog.data())
    effect_icons = effects.icons(catalog.data())
    title_pers = titles.choices(catalog.data(), "per")
    title_hows = titles.choices(catalog.data(), "how")

    # -- words ----------------------------------------------------------------------------
    def card(self, card: str) -> tuple[str, str | None]:
        """An assignment card's name, and its city colour where the table told it."""
        return self.term("special", card), self.facts.get("colours", {}).get(card)

    # -- who and when ---------------------------------------------------------------------
    def player(self, seat: str) -> dict[str, Any]:
        return next(p for p in self.players if p["seat"] == seat)

    @property
    def turn(self) -> dict[str, Any] | None:
        return self.v["turn"]

    @property
    def my_turn(self) -> bool:
        return self.turn is not None and self.turn["player"] == self.seat

    @property
    def printed(self) -> dict[str, Any] | None:
        pending = self.v["pending"]
        return pending if pending and pending["kind"] == "printed" else None

    @property
    def current_region(self) -> dict[str, Any] | None:
        return (self.v["region"] or {}).get("current") if self.phase == "regions" else None

    @property
    def must_keep(self) -> bool:
        return self.phase == "keep" and self.seat in self.v["waiting"]

    # -- what the screens show -------------------------------------------------------------
    def chambers(self) -> list[dict[str, Any]]:
        """Each chamber as the Kremlin shows it: its card, its boyars with their coins (the
        most significant marked), its seal."""
        rows = []
        for chamber, boyars in self.v["chambers"].items():
            rows.append({"chamber": chamber, "card": self.v["assignments"].get(chamber),
                         "boyars": boyars, "top": self.v["significant"].get(chamber),
                         "seal": self.v["seals"].get(chamber),
                         "on_card": self.v["on_cards"].get(chamber, [])})
        return rows

    def reward(self, reward: dict[str, Any]) -> str:
        """A regional reward as the table entered it or its token prints it."""
        parts = []
        if reward["vp"]:
            parts.append(self.say("ivan.w.vp", n=reward["vp"]))
        if reward["coins"]:
            parts.append(self.say("ivan.w.coins", n=reward["coins"]))
        parts += [f"{n} {self.term('good', g)}" for g, n in reward["goods"].items() if n]
        if reward["favour"]:
            parts.append(self.say("ivan.w.favour"))
        if reward.get("action", "none") != "none":
            parts.append(self.term("icon", reward["action"]))
        return ", ".join(parts) or "—"

    def project(self, card: dict[str, Any]) -> str:
        """A known project card: the goods it asks, then its points."""
        cost = ", ".join(f"{n} {self.term('good', g)}" for g, n in card["cost"].items()) or "—"
        return f"{cost} → {self.say('ivan.w.vp', n=card['vp'])}"

    def income(self, city: dict[str, Any]) -> str:
        """A city's known income, as its bottom prints it."""
        parts = [self.say("ivan.w.coins", n=city["coins"])] if city["coins"] else []
        return ", ".join(parts + [f"{n} {self.term('good', g)}" for g, n in city["goods"].items()])

    def effect(self, face: dict[str, Any]) -> str:
        """A known face's effect (trophy, token, estate, board): what it costs, then what it
        gives, the icon carried out on the board last."""
        paid = [f"{-n} {self.term('good', g)}" for g, n in face["goods"].items() if n < 0]
        got = [f"{n} {self.term('good', g)}" for g, n in face["goods"].items() if n > 0]
        if face["coins"] < 0:
            paid.insert(0, self.say("ivan.w.coins", n=-face["coins"]))
        if face["coins"] > 0:
            got.insert(0, self.say("ivan.w.coins", n=face["coins"]))
        if face["vp"]:
            got.append(self.say("ivan.w.vp", n=face["vp"]))
        if face["favour"]:
            got.append(self.say("ivan.w.favour"))
        if face["warriors"]:
            got.append(f"{face['warriors']} × {self.term('icon', 'warrior')}")
        if face.get("action", "none") != "none":
            got.append(self.term("icon", face["action"]))
        given = ", ".join(got) or "—"
        return f"{', '.join(paid)} → {given}" if paid else given

    def title(self, face: dict[str, Any]) -> str:
        """A known title's formula: its number, what it counts, how, and its numbers."""
        how = self.say("ivan.w.title_" + face["how"], vp=face["vp"], of=face["of"])
        return f"{face['n']}: {self.term('title_per', face['per'])}, {how}"

    def sources(self, row: dict[str, Any]) -> list[tuple[str, int]]:
        """Where a player's points came from, in the order of play, for the final table."""
        return [(why, row["by"][why]) for why in SOURCES if row["by"].get(why)]

    def asked(self, question: dict[str, Any]) -> str:
        return self.say(question["label"], **question["params"])

    def answer(self, question: dict[str, Any], option: str) -> str | None:
        """A printed question's option in words: a region, or a card with its colour; None
        for a colour, which the template words."""
        if question["key"].endswith(".region"):
            return self.place(option)
        if question["key"].startswith("ivan.city."):
            return self.term("special", option)
        return None

    # -- the map, when tracked --------------------------------------------------------------
    def city(self, city: str) -> str:
        return self.names.province(city)

    @property
    def map(self) -> dict[str, Any] | None:
        """The cities a tracked map lets this seat name now (None: influence is entered)."""
        return self.choices.get("map")

    def counted(self, seat: str) -> int | None:
        """The next region's influence counted from the map, for the table to confirm."""
        counted = self.v.get("counted") or {}
        return counted.get(self.v.get("next_region") or "", {}).get(seat)

    def map_rows(self) -> list[dict[str, Any]]:
        """The cities holding pieces, each family's warriors, buildings and boyars there."""
        rows = []
        for city, families in self.v.get("cities", {}).items():
            held = [(seat, pieces) for seat, pieces in families.items() if pieces]
            if held:
                rows.append({"city": city, "held": held})
        return sorted(rows, key=lambda r: _city_order(r["city"], self.city(r["city"])))


SCREENS = Screens(
    package="companion.games.ivan.web",
    regions={"table": ("status", "kremlin", "decide", "log"), "hand": ("me", "turn", "log")},
    scene=Scene,
    new_game={"families": FAMILIES,
              "map_keys": [key for key in catalog.questions() if key.startswith("ivan.city.") and key.endswith((".region", ".colour"))]},
)
