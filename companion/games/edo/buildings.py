"""«Правила строительства»: ten plots a city filled in build order, one trading post a city
and none in Edo, a fortress for every two houses and only for a player with a house there;
and the influence the buildings give (trading post 2, house 1, fortress 0)."""
from __future__ import annotations

from companion.errors import RuleError
from companion.games.edo.state import EDO, EdoState

KINDS = ("house", "post", "fortress")


def built_by(state: EdoState, seat: str, kind: str) -> int:
    return sum(1 for city in state.cities.values() for b in city
               if b["kind"] == kind and b["owner"] == seat)


def fortresses_built(state: EdoState) -> int:
    return sum(1 for city in state.cities.values() for b in city if b["kind"] == "fortress")


def check(state: EdoState, seat: str, city: str, kind: str) -> None:
    """Refuse a building the rules do not allow on this city's next plot."""
    if kind not in KINDS:
        raise RuleError("edo.unknown_building", building=kind)
    plots = state.cities[city]
    if len(plots) >= state.data["city_plots"]:
        raise RuleError("edo.city_full", province=city, n=state.data["city_plots"])
    if kind == "house" and built_by(state, seat, "house") >= state.printed["edo.pieces.houses"]:
        raise RuleError("edo.no_house_left", player=seat)
    if kind == "post":
        if city == EDO:
            raise RuleError("edo.no_post_in_edo")
        if any(b["kind"] == "post" for b in plots):
            raise RuleError("edo.one_post_a_city", province=city)
        if built_by(state, seat, "post") >= state.data["posts_per_player"]:
            raise RuleError("edo.no_post_left", player=seat)
    if kind == "fortress":
        houses = sum(1 for b in plots if b["kind"] == "house")
        fortresses = sum(1 for b in plots if b["kind"] == "fortress")
        if not any(b["kind"] == "house" and b["owner"] == seat for b in plots):
            raise RuleError("edo.fortress_needs_house", province=city)
        if fortresses + 1 > houses // state.data["houses_per_fortress"]:
            raise RuleError("edo.fortress_per_two_houses", province=city, houses=houses)
        if fortresses_built(state) >= state.printed["edo.pieces.fortresses"]:
            raise RuleError("edo.no_fortress_left")


def influence(state: EdoState, city: str, seat: str) -> int:
    weights = state.data["influence"]
    return sum(weights[b["kind"]] for b in state.cities[city] if b["owner"] == seat)


def ranking(state: EdoState, city: str) -> list[dict[str, int | str]]:
    """The city's builders, most influence first; «В случае ничьей, большим считается
    влияние игрока, построившегося раньше»: his first plot is the earlier (D5)."""
    first: dict[str, int] = {}
    for plot, b in enumerate(state.cities[city], start=1):
        if b["owner"] is not None:
            first.setdefault(b["owner"], plot)
    ranked = sorted(first, key=lambda seat: (-influence(state, city, seat), first[seat]))
    return [{"player": seat, "influence": influence(state, city, seat), "first": first[seat]}
            for seat in ranked]
