"""The game's words for the i18n renderer: its catalogues (``messages/``), regions by their
colour, provinces numbered within their region as the table reads the board (the capital
first), players by the names they gave."""
from __future__ import annotations

from typing import Mapping

from companion.games.little_empires.state import LEState
from companion.i18n import Names, render
from companion.i18n.pattern import format_message

CATALOGUES: tuple[str, ...] = (__package__,)


def _place(terms: Mapping, lang: str, place: str) -> str:
    """"grey" is a region; "grey3" its third province; "grey1" its capital."""
    region = place.rstrip("0123456789")
    named = terms.get("region", {}).get(region)
    if named is None:
        return place
    number = place[len(region):]
    if not number:
        return named
    pattern = terms["capital"] if number == "1" else terms["province"]
    return format_message(pattern, {"region": named, "n": int(number)}, lang)


def names_for(state: LEState, lang: str) -> Names:
    """The game's names for one device."""
    return names_of({seat: p.name for seat, p in state.players.items()}, lang)


def names_of(given: Mapping[str, str], lang: str) -> Names:
    players = {seat: name for seat, name in given.items() if name and name != seat}
    plain = Names(lang, catalogues=CATALOGUES)
    return Names(lang, province=lambda place: _place(plain.terms, plain.lang, place), players=players,
                 catalogues=CATALOGUES)


def describe(state: LEState, note: dict, lang: str) -> str:
    """One log line, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))


def table_lines(state: LEState, lang: str, log: int) -> list[str]:
    """The table as plain text for the command line: era and round, each player's public
    pieces, the cells, the log. Resources stay behind the screens."""
    names = names_for(state, lang)
    lines = [f"{state.phase}, era {state.era}, round {state.round}, order "
             + ", ".join(names.player(seat) for seat in state.order)]
    for seat in state.seating:
        p = state.players[seat]
        lines.append(f"  {names.player(seat):12} VP {p.vp:3} armies {state.on_board(seat):2} "
                     + " ".join(f"{names.province(r)} {n}" for r, n in p.influence.items()))
    for n, stack in enumerate(state.cells, start=1):
        if stack:
            lines.append(f"  cell {n:2}: " + " / ".join(
                f"{names.player(t['owner'])} {names.term('action', t['kind']) if t['face_up'] else '?'}"
                for t in stack))
    lines += ["  · " + describe(state, note, lang) for note in state.log[-log:]] if log else []
    return lines
