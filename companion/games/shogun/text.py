"""Shogun's words for the i18n renderer: province names from the board, player names, and
its catalogues (``messages/`` beside this module, then the tower kit's)."""
from __future__ import annotations

from companion.games.shogun.state import ShogunState
from companion.i18n import Names, render
from companion.kits.tower.source import CATALOGUES as TOWER

CATALOGUES: tuple[str, ...] = (__package__, *TOWER)


def names_for(state: ShogunState, lang: str) -> Names:
    """The game's names for one device. A game not set up yet has no board, so a refusal
    of its set-up still reads from Shogun's catalogue, with provinces as given."""
    players = {c: p.name for c, p in state.players.items() if p.name and p.name != c}
    if state.catalog is None:
        return Names(lang, players=players, catalogues=CATALOGUES)
    board = state.board
    return Names(lang, province=lambda p: board.name(p, lang) if p in board.provinces else p,
                 players=players, catalogues=CATALOGUES)


def describe(state: ShogunState, note: dict, lang: str) -> str:
    """One log line of the game, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))
