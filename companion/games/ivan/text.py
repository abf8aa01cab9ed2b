"""Ivan's words for the i18n renderer: its catalogues (``messages/``), the regions and the
map's cities by their rulebook names (a city the text does not name by the number the
group gave it), players by the names they gave or their families."""
from __future__ import annotations

from typing import Mapping

from companion.games.ivan.state import IvanState
from companion.i18n import Names, render

CATALOGUES: tuple[str, ...] = (__package__,)


def names_for(state: IvanState, lang: str) -> Names:
    """The game's names for one device."""
    return names_of({seat: p.name for seat, p in state.players.items()}, lang)


def names_of(given: Mapping[str, str], lang: str) -> Names:
    players = {seat: name for seat, name in given.items() if name and name != seat}
    plain = Names(lang, catalogues=CATALOGUES)
    places = {**plain.terms.get("city", {}), **plain.terms.get("region", {})}
    return Names(lang, province=lambda r: places.get(r, r), players=players, catalogues=CATALOGUES)


def describe(state: IvanState, note: dict, lang: str) -> str:
    """One log line, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))


def table_lines(state: IvanState, lang: str, log: int) -> list[str]:
    """The table as plain text for the command line: the phase, each player, the log."""
    names = names_for(state, lang)
    lines = [f"{state.phase}, decade {state.decade}, first {names.player(state.first or None)}"]
    for seat in state.seating:
        p = state.players[seat]
        goods = " ".join(f"{g} {n}" for g, n in p.goods.items())
        lines.append(f"  {names.player(seat):14} VP {p.vp:3} favour {state.rank(seat) + 1} "
                     f"coins {p.coins:3} {goods} hand {len(p.hand)} wild {p.wild}")
    lines += ["  · " + describe(state, note, lang) for note in state.log[-log:]] if log else []
    return lines
