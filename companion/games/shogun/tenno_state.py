"""Tenno's Court's part of the state, and the fold of its events.

Kept apart from ``state.py`` so the expansion's facts (officials, the favour deck, the
audience hall's three cards, the palace's progress) are one object the base game never
sees: ``ShogunState.tenno`` is None in a game without the expansion.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

SUPPLY, WAITING, AUDIENCE = "supply", "waiting", "audience"
HALLS = (SUPPLY, WAITING, AUDIENCE)
EXCHANGE, FAVOURS, DONE = "exchange", "favours", "done"


@dataclass
class TennoState:
    officials: dict[str, dict[str, int]] = field(default_factory=dict)
    deck: list[int] = field(default_factory=list)
    offered: list[int | None] = field(default_factory=list)
    kept: dict[str, list[int]] = field(default_factory=dict)
    step: str | None = None
    queue: list[str] = field(default_factory=list)
    effect: dict[str, Any] | None = None

    @classmethod
    def new(cls, seating: list[str], document: dict[str, Any]) -> "TennoState":
        """«каждый игрок получает ... 7 фигурок чиновников своего цвета», all in his supply."""
        n = document["officials_per_player"]
        return cls(officials={c: {SUPPLY: n, WAITING: 0, AUDIENCE: 0} for c in seating},
                   offered=[None] * len(document["slots"]), kept={c: [] for c in seating})


def _officials(s: Any, e: dict) -> None:
    halls = s.tenno.officials[e["player"]]
    halls[e["from"]] -= e["n"]
    halls[e["to"]] += e["n"]


def _favour_deck(s: Any, e: dict) -> None:
    s.tenno.deck = list(e["deck"])


def _favours_laid(s: Any, e: dict) -> None:
    s.tenno.offered = list(e["offered"])
    s.tenno.deck = list(e["deck"])
    s.tenno.step, s.tenno.queue, s.tenno.effect = None, [], None


def _favour_taken(s: Any, e: dict) -> None:
    s.tenno.offered[e["slot"]] = None
    s.tenno.effect = {"player": e["player"], "favour": e["favour"]}


def _favour_effect(s: Any, e: dict) -> None:
    s.tenno.effect = e["effect"]


def _favour_kept(s: Any, e: dict) -> None:
    kept = s.tenno.kept[e["player"]]
    if e["kept"]:
        kept.append(e["favour"])
    else:
        kept.remove(e["favour"])


def _favours_cleared(s: Any, e: dict) -> None:
    s.tenno.offered = [None] * len(s.tenno.offered)


def _palace(s: Any, e: dict) -> None:
    s.tenno.step = e["step"]
    s.tenno.queue = list(e["queue"])


def _event_removed(s: Any, e: dict) -> None:
    s.event = None


FOLD: dict[str, Callable[[Any, dict], None]] = {
    "officials": _officials,
    "favour_deck": _favour_deck,
    "favours_laid": _favours_laid,
    "favour_taken": _favour_taken,
    "favour_effect": _favour_effect,
    "favour_kept": _favour_kept,
    "favours_cleared": _favours_cleared,
    "palace": _palace,
    "event_removed": _event_removed,
}
