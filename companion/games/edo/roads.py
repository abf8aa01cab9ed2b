"""The board's roads, told once per install for each side of the board: «Игрок обязан
заплатить 1 Рё в запас за каждый переход самурая». The rulebook names no road, so the table
taps each place's neighbours one step away (one form a place, D31). What it taps is kept for
the install as printed values: how many roads leave the place (a row of the install's page)
and each road, a pair of places ("road"; "none" for one a later form took back). A place is
known while its count matches its roads; once every place of the side is, a move costs the
fewest steps between its places (D32); until then the player enters the steps he counted (D3)."""
from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any, Iterable, Mapping

from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.edo.commands import Roads, RoadsLater
from companion.games.edo.play import Play
from companion.games.edo.state import EDO, EdoState

KIND = "roads"
ROAD, NONE = "road", "none"
KINDS = (EDO, "city", "forest", "quarry", "field", "post")
"""The kinds of place in the order the app lists them: Edo, then each kind numbered from 1."""


def _order(place: str) -> tuple[int, int]:
    kind = place.rstrip("0123456789")
    number = place[len(kind):]
    return KINDS.index(kind), int(number) if number else 0


@cache
def key(side: str, a: str, b: str) -> str:
    """The printed key of the road between two places, the same whichever end tells it (asked
    for every pair of places each time a move is priced, so kept once made)."""
    first, second = sorted((a, b), key=_order)
    return f"edo.road.{side}.{first}.{second}"


def count_key(side: str, place: str) -> str:
    """The printed key of how many roads leave ``place``."""
    return f"edo.roads.{side}.{place}"


def questions(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The roads the data file's largest board could have, as printed questions: for each
    side, how many leave each place its count questions allow (on the install's page), and
    each pair of those places (tapped in the game, not listed)."""
    declared = data["roads"]
    most = {entry["key"]: entry["range"][1] for entry in data["printed"]
            if entry["key"].startswith("edo.map.")}
    found = []
    for side in data["sides"]:
        places = [EDO] + [f"{kind}{n}" for kind in KINDS[1:]
                          for n in range(1, most[f"edo.map.{side}.{kind}"] + 1)]
        found += [{"key": count_key(side, place), "group": declared["group"][side],
                   "label": declared["count_label"], "params": {"side": side, "province": place},
                   "range": [0, len(places) - 1]} for place in places]
        found += [{"key": key(side, a, b), "group": declared["group"][side], "label": declared["label"],
                   "params": {"side": side, "src": a, "dst": b}, "choices": list(declared["choices"]),
                   "listed": False}
                  for i, a in enumerate(places) for b in places[i + 1:]]
    return found


def neighbours(state: EdoState, place: str) -> list[str] | None:
    """The places one step from ``place``, or None while its roads are not told (or a later
    form took one back, so that its count no longer matches)."""
    found = [other for other in state.locations if other != place
             and state.printed.get(key(state.side, place, other)) == ROAD]
    return found if state.printed.get(count_key(state.side, place)) == len(found) else None


def told(state: EdoState) -> list[tuple[str, str]]:
    """Every road told so far, each once, in the app's order of places."""
    places = list(state.locations)
    return [(a, b) for i, a in enumerate(places) for b in places[i + 1:]
            if state.printed.get(key(state.side, a, b)) == ROAD]


def untold(state: EdoState) -> list[str]:
    """The places whose roads the install does not know yet, in the app's order."""
    return [place for place in state.locations if neighbours(state, place) is None]


def network(state: EdoState) -> dict[str, list[str]] | None:
    """Every place's neighbours, once the whole side is told; else None."""
    found = {place: neighbours(state, place) for place in state.locations}
    return None if any(n is None for n in found.values()) else found


def path(roads: Mapping[str, list[str]], src: str, dst: str) -> list[str] | None:
    """The fewest steps from ``src`` to ``dst`` (both ends included), or None if no road
    leads there; of equally short ways, the one through the places listed first."""
    came: dict[str, str | None] = {src: None}
    queue = deque([src])
    while queue:
        at = queue.popleft()
        if at == dst:
            way = [at]
            while came[way[-1]] is not None:
                way.append(came[way[-1]])
            return way[::-1]
        for nxt in roads[at]:
            if nxt not in came:
                came[nxt] = at
                queue.append(nxt)
    return None


def steps(roads: Mapping[str, list[str]], sources: Iterable[str]) -> dict[str, dict[str, int]]:
    """From each of ``sources``, the fewest steps to every place a road leads to."""
    found = {}
    for src in dict.fromkeys(sources):
        found[src] = {dst: len(way) - 1 for dst in roads
                      if dst != src and (way := path(roads, src, dst)) is not None}
    return found


def ask(play: Play) -> bool:
    """True once the side's roads are known or the table chose to count steps itself this
    game; else await the next untold place's form."""
    s = play.state
    left = untold(s)
    if not left or s.roads_later:
        return True
    ticked = [other for other in s.locations if other != left[0]
              and s.printed.get(key(s.side, left[0], other)) == ROAD]
    play.pending(KIND, place=left[0], ticked=ticked, told=len(s.locations) - len(left),
                 of=len(s.locations))
    return False


def tell(play: Play, cmd: Roads) -> None:
    """The places one step from the asked place, as the table tapped them: their count, each
    road, and "none" for a road another place's form had told that this one takes back."""
    s = play.state
    pending = s.pending
    if pending is None or pending["kind"] != KIND:
        raise RuleError("edo.not_now")
    if cmd.place != pending["place"]:
        raise RuleError("edo.roads_of_other_place", province=pending["place"])
    for other in cmd.neighbours:
        if other not in s.locations:
            raise RuleError("edo.unknown_location", province=other)
        if other == cmd.place:
            raise RuleError("edo.road_to_itself", province=other)
    chosen = set(cmd.neighbours)
    values: dict[str, Any] = {count_key(s.side, cmd.place): len(chosen)}
    for other in s.locations:
        road = key(s.side, cmd.place, other)
        if other in chosen:
            values[road] = ROAD
        elif s.printed.get(road) == ROAD:
            values[road] = NONE
    play.pending(None)
    play.event(EVENT, values=values)
    play.note("edo.roads_told", province=cmd.place, n=len(chosen))


def later(play: Play, cmd: RoadsLater) -> None:
    """This game the players count the steps on the board; the next game asks again."""
    pending = play.state.pending
    if pending is None or pending["kind"] != KIND:
        raise RuleError("edo.not_now")
    play.pending(None)
    play.event("roads_later")
    play.note("edo.roads_later")
