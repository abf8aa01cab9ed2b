"""«Царская милость»: the track that breaks every tie, and what gaining favour does.

Pure functions of the track (a list of seats, top first), so the significance in a chamber,
a region's ranking and the final table all break ties the same way.
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence, TypeVar

T = TypeVar("T")


def gained(order: Sequence[str], seat: str) -> list[str]:
    """The track after ``seat`` gains favour: «переставляет свою фишку на самое верхнее деление
    ... и сдвигает те фишки, которые „перепрыгнули“, на одно деление вниз, не меняя их
    взаимного положения»."""
    return [seat] + [s for s in order if s != seat]


def ranked(items: Iterable[T], measure: Callable[[T], int], seat: Callable[[T], str],
           order: Sequence[str]) -> list[T]:
    """Highest ``measure`` first; «Во всех случаях, когда между игроками возникает ничья по
    любому показателю, преимущество отдаётся тому из них, чья фишка выше на счётчике царской
    милости» (and only on a full tie)."""
    return sorted(items, key=lambda item: (-measure(item), order.index(seat(item))))


def most_significant(boyars: Sequence[dict], order: Sequence[str]) -> str | None:
    """The chamber's most significant boyar's owner: «Чем больше монет под боярином, тем выше
    его значимость; ничьи разрешаются по царской милости»."""
    if not boyars:
        return None
    return ranked(boyars, lambda b: b["coins"], lambda b: b["player"], order)[0]["player"]
