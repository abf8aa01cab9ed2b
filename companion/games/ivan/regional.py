"""The eighteen regional tokens, learned as the group plays: «18 РЕГИОНАЛЬНЫХ ЖЕТОНОВ ... На
этих жетонах указаны награды, которые игроки получают в конце раунда за влияние в отдельных
регионах. В последнем раунде используются только жетоны с тёмным фоном».

The rulebook prints no token's face, so the install learns each one the first time a table
meets it (a free slot ``ivan.regional<n>``, numbered in the order the group met them) and
the table afterwards taps it among the known ones. A face is its background, the number
the two-player rule compares with, and two rewards in the legend's vocabulary: points,
coins, one kind of goods, the tsar's favour, and one icon the game does not count (a
warrior placed, a project taken...), which the player carries out on the board.
"""
from __future__ import annotations

from typing import Any, Iterable

from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog
from companion.games.ivan.state import IvanState

REWARDS = (1, 2)
NOTHING = "none"


def _kind(state: IvanState) -> dict[str, Any]:
    return state.data["faces"]["regional"]


def icons(data: dict[str, Any]) -> list[str]:
    """The legend's icons a reward may show beside what the game counts ("none" first)."""
    part = next(p for p in data["faces"]["regional"]["parts"] if p["part"] == "reward1.action")
    return list(part["choices"])


def slots(state: IvanState) -> range:
    return range(1, _kind(state)["count"] + 1)


def keys(state: IvanState, n: int) -> list[str]:
    return [f"ivan.regional{n}.{part['part']}" for part in _kind(state)["parts"]]


def known(state: IvanState) -> list[int]:
    """The tokens whose whole face the install knows."""
    return [n for n in slots(state) if all(key in state.printed for key in keys(state, n))]


def face(state: IvanState, n: int) -> dict[str, Any]:
    """A known token's face: {"n", "background", "threshold", "rewards"}, each reward as the
    game gives it."""
    told = state.printed
    at = f"ivan.regional{n}."
    rewards = []
    for r in REWARDS:
        part = f"{at}reward{r}."
        good, goods = told[part + "good"], told[part + "goods"]
        rewards.append({"vp": told[part + "vp"], "coins": told[part + "coins"],
                        "goods": {good: goods} if good != NOTHING and goods else {},
                        "favour": told[part + "favour"] == "yes", "action": told[part + "action"]})
    return {"n": n, "background": told[at + "background"], "threshold": told[at + "threshold"],
            "rewards": rewards}


def _last(state: IvanState) -> bool:
    return state.decade == len(state.data["decades"])


def usable(state: IvanState) -> list[dict[str, Any]]:
    """The known tokens that may lie on the map now: not used earlier in this game
    («Сброшенные ... региональные жетоны больше не участвуют в игре»), and of a background
    the decade allows."""
    return [face(state, n) for n in known(state)
            if n not in state.regional_used and _fits(state, face(state, n)["background"])]


def chosen(state: IvanState, n: int) -> dict[str, Any]:
    """Token ``n``'s face, if the table may have it on the map now; else why not."""
    if n not in known(state):
        raise RuleError("ivan.token_unknown", n=n)
    if n in state.regional_used:
        raise RuleError("ivan.token_used", n=n)
    found = face(state, n)
    _background_fits(state, found["background"])
    return found


def _fits(state: IvanState, background: str) -> bool:
    """«Перемешайте лицом вниз 9 региональных жетонов с тёмным фоном и не глядя положите 4 из
    них стопкой ... на деление «1580-е»»: the last decade takes dark tokens only, and the
    decades before it leave four dark ones for it."""
    if _last(state):
        return background == "dark"
    if background != "dark":
        return True
    dark = sum(1 for n in state.regional_used if state.printed.get(f"ivan.regional{n}.background") == "dark")
    return dark < _kind(state)["backgrounds"]["dark"] - len(state.data["regions"])


def _background_fits(state: IvanState, background: str) -> None:
    if not _fits(state, background):
        raise RuleError("ivan.token_dark_only" if _last(state) else "ivan.token_dark_reserved")


def _free(state: IvanState) -> int | None:
    return next((n for n in slots(state) if not any(key in state.printed for key in keys(state, n))), None)


def _room(state: IvanState, background: str) -> bool:
    """Whether the box holds a token of ``background`` the install does not know yet."""
    seen = sum(1 for n in slots(state) if state.printed.get(f"ivan.regional{n}.background") == background)
    return seen < _kind(state)["backgrounds"][background]


def tellable(state: IvanState) -> list[str]:
    """The backgrounds a token met for the first time may have now."""
    if _free(state) is None:
        return []
    return [b for b in _kind(state)["backgrounds"] if _room(state, b) and _fits(state, b)]


def told(state: IvanState, background: str | None, threshold: int | None,
         rewards: Iterable[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    """A token met for the first time: the free slot it takes and its face as the install's
    values. Refused when the face is not one a token can print, or when the box holds no
    more tokens of its background (9 dark, 9 light)."""
    if background is None or threshold is None:
        raise RuleError("ivan.token_face_needed")
    _background_fits(state, background)
    kind = _kind(state)
    if not _room(state, background):
        raise RuleError("ivan.token_background_full", n=kind["backgrounds"][background])
    free = _free(state)
    if free is None:
        raise RuleError("ivan.token_all_known", n=kind["count"])
    at = f"ivan.regional{free}."
    values: dict[str, Any] = {at + "background": background, at + "threshold": threshold}
    for r, reward in zip(REWARDS, rewards):
        goods = {g: n for g, n in reward["goods"].items() if n}
        if len(goods) > 1:
            raise RuleError("ivan.token_one_good")
        good, n = next(iter(goods.items()), (NOTHING, 0))
        part = f"{at}reward{r}."
        values.update({part + "vp": reward["vp"], part + "coins": reward["coins"], part + "good": good,
                       part + "goods": n, part + "favour": "yes" if reward["favour"] else "no",
                       part + "action": reward["action"]})
    return free, checked(values, catalog.questions())
