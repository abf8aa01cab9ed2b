"""The titles the rulebook's answers describe, scored from what the game counts: «каждый
набор из выполненных строительного, торгового и военного проектов», «каждый выполненный
проект определённого вида», «каждый трофей и торговый жетон» and, with the map tracked, the
cities «где у игрока 3+ влияния». The other titles' faces are not in the text: their points
are entered as the cards say.

«Один и тот же проект не может участвовать в разных наборах для этого титула» and «Титулы
приносят очки независимо друг от друга»: a set uses one project of each kind, and each
title counts on its own.
"""
from __future__ import annotations

from typing import Mapping


def sets(completed: Mapping[str, int]) -> int:
    """Complete sets of one construction, one trade and one military project."""
    return min(completed.values()) if completed else 0


def score(per: str, vp: int, counts: Mapping[str, int]) -> int:
    """One title's points: ``vp`` for each thing ``per`` counts (``counts`` from ``counted``)."""
    return vp * counts.get(per, 0)


def counted(completed: Mapping[str, int], trophies: int, tokens: int, cities: int | None) -> dict[str, int]:
    """What each title counts for one family: «столько очков, сколько общее количество
    жетонов трофеев у него в запасе и торговых жетонов на его планшете. Сброшенные с планшета
    торговые жетоны, равно как и напечатанные на нём, не учитываются»; ``cities`` None when
    the map is not tracked."""
    counts = {**completed, "set": sets(completed), "trophies_tokens": trophies + tokens}
    if cities is not None:
        counts["cities"] = cities
    return counts
