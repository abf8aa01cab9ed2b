"""One small interface for everything that can tell the table what lies in the tray.

A battle in Shogun is settled by the cubes that fall into the tower's tray. The engine
knows, by bookkeeping, which cubes were thrown and what was already inside the tower;
a tray source only has to report what it sees in the tray. Manual entry, the simulated
tower, the camera and the sensor board all speak this interface, so the engine never
knows (or cares) which one the table chose. The cubes' colours are the game's (names from
``companion.kits.tower.colours``), handed to whatever counts them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol

from companion.i18n import english

CATALOGUES: tuple[str, ...] = ("companion.kits.tower",)
"""Where the kit's words live (``messages/`` beside this module): its doubts, the camera's
and the board's refusals, the cube colours. A game that uses the kit puts it in its chain."""


@dataclass(frozen=True)
class Throw:
    """What the table throws into the tower now, and what the bookkeeping says is inside.

    ``thrown`` is every cube going in at once: the battle's armies, the peasants, the extra
    cubes from cards, and every cube that was lying in the tray (the rules throw them again).
    ``inside`` is the tower's hidden content just before the throw, known by conservation.
    """

    thrown: Mapping[str, int]
    inside: Mapping[str, int]

    def beyond(self, counts: Mapping[str, int]) -> list[str]:
        """The colours counted in the tray above what this throw can leave there: what was
        thrown and what was inside. A count like that is impossible, so it is a doubt."""
        return [c for c, n in counts.items() if n > int(self.thrown.get(c, 0)) + int(self.inside.get(c, 0))]


@dataclass(frozen=True)
class Doubt:
    """One reason a reading may be wrong, as a message key and its parameters, so that each
    screen words it in its own language (``companion.i18n``)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class TrayReading:
    """Cubes in the tray by colour, and whether the source believes they have stopped.

    ``confidence`` is 1.0 for a person's count; a camera or sensor lowers it and says why in
    ``doubts`` rather than guessing. Colours not named count as zero.
    """

    counts: Mapping[str, int]
    stable: bool = True
    confidence: float = 1.0
    doubts: tuple[Doubt, ...] = ()
    extra: Mapping[str, object] = field(default_factory=dict)

    @property
    def note(self) -> str | None:
        """The doubts in English, for logs and the command line; screens word ``doubts``
        in their own language instead."""
        return in_english(self.doubts)


def in_english_message(key: str, params: Mapping[str, object]) -> str:
    """One of the kit's messages (a calibration's refusal, the camera's advice) in English,
    for logs and the command line; screens word the key in their own language."""
    return english(key, params, CATALOGUES)


def in_english(doubts: Iterable[Doubt]) -> str | None:
    """Doubts as one English sentence (None when there are none)."""
    return "; ".join(in_english_message(d.key, d.params) for d in doubts) or None


class TraySource(Protocol):
    """A thing that can count the tray after a throw."""

    name: str

    def begin_throw(self, throw: Throw) -> None:
        """The table has been told to throw ``throw``; the tray is now empty."""

    def poll(self) -> TrayReading | None:
        """The latest reading, or None while there is nothing to report yet."""
