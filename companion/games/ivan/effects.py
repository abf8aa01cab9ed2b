"""The twelve trophies and twenty trade tokens, learned as the group plays: «12 ЖЕТОНОВ
ТРОФЕЕВ», «20 ТОРГОВЫХ ЖЕТОНОВ»; their effects are the legend's «Заплатите то, что указано
слева от стрелки, чтобы получить то, что указано справа от стрелки» in what the game counts.

A face is the change it makes (coins and each good, paid below zero and got above), its
points, a favour gained and the warriors it places; told once the first time it is played
(``ivan.trophy<n>``, ``ivan.trade_token<n>``, numbered in the order the group met them) and
tapped afterwards. A trophy is taken once a game; a trade token's effect is played again
whenever a trade project or a chamber plays it.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog
from companion.games.ivan.state import IvanState


def _kind(state: IvanState) -> dict[str, Any]:
    return state.data["faces"]["effects"]


def kinds(state: IvanState) -> list[str]:
    return list(_kind(state)["counts"])


def _parts(state: IvanState) -> list[str]:
    return [part["part"] for part in _kind(state)["parts"]]


def _slots(state: IvanState, kind: str) -> range:
    return range(1, _kind(state)["counts"][kind] + 1)


def _keys(state: IvanState, kind: str, n: int) -> list[str]:
    return [f"ivan.{kind}{n}.{part}" for part in _parts(state)]


def known(state: IvanState, kind: str) -> list[int]:
    return [n for n in _slots(state, kind) if all(key in state.printed for key in _keys(state, kind, n))]


def face(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    """A known face as an effect: {"source", "n", "coins", "goods", "vp", "favour", "warriors"}."""
    at = f"ivan.{kind}{n}."
    goods = {g: state.printed[at + g] for g in state.data["local"] + state.data["foreign"]}
    return {"source": kind, "n": n, "coins": state.printed[at + "coins"],
            "goods": {g: k for g, k in goods.items() if k}, "vp": state.printed[at + "vp"],
            "favour": state.printed[at + "favour"], "warriors": state.printed[at + "warriors"]}


def usable(state: IvanState, kind: str) -> list[dict[str, Any]]:
    """The known faces of ``kind`` that may be played now: a trophy not taken earlier."""
    return [face(state, kind, n) for n in known(state, kind) if f"{kind}{n}" not in state.faces_used]


def chosen(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    if kind not in kinds(state):
        raise RuleError("ivan.face_not_kept", source=kind)
    if n not in known(state, kind):
        raise RuleError("ivan.face_unknown", source=kind, n=n)
    if f"{kind}{n}" in state.faces_used:
        raise RuleError("ivan.face_used", source=kind, n=n)
    return face(state, kind, n)


def once(state: IvanState, kind: str) -> bool:
    """Whether a face of ``kind`` is played once a game (a trophy taken)."""
    return kind in _kind(state)["once"]


def _free(state: IvanState, kind: str) -> int | None:
    return next((n for n in _slots(state, kind) if not any(k in state.printed for k in _keys(state, kind, n))), None)


def tellable(state: IvanState, kind: str) -> bool:
    """Whether a face of ``kind`` may still be told: the install knows fewer than the box holds."""
    return kind in kinds(state) and _free(state, kind) is not None


def told(state: IvanState, kind: str, effect: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """A face played for the first time: its free place and its values; refused when the
    box holds no more of its kind, or a number no face prints."""
    if kind not in kinds(state):
        raise RuleError("ivan.face_not_kept", source=kind)
    free = _free(state, kind)
    if free is None:
        raise RuleError("ivan.face_all_known", source=kind, n=len(_slots(state, kind)))
    at = f"ivan.{kind}{free}."
    values = {at + "coins": effect["coins"], at + "vp": effect["vp"], at + "favour": effect["favour"],
              at + "warriors": effect["warriors"]}
    values.update({at + g: effect["goods"].get(g, 0) for g in state.data["local"] + state.data["foreign"]})
    return free, checked(values, catalog.questions())
