"""The map's roads, dotted sea lines and coast, once the table has told them.

Only the board prints them: a question for every pair of provinces (a road, a sea line or
not neighbours) and for every province's coast. Until every one is answered the game
plays as before (the table follows the roads itself); once they are, a move is checked
against the distance on the map («Вы можете назначить несколько перемещений одной армии,
чтобы передвинуть её на несколько провинций»; «Провинции, соединённые пунктирной линией
через море, считаются соседними при движении»), a ship against the coast, and the phones
offer only the provinces a move can reach.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any, Iterable, Mapping

from companion.engine import printed
from companion.errors import RuleError
from companion.games.little_empires import catalog, geo
from companion.games.little_empires.state import LEState

P = "little_empires"
LINKS = ("road", "sea")


@lru_cache(maxsize=1)
def _keys(regions: tuple[tuple[str, int], ...]) -> tuple[tuple[str, ...], tuple[tuple[str, str, str], ...]]:
    provinces = [f"{r}{n}" for r, count in regions for n in range(1, count + 1)]
    coast = tuple(f"{P}.coast.{p}" for p in provinces)
    pairs = tuple((f"{P}.link.{a}.{b}", a, b) for i, a in enumerate(provinces) for b in provinces[i + 1:])
    return coast, pairs


def keys(data: Mapping[str, Any]) -> list[str]:
    """Every question of the map: the coast of each province, then each pair."""
    coast, pairs = _keys(tuple(data["regions"].items()))
    return list(coast) + [key for key, _, _ in pairs]


def known(state: LEState) -> bool:
    """Whether the table has told the whole map (a part of it checks nothing: a move over
    an untold road could be refused wrongly)."""
    return all(key in state.printed for key in keys(state.data))


def told_coast(state: LEState) -> dict[str, str]:
    """Each province whose coast the table has told, and its answer."""
    coast, _ = _keys(tuple(state.data["regions"].items()))
    return {key.rsplit(".", 1)[1]: state.printed[key] for key in coast if key in state.printed}


def told(state: LEState, values: Mapping[str, Any]) -> dict[str, Any]:
    """A part of the map as the table tells it between questions: map values only, each one
    the board could show (a later word on a pair corrects the earlier one)."""
    every = set(keys(state.data))
    for key in values:
        if key not in every:
            raise RuleError("printed.unknown", what=key)
    return printed.checked(values, catalog.questions())


def unknown_from(state: LEState) -> tuple[str, str | None, list[tuple[str, str]]] | None:
    """The first province, in map order, with something of its map still untold: the
    province, its coast's key if untold, and each province (with the pair's key) whose link
    to it is untold; None once the whole map is known."""
    _, pairs = _keys(tuple(state.data["regions"].items()))
    for province in geo.provinces(state.data):
        own = f"{P}.coast.{province}"
        links = [(b if a == province else a, key) for key, a, b in pairs
                 if province in (a, b) and key not in state.printed]
        if own not in state.printed or links:
            return province, None if own in state.printed else own, links
    return None


def neighbours(state: LEState, province: str) -> set[str]:
    _, pairs = _keys(tuple(state.data["regions"].items()))
    found = set()
    for key, a, b in pairs:
        if state.printed.get(key) in LINKS and province in (a, b):
            found.add(b if province == a else a)
    return found


def coastal(state: LEState, province: str) -> bool:
    return state.printed.get(f"{P}.coast.{province}") == "coast"


def distances(state: LEState, src: str) -> dict[str, int]:
    """The fewest moves from ``src`` to every province it can reach."""
    near = {p: neighbours(state, p) for p in geo.provinces(state.data)}
    found = {src: 0}
    todo = deque([src])
    while todo:
        here = todo.popleft()
        for there in near[here]:
            if there not in found:
                found[there] = found[here] + 1
                todo.append(there)
    return found


def reachable(state: LEState, sources: Iterable[str], moves: int) -> list[str]:
    """The provinces an army in one of ``sources`` can reach with ``moves`` moves, in map
    order; every province while the map is not known."""
    every = geo.provinces(state.data)
    if not known(state):
        return every
    near: set[str] = set()
    for src in sources:
        near |= {p for p, n in distances(state, src).items() if 0 < n <= moves}
    return [p for p in every if p in near]


def check_move(state: LEState, src: str, dst: str, steps: int) -> None:
    """A move of ``steps`` moves from ``src`` must reach ``dst`` on the map."""
    if not known(state):
        return
    n = distances(state, src).get(dst)
    if n is not None and n <= steps:
        return
    if n is None or steps == 1:
        raise RuleError("le.not_adjacent", src=src, dst=dst)
    raise RuleError("le.too_far", src=src, dst=dst, n=n, steps=steps)


def check_ship(state: LEState, src: str, dst: str) -> None:
    """«из одной прибрежной провинции в другую прибрежную провинцию любого региона»."""
    if not known(state):
        return
    for province in (src, dst):
        if not coastal(state, province):
            raise RuleError("le.not_coastal", province=province)
