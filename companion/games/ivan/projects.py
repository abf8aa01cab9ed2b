"""The thirty project cards, learned as the group completes them: «В игре три вида проектов:
строительные, торговые и военные, по 10 карт каждого. В левой части карты проекта указаны
товары, нужные для его выполнения. Справа — победные очки за выполнение проекта».

The rulebook prints no card, so a project's goods and points are told once, the first time
it is completed (a free place among the ten of its kind, ``ivan.trade<n>``, numbered in the
order the group met them), and afterwards its player taps it among the known ones of that
kind: the game charges what it prints and gives its points.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog
from companion.games.ivan.state import IvanState

COST = "cost_"


def _parts(state: IvanState) -> list[str]:
    return [part["part"] for part in state.data["faces"]["projects"]["parts"]]


def _slots(state: IvanState) -> range:
    return range(1, state.data["faces"]["projects"]["per_kind"] + 1)


def _keys(state: IvanState, kind: str, n: int) -> list[str]:
    return [f"ivan.{kind}{n}.{part}" for part in _parts(state)]


def known(state: IvanState, kind: str) -> list[int]:
    """The projects of ``kind`` whose whole face the install knows."""
    return [n for n in _slots(state) if all(key in state.printed for key in _keys(state, kind, n))]


def face(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    """A known project: {"kind", "n", "vp", "cost"} (the goods it asks, none left at 0)."""
    at = f"ivan.{kind}{n}."
    cost = {part[len(COST):]: state.printed[at + part] for part in _parts(state) if part.startswith(COST)}
    return {"kind": kind, "n": n, "vp": state.printed[at + "vp"], "cost": {g: k for g, k in cost.items() if k}}


def usable(state: IvanState, kind: str) -> list[dict[str, Any]]:
    """The known projects of ``kind`` not completed earlier in this game (each card is
    completed once: «выложите перед собой 1 проект с руки»)."""
    return [face(state, kind, n) for n in known(state, kind) if f"{kind}{n}" not in state.projects_done]


def chosen(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    if n not in known(state, kind):
        raise RuleError("ivan.project_unknown", kind=kind, n=n)
    if f"{kind}{n}" in state.projects_done:
        raise RuleError("ivan.project_done", kind=kind, n=n)
    return face(state, kind, n)


def _free(state: IvanState, kind: str) -> int | None:
    return next((n for n in _slots(state) if not any(k in state.printed for k in _keys(state, kind, n))), None)


def tellable(state: IvanState, kind: str) -> bool:
    """Whether a project of ``kind`` may still be told: the install knows fewer than ten."""
    return _free(state, kind) is not None


def told(state: IvanState, kind: str, paid: Mapping[str, int], vp: int) -> tuple[int, dict[str, Any]]:
    """A project completed for the first time: the free place among its kind's ten and its
    face as the install's values; refused when all ten of the kind are known."""
    free = _free(state, kind)
    if free is None:
        raise RuleError("ivan.project_all_known", kind=kind, n=len(_slots(state)))
    at = f"ivan.{kind}{free}."
    values = {at + "vp": vp}
    values.update({at + part: paid.get(part[len(COST):], 0) for part in _parts(state) if part.startswith(COST)})
    return free, checked(values, catalog.questions())
