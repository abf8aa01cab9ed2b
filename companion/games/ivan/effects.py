"""The twelve trophies, twenty trade tokens, fifteen estates and the player board's three
printed trade effects, learned as the group plays: «12 ЖЕТОНОВ ТРОФЕЕВ», «20 ТОРГОВЫХ
ЖЕТОНОВ», «15 КАРТ ПОМЕСТИЙ»; their effects are the legend's «Заплатите то, что указано
слева от стрелки, чтобы получить то, что указано справа от стрелки» in what the game counts.

A face is the change it makes (coins and each good, paid below zero and got above), its
points, a favour gained and the warriors it places, and for an estate or a board effect one
icon of the legend the game does not count (carried out on the board); told once the first
time it is played (``ivan.trophy<n>``, ``ivan.estate<n>``..., numbered in the order the
group met them) and tapped afterwards. A trophy is taken once a game, an estate turned once
a round; a trade token's effect is played again whenever a trade project or a chamber
plays it.
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


def _parts(state: IvanState, kind: str) -> list[str]:
    return [part["part"] for part in _kind(state)["parts"] + _kind(state).get("extra", {}).get(kind, [])]


def icons(data: dict[str, Any]) -> list[str]:
    """The legend's icons an estate or board effect may show beside what the game counts."""
    return list(data["faces"]["effects"]["extra"]["estate"][0]["choices"])


def acts(state: IvanState, kind: str) -> bool:
    """Whether a face of ``kind`` prints an icon the game does not count (an estate's move)."""
    return "action" in _parts(state, kind)


def _slots(state: IvanState, kind: str) -> range:
    return range(1, _kind(state)["counts"][kind] + 1)


def _keys(state: IvanState, kind: str, n: int) -> list[str]:
    return [f"ivan.{kind}{n}.{part}" for part in _parts(state, kind)]


def known(state: IvanState, kind: str) -> list[int]:
    return [n for n in _slots(state, kind) if all(key in state.printed for key in _keys(state, kind, n))]


def face(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    """A known face as an effect: {"source", "n", "coins", "goods", "vp", "favour", "warriors",
    "action"} ("none" for a kind that prints no icon)."""
    at = f"ivan.{kind}{n}."
    goods = {g: state.printed[at + g] for g in state.data["local"] + state.data["foreign"]}
    return {"source": kind, "n": n, "coins": state.printed[at + "coins"],
            "goods": {g: k for g, k in goods.items() if k}, "vp": state.printed[at + "vp"],
            "favour": state.printed[at + "favour"], "warriors": state.printed[at + "warriors"],
            "action": state.printed.get(at + "action", "none")}


def per_round(state: IvanState, kind: str) -> bool:
    """Whether a face of ``kind`` is turned once a round (an estate)."""
    return kind in _kind(state).get("per_round", [])


def unturned(state: IvanState, seat: str) -> int:
    """The estates ``seat`` holds not turned this round: «Действие каждого поместья можно
    применить только один раз в раунд»."""
    return state.players[seat].estates - state.turned_by.get(seat, 0)


def _spent(state: IvanState, kind: str, n: int) -> bool:
    return f"{kind}{n}" in (state.turned if per_round(state, kind) else state.faces_used)


def usable(state: IvanState, kind: str, seat: str) -> list[dict[str, Any]]:
    """The known faces of ``kind`` ``seat`` may play now: a trophy not taken earlier, an
    estate not turned this round while he holds one unturned."""
    if per_round(state, kind) and unturned(state, seat) <= 0:
        return []
    return [face(state, kind, n) for n in known(state, kind) if not _spent(state, kind, n)]


def chosen(state: IvanState, kind: str, n: int) -> dict[str, Any]:
    if kind not in kinds(state):
        raise RuleError("ivan.face_not_kept", source=kind)
    if n not in known(state, kind):
        raise RuleError("ivan.face_unknown", source=kind, n=n)
    if _spent(state, kind, n):
        raise RuleError("ivan.estate_turned" if per_round(state, kind) else "ivan.face_used", source=kind, n=n)
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
    if acts(state, kind):
        values[at + "action"] = effect["action"]
    return free, checked(values, catalog.questions())
