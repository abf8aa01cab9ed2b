"""The map, when the group tracks influence from it (``influence: "map"`` in ``created``): the
sixteen cities with the region and colour the table told once, and every warrior, building
and boyar a family has in each. A region's influence is then counted, not entered:
«Каждый воин на поле даёт 1 очко влияния в своём регионе»; «Каждый боярин на поле даёт 2
очка влияния»; buildings «дают 2 очка влияния в своём регионе». A boyar on the Kremlin card
stands on no city, so it counts nowhere (V12).

The water paths are not data, so a move is taken to the city the player names (V21).
"""
from __future__ import annotations

from typing import Iterable

from companion.errors import RuleError
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState

PIECES = ("warrior", "building", "boyar")


def tracked(state: IvanState) -> bool:
    return state.influence_mode == "map"


def keys(state: IvanState) -> list[str]:
    """The printed values the map needs: each city's region and the card of its colour."""
    if not tracked(state):
        return []
    return [f"ivan.city.{city}.{what}" for city in state.data["cities"] for what in ("region", "colour")]


def region_of(state: IvanState, city: str) -> str:
    return state.printed[f"ivan.city.{city}.region"]


def card_of(state: IvanState, city: str) -> str:
    """The assignment card of the city's colour (``colour1`` to ``colour4``)."""
    return state.printed[f"ivan.city.{city}.colour"]


def count(state: IvanState, seat: str, city: str, kinds: Iterable[str] = PIECES) -> int:
    held = state.cities.get(city, {}).get(seat, {})
    return sum(held.get(kind, 0) for kind in kinds)


def anyone(state: IvanState, city: str, kind: str) -> bool:
    return any(held.get(kind, 0) > 0 for held in state.cities.get(city, {}).values())


def influence(state: IvanState, region: str) -> dict[str, int]:
    """Each family's influence in ``region``: warriors 1, buildings 2, boyars 2."""
    weight = state.data["influence"]
    total = {seat: 0 for seat in state.seating}
    for city, families in state.cities.items():
        if region_of(state, city) != region:
            continue
        for seat, held in families.items():
            total[seat] += sum(weight[kind] * n for kind, n in held.items())
    return total


def known(play: Play, city: str | None) -> str:
    """``city`` if it is one of the map's, else a refusal saying a city must be named."""
    if city is None:
        raise RuleError("ivan.city_needed")
    if city not in play.data["cities"]:
        raise RuleError("ivan.unknown_city", dst=city)
    return city


def put(play: Play, seat: str, city: str, kind: str, n: int = 1) -> None:
    play.event("city", player=seat, city=city, piece=kind, n=n)


def place_warrior(play: Play, seat: str, city: str | None) -> None:
    """«Выставить нового воина можно только в такой город, где уже есть ваша фишка (воин,
    боярин или здание)»."""
    city = known(play, city)
    if count(play.state, seat, city) == 0:
        raise RuleError("ivan.city_not_yours", dst=city)
    put(play, seat, city, "warrior")


def move(play: Play, seat: str, kind: str, source: str | None, to: str | None) -> None:
    """«переместите 1 своего воина или боярина в соседний город по водному пути»."""
    source, to = known(play, source), known(play, to)
    if count(play.state, seat, source, (kind,)) == 0:
        raise RuleError("ivan.no_piece_there", dst=source)
    if source == to:
        raise RuleError("ivan.move_same_city")
    put(play, seat, source, kind, -1)
    put(play, seat, to, kind)


def building_cities(state: IvanState, seat: str) -> list[str]:
    """«в любой город, где есть хотя бы одна ваша фишка (воин или боярин), но нет других
    зданий (ни ваших, ни чужих)»."""
    return [city for city in state.data["cities"]
            if count(state, seat, city, ("warrior", "boyar")) and not anyone(state, city, "building")]


def boyar_cities(state: IvanState, card: str) -> list[str]:
    """«в любой город соответствующего цвета (в любой город на поле, если это многоцветная
    карта)»."""
    return [city for city in state.data["cities"] if card == "any" or card_of(state, city) == card]


def strong(state: IvanState, seat: str) -> int:
    """The cities where ``seat`` has 3 influence or more: «Влияние в городах определяется так
    же, как в регионах ... Не имеет значения, каким влиянием обладают в этих городах соперники»."""
    weight = state.data["influence"]
    return sum(1 for families in state.cities.values()
               if sum(weight[kind] * n for kind, n in families.get(seat, {}).items()) >= state.data["strong_city"])
