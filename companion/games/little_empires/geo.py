"""The map as the rules read it: provinces by region, capitals, strength and control.

Adjacency, roads and the coast are only on the board: the table moves the figures along
them and tells the game where they went; once the table has told the map, ``roads`` checks
the way too.
"""
from __future__ import annotations

from typing import Any

from companion.games.little_empires.state import LEState


def provinces(data: dict[str, Any]) -> list[str]:
    """Every province, region by region, the capital of each first."""
    return [f"{region}{n}" for region, count in data["regions"].items() for n in range(1, count + 1)]


def region_of(province: str) -> str:
    return province.rstrip("0123456789")


def capital(region: str) -> str:
    """The app numbers each region's capital 1 («Столица»)."""
    return f"{region}1"


def is_capital(province: str) -> bool:
    return province == capital(region_of(province))


def strength(state: LEState, province: str, seat: str) -> int:
    """«Сила армии равна 1, сила замка равна 2»."""
    power = state.data["strength"]
    castle = power["castle"] if state.castles.get(province) == seat else 0
    return state.armies.get(province, {}).get(seat, 0) * power["army"] + castle


def controller(state: LEState, province: str) -> str | None:
    """«Игрок контролирует провинцию, если его сила в этой провинции больше, чем у любого
    другого игрока»; equal highest strength: nobody."""
    powers = sorted(((strength(state, province, seat), seat) for seat in state.seating), reverse=True)
    if not powers or powers[0][0] == 0 or (len(powers) > 1 and powers[1][0] == powers[0][0]):
        return None
    return powers[0][1]


def controlled(state: LEState, seat: str, region: str | None = None) -> list[str]:
    return [p for p in provinces(state.data)
            if (region is None or region_of(p) == region) and controller(state, p) == seat]


def castle_of(state: LEState, seat: str, region: str) -> str | None:
    """«Один и тот же игрок не может построить больше 1 замка в каждом регионе»."""
    return next((p for p, owner in state.castles.items() if owner == seat and region_of(p) == region), None)


def armies(state: LEState, province: str, seat: str) -> int:
    return state.armies.get(province, {}).get(seat, 0)


def supply(state: LEState, seat: str) -> int:
    """Armies in the player's own supply, in front of his screen."""
    return state.data["start"]["armies"] - state.on_board(seat)
