"""Tenno's Court: what a favour card does once taken.

«Если игрок берёт карту, он должен ... немедленно воспользоваться свойством данной карты,
если возможно, и убрать карту из игры.»
"""
from __future__ import annotations

from companion.games.shogun.play import Play


def apply(play: Play) -> None:
    """The card's effect, named for the table to apply by hand."""
    effect = play.state.tenno.effect
    play.note("tenno.apply_by_hand", player=effect["player"], favour=effect["favour"])
    play.event("favour_effect", effect=None)


def use(play: Play, cmd) -> None:
    raise NotImplementedError
