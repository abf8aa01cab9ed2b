"""Shogun's words for the i18n renderer: province names from the board, player names, and
its catalogues (``messages/`` beside this module, then the tower kit's)."""
from __future__ import annotations

from typing import Mapping

from companion.games.shogun.catalog import Board
from companion.games.shogun.state import ShogunState
from companion.i18n import Names, render
from companion.kits.tower.source import CATALOGUES as TOWER

CATALOGUES: tuple[str, ...] = (__package__, *TOWER)
SEASONAL = frozenset({"planning", "specials", "round_start", "valour", "palace", "actions", "round_end",
                      "general_place", "general_move", "season_end", "general_return",
                      "dajokan_claims"})


GENERALS = frozenset({"general_place", "general_move", "general_return"})


def names_for(state: ShogunState, lang: str) -> Names:
    """The game's names for one device. A game not set up yet has no board, so a refusal
    of its set-up still reads from Shogun's catalogue, with provinces as given."""
    players = {c: p.name for c, p in state.players.items()}
    if state.catalog is None:
        return Names(lang, players=_given(players), catalogues=CATALOGUES)
    return names_of(state.board, players, lang)


def names_of(board: Board, players: Mapping[str, str], lang: str) -> Names:
    """The names a device reads: places from the board (its provinces, and its regions for
    a list of ``regions``), players by the names they gave (a player who gave none is called
    by colour)."""
    return Names(lang, province=lambda p: _place(board, p, lang),
                 players=_given(players), catalogues=CATALOGUES)


def _place(board: Board, place: str, lang: str) -> str:
    if place in board.provinces:
        return board.name(place, lang)
    if place in board.region_names:
        return board.region_names[place].get(lang) or board.region_names[place]["en"]
    return place


def _given(players: Mapping[str, str]) -> dict[str, str]:
    return {c: name for c, name in players.items() if name and name != c}


def describe(state: ShogunState, note: dict, lang: str) -> str:
    """One log line of the game, as the table reads it in ``lang``."""
    return render(note["key"], note["params"], names_for(state, lang))


def table_lines(state: ShogunState, lang: str, log: int) -> list[str]:
    """The table as plain text for the command line: the phase, each player, the tower and
    the newest log lines."""
    names = names_for(state, lang)
    seasonal = state.phase in SEASONAL and state.catalog is not None
    season = state.catalog.cards["seasons"][state.season] if seasonal else "none"
    heading = "text.heading_valour" if state.phase == "valour" else \
        "text.heading_generals" if state.phase in GENERALS else \
        "text.heading_dajokan" if state.phase == "dajokan_claims" else "text.heading"
    lines = [render(heading, {"year": state.year, "season": season, "phase": state.phase}, names)]
    pending = state.pending or {}
    if pending.get("kind") == "tray":
        lines.append(render("text.awaits_table", {"kind": "tray"}, names))
    elif pending:
        seats = pending.get("waiting") or ([pending["player"]] if pending.get("player") else [])
        lines.append(render("text.awaits_seats", {"kind": pending["kind"], "seats": seats}, names))
    for colour in state.seating:
        p = state.players[colour]
        owned = ", ".join(f"{names.province(q)} ({state.provinces[q].armies})"
                          for q in state.owned(colour))
        lines.append("  " + render("text.player", {"player": colour, "chests": p.chests, "rice": p.rice,
                                                   "score": p.score, "supply": p.supply,
                                                   "owned": owned or "—"}, names))
    lines.append("  " + render("text.tower", {"inside": state.tower, "counts": state.tray}, names))
    lines += ["  · " + describe(state, note, lang) for note in state.log[-log:]] if log else []
    return lines
