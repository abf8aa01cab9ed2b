"""Edo's words for the i18n renderer: its catalogues (``messages/``), the board's locations
named as the table reads them ("Город 2", "Лес 1"), players by the names they gave."""
from __future__ import annotations

from typing import Mapping

from companion.games.edo.state import EdoState
from companion.i18n import Names, render
from companion.i18n.pattern import format_message

CATALOGUES: tuple[str, ...] = (__package__,)


def _location(places: dict, lang: str, location: str) -> str:
    kind = location.rstrip("0123456789")
    word = places.get(kind)
    if word is None:
        return location
    number = location[len(kind):]
    return format_message(word, {"n": int(number) if number else 0}, lang)


def names_for(state: EdoState, lang: str) -> Names:
    """The game's names for one device."""
    return names_of({seat: p.name for seat, p in state.players.items()}, lang)


def names_of(given: Mapping[str, str], lang: str) -> Names:
    """The names a device reads: places as the table reads the board, players by the names
    they gave (a player who gave none is called by colour)."""
    players = {seat: name for seat, name in given.items() if name and name != seat}
    plain = Names(lang, catalogues=CATALOGUES)
    places = plain.terms.get("place", {})
    return Names(lang, province=lambda loc: _location(places, plain.lang, loc), players=players,
                 catalogues=CATALOGUES)


def describe(state: EdoState, note: dict, lang: str) -> str:
    """One log line, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))


def table_lines(state: EdoState, lang: str, log: int) -> list[str]:
    """The table as plain text for the command line: the phase, each player, the log."""
    names = names_for(state, lang)
    lines = [f"{state.phase}, round {state.round}, first {names.player(state.first or None)}"]
    for seat in state.seating:
        p = state.players[seat]
        lines.append(f"  {names.player(seat):12} PP {p.power:3} ryo {p.ryo:3} rice {p.rice:2} "
                     f"wood {p.wood:2} stone {p.stone:2} samurai {len(p.samurai)} "
                     f"officials {len(p.officials)}+{p.shogun}")
    lines += ["  · " + describe(state, note, lang) for note in state.log[-log:]] if log else []
    return lines
