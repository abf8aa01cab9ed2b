"""Shogun's screens: a device's view made readable (names in its language, the map's
drawing, the log) for its templates, and where those templates live.

Templates get a Scene and ask it questions ("this province's name", "the log, newest
first") instead of digging through the view; nothing here decides a rule, and nothing here
reads the game's state: only the device's snapshot and the game's public data.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.engine.game import Screens
from companion.games.shogun.catalog import Catalog
from companion.games.shogun.colours import PLAYER_COLOURS
from companion.games.shogun.expansions import IMPLEMENTED as EXPANSIONS
from companion.games.shogun.text import names_of
from companion.games.shogun.web.map import Drawing, drawing
from companion.i18n import Names, render, sentence

ROLES = ("attacker", "special_attack", "defender", "special_defence", "event_castle", "neutral",
         "peasants", "seed", "tray")
"""The sides of a throw in the order the battle screen lists them; a role not named here
(a card's new extra cube) ranks with the tray's cubes."""


def _role_rank(role: str) -> int:
    return ROLES.index(role) if role in ROLES else len(ROLES) - 1


class Scene:
    """One device's snapshot, with everything a template needs to show it."""

    def __init__(self, snap: Any, lang: str, seat: str | None, catalog: Catalog,
                 t: Callable[..., str]) -> None:
        self.snap = snap
        self.v = snap.view
        self.lang = lang
        self.seat = seat
        self.t = t
        self.catalog = catalog
        self.players = {p["colour"]: p for p in self.v["players"]}
        self.names: Names = names_of(catalog.board, {c: p["name"] for c, p in self.players.items()},
                                     lang)

    # -- words -------------------------------------------------------------------------
    def province(self, pid: str | None) -> str:
        return self.names.province(pid) if pid else "—"

    def player(self, colour: str | None) -> str:
        return self.names.player(colour)

    def term(self, group: str, value: str) -> str:
        return self.names.term(group, value)

    def cubes(self, colour: str, n: int) -> str:
        return self.names.cubes(colour, n)

    def percent(self, chance: float) -> str:
        """A chance as a whole percentage; one that is possible but rounds to 0 (or not
        certain but rounds to 100) says so rather than claiming never or always."""
        shown = round(chance * 100)
        if shown == 0 and chance > 1e-9:
            return "<1%"
        if shown == 100 and chance < 1 - 1e-9:
            return ">99%"
        return f"{shown}%"

    def season(self) -> str:
        seasons = self.catalog.cards["seasons"]
        if self.v["season"] < len(seasons):
            return self.term("season", seasons[self.v["season"]])
        return self.t("winter")

    def region(self, region: str) -> str:
        names = self.catalog.board.region_names[region]
        return names.get(self.lang) or names["en"]

    def log(self, last: int = 14) -> list[str]:
        """The newest log lines first, each a full sentence saying what happened and why."""
        notes = self.v["log"][-last:]
        return [self._line(n) for n in reversed(notes)]

    def _line(self, note: dict[str, Any]) -> str:
        return sentence(note, self.names)

    def message(self, key: str) -> str:
        """A message of the game's catalogues (Shogun's, then the tower kit's), such as the camera's
        advice after calibrating, worded for this device."""
        return render(key, {}, self.names)

    def doubts(self, doubts: list[dict[str, Any]]) -> str:
        """Why a live reading may be wrong (``web.tray.readings``), worded for this device."""
        return "; ".join(sentence(d, self.names) for d in doubts)

    def live(self) -> dict[str, Any]:
        """What Shogun adds to the live payload: the phase, whose turn, the whole log."""
        return {"phase": self.v["phase"], "actor": self.pending.get("player"),
                "log": self.log(len(self.v["log"]))}

    # -- the game ----------------------------------------------------------------------
    @property
    def pending(self) -> dict[str, Any]:
        return self.v["pending"] or {}

    def waiting_for(self) -> str:
        """Whose decision the game awaits, in words."""
        kind = self.pending.get("kind")
        if kind is None:
            return self.t("phase." + self.v["phase"])
        if kind == "plans":
            who = ", ".join(self.player(c) for c in self.pending["waiting"])
            return self.t("waiting.plans", who=who)
        if kind == "tray":
            return self.t("waiting.tray")
        return self.t("waiting." + kind, who=self.player(self.pending.get("player")))

    def actor(self) -> str | None:
        return self.pending.get("player")

    def asked(self, question: dict[str, Any]) -> str:
        """What a printed value's question asks (``companion.engine.printed``), in words."""
        return render(question["label"], question["params"], self.names)

    def printed_option(self, question: dict[str, Any], option: Any) -> str:
        """One value a card could show: a number as it is, a word by ``printed.option.*``."""
        return str(option) if isinstance(option, int) else self.t("printed.option." + option)

    def action_ids(self) -> list[str]:
        return [a["id"] for a in self.catalog.cards["actions"]]

    def action_cost(self, action: str) -> int:
        return self.catalog.actions[action].get("cost", 0)

    def chest_cards(self) -> list[int]:
        return list(self.catalog.cards["chest_cards"])

    def prov(self, pid: str) -> dict[str, Any]:
        return self.v["provinces"][pid]

    def facts(self, pid: str) -> Any:
        return self.catalog.board.provinces[pid]

    def owned(self, colour: str) -> list[str]:
        return sorted(self.players[colour]["provinces"], key=self.province)

    def special_of(self, colour: str) -> str | None:
        return self.players[colour]["special"]

    def cannot_build(self, pid: str) -> dict[str, str]:
        """The building actions this device's plan cannot give ``pid``, each with why."""
        found = self.snap.choices.get("unbuildable", {}).get(pid, {})
        return {action: sentence(why, self.names) for action, why in found.items()}

    def plan_of(self, colour: str) -> dict[str, Any] | None:
        return self.players[colour]["plan"]

    def places(self) -> dict[str, int]:
        """Each player's place at the end: players level on points and chests (the rulebook's
        tie-break) share a place, and the next place counts them all ("1, 1, 3")."""
        result = self.v["result"]
        key = {c: (result["scores"][c], result["chests"][c]) for c in result["ranking"]}
        return {c: 1 + sum(1 for other in key.values() if other > key[c]) for c in key}

    def last_scoring(self) -> dict[str, Any] | None:
        """The newest winter scoring note still in the log: its year and per-player table."""
        for note in reversed(self.v["log"]):
            if note["key"] == "winter.scored":
                return note["params"]
        return None

    def holds_clock(self) -> str | None:
        """The winter's scoring screen (its overlay's key) while the next year's first plans
        are awaited: the table reads the scores before the planning clock runs."""
        scoring = self.last_scoring()
        if (scoring is None or self.pending.get("kind") != "plans"
                or (self.v["year"], self.v["season"]) != (scoring["year"] + 1, 0)):
            return None
        return f"winter-{scoring['year']}"

    def statue_scores(self) -> list[dict[str, Any]]:
        """Generals: each player's statues on the board, trophies and points at the end,
        from the final scoring's log lines (none without the Generals)."""
        return [n["params"] for n in self.v["log"] if n["key"] == "generals.scored"]

    def dajokan_grid(self) -> list[list[dict[str, Any]]]:
        """Dajokan: the board row by row, each cell with its name ("2-5"), what lies there
        (``empty``, ``up``, ``down`` or a player's colour) and whether this decision offers it."""
        board = self.v.get("dajokan") or {}
        offered = set(self.pending.get("cells", [])) if self.pending.get("kind") == "dajokan" else set()
        return [[{"cell": f"{r}-{c}", "row": r, "column": c,
                  "held": board["cells"].get(f"{r}-{c}", "empty"), "offered": f"{r}-{c}" in offered}
                 for c in range(1, board["columns"] + 1)]
                for r in range(1, board["rows"] + 1)] if board.get("rows") else []

    def dajokan_lines(self) -> list[dict[str, Any]]:
        """Dajokan at the end: every row and column as it was scored (counts, who scored
        what, and why), from the final scoring's log lines (none without the Dajokan)."""
        return [n["params"] for n in self.v["log"] if n["key"] == "dajokan.line"]

    def dajokan_totals(self) -> list[dict[str, Any]]:
        """Dajokan at the end: each player's line points summed ("3 + 0 + 2 = 5")."""
        return [n["params"] for n in self.v["log"] if n["key"] == "dajokan.scored"]

    def last_winter(self) -> list[dict[str, Any]]:
        """The newest winter's supply, player by player, from its log lines: rice after the
        loss, provinces, how short, which provinces revolted and whether they were held."""
        log = self.v["log"]
        start = max((i for i, n in enumerate(log) if n["key"] == "winter.rice_lost"), default=None)
        if start is None:
            return []
        rows: dict[str, dict[str, Any]] = {}
        for note in log[start:]:
            p = note["params"]
            if note["key"] == "winter.supplied":
                rows[p["player"]] = {"player": p["player"], "rice": p["rice"],
                                     "provinces": p["count"], "short": 0, "revolts": []}
            elif note["key"] == "winter.revolts_drawn":
                rows[p["player"]] = {"player": p["player"], "rice": p["rice"],
                                     "provinces": p["count"], "short": p["short"],
                                     "by": p["by"], "peasants": p["peasants"],
                                     "revolts": [{"province": q, "held": None}
                                                 for q in p["provinces"]]}
            elif note["key"] in ("revolt.crushed", "revolt.lost") and p["player"] in rows:
                for revolt in rows[p["player"]]["revolts"]:
                    if revolt["province"] == p["province"]:
                        revolt["held"] = note["key"] == "revolt.crushed"
            elif note["key"] == "winter.scored":
                break
        return [rows[c] for c in self.v["seating"] if c in rows]

    def throw_parts(self) -> list[dict[str, Any]]:
        """The cubes to throw, side by side: the attacker's, the defender's, the peasants',
        then what lay in the tray, each colour's parts together, in the steppers' order."""
        parts = list((self.v["battle"] or {}).get("parts", []))
        order = self._throw_colours(parts)
        return sorted(parts, key=lambda p: (order.index(p["colour"]), _role_rank(p["role"])))

    def tray_steppers(self) -> list[tuple[str, int]]:
        """The tray's steppers, colour and most: the throw's colours in the throw list's order,
        then any other colour inside the tower (a stuck cube may come out)."""
        tower = self.v["tower"]
        order = self._throw_colours((self.v["battle"] or {}).get("parts", []))
        order += [c for c in tower if c not in order]
        return [(c, tower[c]) for c in order if tower.get(c)]

    def cube_owner(self, colour: str) -> str:
        """Whose cubes a colour's are, under its stepper: a player, or the peasants."""
        return self.player(colour) if colour in self.players else self.t("tower.peasants")

    def throw_key(self) -> str:
        """Names this throw on this table, so a count taken back by an undo finds its way back
        to the same steppers (and to no other throw's)."""
        battle = self.v["battle"] or {}
        parts = ",".join(f"{p['colour']}{p['n']}{p['role']}" for p in battle.get("parts", []))
        return f"{self.snap.seq}:{battle.get('kind')}:{battle.get('province')}:{parts}"

    @staticmethod
    def _throw_colours(parts: list[dict[str, Any]]) -> list[str]:
        rank: dict[str, int] = {}
        for p in parts:
            rank[p["colour"]] = min(rank.get(p["colour"], len(ROLES)), _role_rank(p["role"]))
        return sorted(rank, key=lambda c: rank[c])

    def part_from(self, part: dict[str, Any]) -> str:
        where = part["from"]
        named = self.names.terms["from"].get(where)
        return named or self.names.terms["from"]["province"].format(province=self.province(where))

    def map(self) -> Drawing:
        return drawing(self.catalog.board)


REGIONS = {
    "table": ("top", "strip", "specials", "map", "legend", "players", "tower", "log", "decision",
              "overlay"),
    "hand": ("top", "decision", "provinces", "log"),
}

SCREENS = Screens(package="companion.games.shogun.web", regions=REGIONS, scene=Scene,
                  new_game={"colours": PLAYER_COLOURS, "expansions": EXPANSIONS})
