"""Shogun's words for the i18n renderer: province names from the board, player names."""
from __future__ import annotations

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
