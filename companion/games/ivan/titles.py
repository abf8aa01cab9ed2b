"""The titles the rulebook's answers describe, scored from what the game counts: «каждый
набор из выполненных строительного, торгового и военного проектов» and «каждый выполненный
проект определённого вида». The other titles' faces are not in the text: their points are
entered as the cards say.

«Один и тот же проект не может участвовать в разных наборах для этого титула» and «Титулы
приносят очки независимо друг от друга»: a set uses one project of each kind, and each
title counts on its own.
"""
from __future__ import annotations

from typing import Mapping


def sets(completed: Mapping[str, int]) -> int:
    """Complete sets of one construction, one trade and one military project."""
    return min(completed.values()) if completed else 0


def score(per: str, vp: int, completed: Mapping[str, int]) -> int:
    """One title's points: ``vp`` for each set (``per`` "set") or each project of a kind."""
    return vp * (sets(completed) if per == "set" else completed.get(per, 0))
