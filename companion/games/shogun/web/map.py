"""The board's drawing: where each province sits, which borders and sea routes join them, and
the patch of ground each province tints with its region's colour, all from the board data.

Positions are the board file's ``map_xy`` (fractions of its ``map_size``), laid out there so
that every name has room; nothing here moves a province. A province's patch is the part of
the drawing nearer to it than to any other province, cut to a disc round it, so a region
reads as one tinted area as on the printed board while the player's colour stays on the
province's own disc.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from companion.games.shogun.catalog import Board, load_catalog

PATCH_RADIUS = 78.0
PATCH_SIDES = 24


@dataclass(frozen=True)
class Node:
    id: str
    x: float
    y: float
    in_play: bool
    region: str
    patch: str


@dataclass(frozen=True)
class Drawing:
    width: float
    height: float
    nodes: tuple[Node, ...]
    borders: tuple[tuple[str, str], ...]
    sea_routes: tuple[tuple[str, str], ...]

    def at(self) -> dict[str, Node]:
        return {n.id: n for n in self.nodes}


_DRAWINGS: dict[int, tuple[Board, Drawing]] = {}


def drawing(board: Board) -> Drawing:
    """The board's drawing (kept per board: a game's board never changes)."""
    cached = _DRAWINGS.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    width, height, points = _positions(board)
    in_play = set(board.in_play(5))
    nodes = tuple(Node(p.id, *points[p.id], p.id in in_play, p.region,
                       _patch(points[p.id], [xy for q, xy in points.items() if q != p.id],
                              width, height))
                  for p in board.provinces.values())
    sea = {tuple(sorted(route)) for route in board.raw.get("sea_routes", [])}
    every = {tuple(sorted((a, b))) for a, ns in board.neighbours.items() for b in ns}
    made = Drawing(width, height, nodes, tuple(sorted(every - sea)), tuple(sorted(sea)))
    if len(_DRAWINGS) > 16:
        _DRAWINGS.clear()
    _DRAWINGS[id(board)] = (board, made)
    return made


def _positions(board: Board) -> tuple[float, float, dict[str, tuple[float, float]]]:
    """Each province's point in the drawing. A board recorded before the data had a map size
    (a game saved by an older version) is spread over its side's packaged drawing."""
    size = board.raw.get("map_size")
    if size is not None:
        width, height = size
        return width, height, {p.id: (p.map_xy[0] * width, p.map_xy[1] * height)
                               for p in board.provinces.values()}
    width, height = load_catalog(board.side).board.raw["map_size"]
    xs = [p.map_xy[0] for p in board.provinces.values()]
    ys = [p.map_xy[1] for p in board.provinces.values()]
    margin = 0.08

    def spread(v: float, lo: float, hi: float, extent: float) -> float:
        share = (v - lo) / (hi - lo) if hi > lo else 0.5
        return extent * (margin + (1 - 2 * margin) * share)
    return width, height, {p.id: (spread(p.map_xy[0], min(xs), max(xs), width),
                                  spread(p.map_xy[1], min(ys), max(ys), height))
                           for p in board.provinces.values()}


def _patch(centre: tuple[float, float], others: list[tuple[float, float]],
           width: float, height: float) -> str:
    """The province's patch as SVG polygon points: a disc round it, cut by the half-way line
    to every other province and by the drawing's edge."""
    cx, cy = centre
    polygon = [(cx + PATCH_RADIUS * math.cos(2 * math.pi * i / PATCH_SIDES),
                cy + PATCH_RADIUS * math.sin(2 * math.pi * i / PATCH_SIDES))
               for i in range(PATCH_SIDES)]
    for ox, oy in others:
        if math.hypot(ox - cx, oy - cy) < 2 * PATCH_RADIUS:
            mx, my = (cx + ox) / 2, (cy + oy) / 2
            polygon = _keep(polygon, lambda x, y, mx=mx, my=my, ox=ox, oy=oy:
                            (x - mx) * (ox - cx) + (y - my) * (oy - cy))
    for edge in (lambda x, y: -x, lambda x, y: x - width, lambda x, y: -y,
                 lambda x, y: y - height):
        polygon = _keep(polygon, edge)
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in polygon)


def _keep(polygon: list[tuple[float, float]],
          side: Callable[[float, float], float]) -> list[tuple[float, float]]:
    """The part of a convex polygon where ``side(x, y) <= 0`` (Sutherland-Hodgman)."""
    kept: list[tuple[float, float]] = []
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        s1, s2 = side(x1, y1), side(x2, y2)
        if s1 <= 0:
            kept.append((x1, y1))
        if (s1 < 0 < s2) or (s2 < 0 < s1):
            t = s1 / (s1 - s2)
            kept.append((x1 + t * (x2 - x1), y1 + t * (y2 - y1)))
    return kept
