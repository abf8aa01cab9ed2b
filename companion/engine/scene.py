"""The scene a game's templates draw from: one device's view and the words for it.

The shell hands a game's templates a scene built from the device's snapshot (its view and
the choices of the awaited decision), its language and its seat. What every game's scene
needs alike (the game's names in that language, a player's name, a place, a term, a message,
the log, who plays and in which phase) lives here; a game subclasses it with what its own
screens compute, and names the function that words its things (its ``text.names_of``).
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from companion.i18n import Names, render, sentence


class Scene:
    names_of: ClassVar[Callable[[dict[str, str], str], Names]]  # players by seat, language -> the game's names

    def __init__(self, snap: Any, lang: str, seat: str | None, facts: Any = None,
                 t: Any = None) -> None:
        self.snap = snap
        self.v = snap.view
        self.choices = getattr(snap, "choices", None) or {}
        self.lang = lang
        self.seat = seat
        self.facts = facts or {}
        self.t = t
        self.names = type(self).names_of({p["seat"]: p["name"] for p in self.v["players"]}, lang)

    # -- words ----------------------------------------------------------------------------
    def name(self, seat: str | None) -> str:
        return self.names.player(seat)

    def listed(self, seats: list[str]) -> str:
        return ", ".join(self.name(seat) for seat in seats)

    def place(self, place: str) -> str:
        return self.names.province(place)

    def term(self, group: str, value: str) -> str:
        return self.names.term(group, value)

    def say(self, key: str, **params: Any) -> str:
        return render(key, params, self.names)

    def log(self, lines: int = 8) -> list[str]:
        """The newest log lines in this device's language, newest last."""
        return [sentence(note, self.names) for note in self.v["log"][-lines:]]

    # -- who and when ---------------------------------------------------------------------
    @property
    def players(self) -> list[dict[str, Any]]:
        return self.v["players"]

    @property
    def me(self) -> dict[str, Any] | None:
        return next((p for p in self.players if p["seat"] == self.seat), None)

    @property
    def phase(self) -> str:
        return self.v["phase"]
