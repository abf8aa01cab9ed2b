"""«Жетоны с заданиями регионов» (variant): a token beside each region, random side up. Its
main task («Главное задание») scores at once, in the player's own turn, once per player per
token; its regional law («Региональный закон») waives one cost in that region for everyone.
"""
from __future__ import annotations

from typing import Callable

from companion.games.little_empires import geo
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState


def _armies(state: LEState, seat: str, region: str) -> list[int]:
    return [geo.armies(state, p, seat) for p in geo.provinces(state.data) if geo.region_of(p) == region]


def _held(state: LEState, seat: str, region: str) -> list[str]:
    return geo.controlled(state, seat, region)


def _strategic_advantage(state: LEState, seat: str, region: str) -> bool:
    """«вы контролируете хотя бы 2 провинции с хотя бы 2 вашими армиями в каждой»."""
    return sum(1 for p in _held(state, seat, region) if geo.armies(state, p, seat) >= 2) >= 2


def _stability(state: LEState, seat: str, region: str) -> bool:
    """«вы контролируете хотя бы 4 провинции»."""
    return len(_held(state, seat, region)) >= 4


def _strength_in_numbers(state: LEState, seat: str, region: str) -> bool:
    """«у вас есть хотя бы 7 армий»."""
    return sum(_armies(state, seat, region)) >= 7


def _divide_to_survive(state: LEState, seat: str, region: str) -> bool:
    """«хотя бы по 1 армии хотя бы в 4 провинциях»."""
    return sum(1 for n in _armies(state, seat, region) if n >= 1) >= 4


def _crushing_tactics(state: LEState, seat: str, region: str) -> bool:
    """«хотя бы по 3 армии хотя бы в 3 провинциях»."""
    return sum(1 for n in _armies(state, seat, region) if n >= 3) >= 3


def _castle_guards(state: LEState, seat: str, region: str) -> bool:
    """«хотя бы по 2 армии хотя бы в 2 провинциях и вы контролируете провинцию со своим замком»."""
    castle = geo.castle_of(state, seat, region)
    return sum(1 for n in _armies(state, seat, region) if n >= 2) >= 2 and castle is not None \
        and geo.controller(state, castle) == seat


def _resources(state: LEState, seat: str, region: str) -> int:
    return sum(1 for p in _held(state, seat, region) if p in state.resource_at)


def _earth_and_sky(state: LEState, seat: str, region: str) -> bool:
    """«контролируете хотя бы 2 ресурсные провинции и хотя бы 1 провинцию со святилищем»."""
    return _resources(state, seat, region) >= 2 and any(p in state.shrine_at for p in _held(state, seat, region))


def _earth_and_people(state: LEState, seat: str, region: str) -> bool:
    """«контролируете хотя бы 2 ресурсные провинции и столичную провинцию»."""
    return _resources(state, seat, region) >= 2 and geo.capital(region) in _held(state, seat, region)


TASKS: dict[str, Callable[[LEState, str, str], bool]] = {
    "strategic_advantage": _strategic_advantage, "stability": _stability,
    "strength_in_numbers": _strength_in_numbers, "divide_to_survive": _divide_to_survive,
    "crushing_tactics": _crushing_tactics, "castle_guards": _castle_guards,
    "earth_and_sky": _earth_and_sky, "earth_and_people": _earth_and_people,
}


def deal(play: Play) -> dict[str, dict[str, str]]:
    """«случайным образом выложите рядом с каждым регионом по 1 жетону случайной стороной»."""
    tokens = list(play.state.data["agenda"])
    play.rng.shuffle(tokens)
    return {region: {"token": token, "side": play.rng.choice(("A", "B"))}
            for region, token in zip(play.state.data["regions"], tokens)}


def task(state: LEState, region: str) -> dict[str, object]:
    laid = state.agenda[region]
    return state.data["agenda"][laid["token"]][laid["side"]]


def waived(state: LEState, what: str, region: str | None) -> bool:
    """The region's law: «Не тратьте …» for the cost ``what``."""
    if region is None or region not in state.agenda:
        return False
    return state.data["agenda"][state.agenda[region]["token"]]["law"] == what


def check(play: Play, seat: str) -> None:
    """«В свой ход, выполнив условия главного задания, игрок помещает на этот жетон маркер
    задания своего цвета и немедленно получает победные очки … каждый игрок может выполнить
    главное задание одного и того же жетона лишь 1 раз»."""
    s = play.state
    for region in s.agenda:
        if seat in s.agenda_done.get(region, []):
            continue
        found = task(s, region)
        if TASKS[found["task"]](s, seat, region):
            play.event("agenda_done", region=region, player=seat)
            play.event("vp", player=seat, n=found["vp"])
            play.note("le.agenda_done", player=seat, region=region, task=found["task"], n=found["vp"])
