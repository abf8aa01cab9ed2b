"""Sealed bids' screens for the web shell: where its templates live, and the scene they draw.

A scene wraps one device's view and nothing else, so a template cannot show what the view
does not hold: the table's and the other phones' scenes have no amount for a bid not yet
revealed, because their views have none.
"""
from __future__ import annotations

from typing import Any

from companion.engine import scene
from companion.engine.game import Screens
from games.sealed_bid.commands import SEATS
from games.sealed_bid.text import names


class Scene(scene.Scene):
    """One device's view (the table's, or a seat's) with the helpers its templates call."""

    names_of = staticmethod(lambda players, lang: names(lang, players))

    @property
    def bidding(self) -> bool:
        return self.phase == "bidding"

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def last(self) -> dict[str, Any] | None:
        """The latest reveal: every bid of that round, the winner or the tie."""
        return self.v["reveals"][-1] if self.v["reveals"] else None

    @property
    def winners(self) -> list[str]:
        return list(self.v["result"]["winners"]) if self.v["result"] else []


SCREENS = Screens(
    package="games.sealed_bid.web",
    regions={"table": ("status", "reveal", "log"), "hand": ("hand", "bid", "log")},
    scene=Scene,
    new_game={"seats": SEATS},
)
