"""Sealed bids' screens for the web shell: where its templates live, and the scene they draw.

A scene wraps one device's view and nothing else, so a template cannot show what the view
does not hold: the table's and the other phones' scenes have no amount for a bid not yet
revealed, because their views have none.
"""
from __future__ import annotations

from typing import Any

from companion.engine.game import Screens
from games.sealed_bid.commands import SEATS
from games.sealed_bid.text import render


class Scene:
    """One device's view (the table's, or a seat's) with the helpers its templates call."""

    def __init__(self, snap: Any, lang: str, seat: str | None, facts: Any = None,
                 t: Any = None) -> None:
        self.snap = snap
        self.v = snap.view
        self.lang = lang
        self.seat = seat
        self._names = {p["seat"]: p["name"] or p["seat"] for p in self.v["players"]}

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.v["players"]

    @property
    def me(self) -> dict[str, Any] | None:
        """This seat's own line (coins, points), or None on the table."""
        return next((p for p in self.players if p["seat"] == self.seat), None)

    @property
    def bidding(self) -> bool:
        return self.v["phase"] == "bidding"

    @property
    def over(self) -> bool:
        return self.v["phase"] == "over"

    @property
    def last(self) -> dict[str, Any] | None:
        """The latest reveal: every bid of that round, the winner or the tie."""
        return self.v["reveals"][-1] if self.v["reveals"] else None

    @property
    def winners(self) -> list[str]:
        return list(self.v["result"]["winners"]) if self.v["result"] else []

    def name(self, seat: str | None) -> str:
        return self._names.get(seat, seat or "—")

    def names(self, seats: list[str]) -> str:
        return ", ".join(self.name(seat) for seat in seats)

    def log(self, lines: int = 8) -> list[str]:
        """The newest log lines in this device's language, oldest first."""
        return [render(note["key"], note["params"], self.lang, self._names)
                for note in self.v["log"][-lines:]]


SCREENS = Screens(
    package="games.sealed_bid.web",
    regions={"table": ("status", "reveal", "log"), "hand": ("hand", "bid", "log")},
    scene=Scene,
    new_game={"seats": SEATS},
)
