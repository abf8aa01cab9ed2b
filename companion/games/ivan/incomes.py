"""The sixteen cities' printed income, learned as the group plays: «В нижней части города
указано, какой доход там можно получить»; «Вы получаете местные товары с городов».

A city's income is told once, the first time a player takes it naming the city, and kept for
the install (``ivan.city.<city>.coins``, ``.good``, ``.goods``: coins, and one local good and
how many); afterwards naming the city is enough, and the game gives what it prints.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog
from companion.games.ivan.state import IvanState

NOTHING = "none"


def _keys(state: IvanState, city: str) -> list[str]:
    return [f"ivan.city.{city}.{part['part']}" for part in state.data["faces"]["income"]["parts"]]


def known(state: IvanState, city: str) -> bool:
    return all(key in state.printed for key in _keys(state, city))


def printed(state: IvanState, city: str) -> dict[str, Any]:
    """A known city's income: {"coins", "goods"} (no good left at 0)."""
    at = f"ivan.city.{city}."
    good, n = state.printed[at + "good"], state.printed[at + "goods"]
    return {"coins": state.printed[at + "coins"], "goods": {good: n} if good != NOTHING and n else {}}


def told(city: str, coins: int, goods: Mapping[str, int]) -> dict[str, Any]:
    """A city's income told for the first time, as the install's values; refused when a city
    could not print it (more than one kind of good, a foreign good, more than it holds)."""
    given = {g: n for g, n in goods.items() if n}
    if len(given) > 1:
        raise RuleError("ivan.city_one_good", dst=city)
    good, n = next(iter(given.items()), (NOTHING, 0))
    at = f"ivan.city.{city}."
    return checked({at + "coins": coins, at + "good": good, at + "goods": n}, catalog.questions())


def shown(state: IvanState) -> dict[str, dict[str, Any]]:
    """Every city whose income the install knows, for the phone to name it by."""
    return {city: printed(state, city) for city in state.data["cities"] if known(state, city)}
