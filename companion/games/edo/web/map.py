"""A schematic of Edo's board, drawn from the locations the table entered: Edo in the middle,
the other cities and the resource locations in a ring round it, the border posts along the
edge. The printed map's routes and distances are not in the rulebook, so the schematic draws
none: it places the pieces, it does not price a move."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

WIDTH, HEIGHT = 1000, 560
RING = ("city", "forest", "quarry", "field")
SIZE = {"edo": (240, 132), "city": (186, 112), "forest": (136, 80), "quarry": (136, 80),
        "field": (136, 80), "post": (104, 60)}
"""Each kind's box (width, height): a city holds its ten plots, a border post a samurai or two."""


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    x: float
    y: float
    w: int
    h: int

    @property
    def left(self) -> float:
        return self.x - self.w / 2

    @property
    def top(self) -> float:
        return self.y - self.h / 2


def _ring(ids: list[str]) -> list[tuple[str, float, float]]:
    """Evenly round an ellipse about the middle, the first at the top."""
    n = max(len(ids), 1)
    rx, ry = WIDTH * 0.33, HEIGHT * 0.33
    return [(loc, WIDTH / 2 + rx * math.sin(2 * math.pi * i / n),
             HEIGHT / 2 - ry * math.cos(2 * math.pi * i / n)) for i, loc in enumerate(ids)]


def _edge(ids: list[str]) -> list[tuple[str, float, float]]:
    """Along the left and right edges, top to bottom, alternately: the border posts."""
    w, h = SIZE["post"]
    left, right = ids[0::2], ids[1::2]
    placed = []
    for column, x in ((left, w / 2 + 4), (right, WIDTH - w / 2 - 4)):
        gap = (HEIGHT - h) / max(len(column) - 1, 1)
        placed += [(loc, x, h / 2 + i * gap if len(column) > 1 else HEIGHT / 2)
                   for i, loc in enumerate(column)]
    return placed


def layout(locations: Mapping[str, str]) -> list[Node]:
    """Every location's box, cities and resources interleaved so no kind bunches up."""
    by_kind = {kind: [loc for loc, k in locations.items() if k == kind] for kind in RING}
    ring: list[str] = []
    while any(by_kind.values()):
        for kind in RING:
            if by_kind[kind]:
                ring.append(by_kind[kind].pop(0))
    placed = [(loc, WIDTH / 2, HEIGHT / 2) for loc, k in locations.items() if k == "edo"]
    placed += _ring(ring)
    placed += _edge([loc for loc, k in locations.items() if k == "post"])
    return [Node(loc, locations[loc], round(x, 1), round(y, 1), *SIZE[locations[loc]])
            for loc, x, y in placed]


def samurai_at(players: list[dict[str, Any]]) -> dict[str, list[tuple[str, str]]]:
    """Each location's samurai as (colour, figure), in seating order."""
    found: dict[str, list[tuple[str, str]]] = {}
    for p in players:
        for figure, at in p["samurai"].items():
            found.setdefault(at, []).append((p["seat"], figure))
    return found
