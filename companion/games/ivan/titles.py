"""The fifteen titles, learned as the group scores them: «На карте титула указано, каким
образом она приносит победные очки после второго и четвёртого раундов».

The rulebook prints no title, so a title's face is a formula in a closed vocabulary: what it
counts (``per``: completed projects of a kind or their sets, trophies, trade tokens, warriors,
buildings, boyars, cities with 3+ influence, estates, titles, coins, goods, the favour
position), how (``each``: ``vp`` for every ``of`` of them; ``at_least``: ``vp`` once ``of``
or more; ``most``: ``vp`` to the family with the most, ``of`` to the next, ties to the higher
favour) and its numbers. Told once (``ivan.title<n>``, numbered in the order the group met
them), then tapped at each scoring.

«Один и тот же проект не может участвовать в разных наборах для этого титула» and «Титулы
приносят очки независимо друг от друга»: a set uses one project of each kind, and each
title counts on its own.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog, cities
from companion.games.ivan.state import IvanState

PARTS = ("per", "how", "vp", "of")
MAP_ONLY = ("cities", "boyars")
"""What only the tracked map counts; otherwise the table enters the count."""


def choices(data: Mapping[str, Any], part: str) -> list[str]:
    """The words a title's ``part`` (``per``, ``how``) may take, from the data."""
    return list(next(p for p in data["faces"]["titles"]["parts"] if p["part"] == part)["choices"])


def _slots(state: IvanState) -> range:
    return range(1, state.data["faces"]["titles"]["count"] + 1)


def _keys(n: int) -> list[str]:
    return [f"ivan.title{n}.{part}" for part in PARTS]


def known(state: IvanState) -> list[int]:
    return [n for n in _slots(state) if all(key in state.printed for key in _keys(n))]


def face(state: IvanState, n: int) -> dict[str, Any]:
    """A known title: {"n", "per", "how", "vp", "of"}."""
    return {"n": n, **{part: state.printed[f"ivan.title{n}.{part}"] for part in PARTS}}


def usable(state: IvanState) -> list[dict[str, Any]]:
    """The known titles the table may tap at a scoring (none in referee mode)."""
    return [] if state.referee else [face(state, n) for n in known(state)]


def chosen(state: IvanState, n: int) -> dict[str, Any]:
    if n not in known(state):
        raise RuleError("ivan.title_unknown", n=n)
    return face(state, n)


def _free(state: IvanState) -> int | None:
    return next((n for n in _slots(state) if not any(k in state.printed for k in _keys(n))), None)


def tellable(state: IvanState) -> bool:
    """Whether a title may still be told: the install knows fewer than the box holds."""
    return _free(state) is not None


def told(state: IvanState, formula: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """A title scored for the first time: its free place and its formula as the install's
    values; refused when all fifteen are known."""
    free = _free(state)
    if free is None:
        raise RuleError("ivan.title_all_known", n=len(_slots(state)))
    return free, checked({f"ivan.title{free}.{part}": formula[part] for part in PARTS}, catalog.questions())


def tracked(state: IvanState, per: str) -> bool:
    """Whether the game counts ``per`` itself (else the table enters the count)."""
    return per not in MAP_ONLY or cities.tracked(state)


def sets(completed: Mapping[str, int], kinds: list[str]) -> int:
    """Complete sets of one construction, one trade and one military project."""
    return min(completed.get(kind, 0) for kind in kinds)


def count(state: IvanState, seat: str, per: str) -> int:
    """What ``per`` counts for one family now. «столько очков, сколько общее количество
    жетонов трофеев у него в запасе и торговых жетонов на его планшете. Сброшенные с планшета
    торговые жетоны, равно как и напечатанные на нём, не учитываются»; «Влияние в городах
    определяется так же, как в регионах»."""
    p, pieces, kinds = state.players[seat], state.data["pieces"], state.data["project_kinds"]
    if per in kinds:
        return p.completed.get(per, 0)
    counts = {
        "set": lambda: sets(p.completed, kinds),
        "projects": lambda: sum(p.completed.values()),
        "trophies_tokens": lambda: p.trophies + p.tokens,
        "trophies": lambda: p.trophies, "tokens": lambda: p.tokens,
        "warriors": lambda: pieces["warriors"] - p.warriors - p.wild, "wild": lambda: p.wild,
        "buildings": lambda: pieces["buildings"] - p.buildings,
        "boyars": lambda: sum(families.get(seat, {}).get("boyar", 0) for families in state.cities.values()),
        "cities": lambda: cities.strong(state, seat),
        "estates": lambda: p.estates, "titles": lambda: p.titles,
        "coins": lambda: p.coins, "goods": lambda: sum(p.goods.values()),
        "favour": lambda: len(state.favour) - state.rank(seat),
    }
    return counts[per]()


def scored(formula: Mapping[str, Any], n: int) -> int:
    """``each``: ``vp`` for every ``of`` counted (0 or 1: for each one); ``at_least``: ``vp``
    once ``of`` or more are counted."""
    if formula["how"] == "at_least":
        return formula["vp"] if n >= formula["of"] else 0
    return formula["vp"] * (n // max(formula["of"], 1))
