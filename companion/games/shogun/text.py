"""Shogun's words for the i18n renderer: province names from the board, player names."""
from __future__ import annotations

import json

from companion.games.shogun.state import ShogunState
from companion.i18n import Names, render


def names_for(state: ShogunState, lang: str) -> Names:
    board = state.board
    players = {c: p.name for c, p in state.players.items() if p.name and p.name != c}
    return Names(lang, province=lambda p: board.name(p, lang) if p in board.provinces else p,
                 players=players)


def describe(state: ShogunState, note: dict, lang: str) -> str:
    """One log line of the game, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))


def table_lines(state: ShogunState, lang: str, log: int) -> list[str]:
    """The table as plain text for the command line: the phase, each player, the tower and
    the newest log lines."""
    names = names_for(state, lang)
    lines = [f"{state.phase}, year {state.year}, season {state.season}; "
             f"waiting for: {json.dumps(state.pending, ensure_ascii=False)}"]
    for colour in state.seating:
        p = state.players[colour]
        owned = ", ".join(f"{names.province(q)}({state.provinces[q].armies})"
                          for q in state.owned(colour))
        lines.append(f"  {names.player(colour):12} chests {p.chests:3} rice {p.rice:2} score "
                     f"{p.score:3} supply {p.supply:2}  {owned}")
    lines.append(f"  tower: {state.tower}  tray: {state.tray}")
    lines += ["  · " + describe(state, note, lang) for note in state.log[-log:]] if log else []
    return lines
