"""Дополнение №4 «Дадзёкан»: the ministry tokens, the region leaders' claims, the line scores.

Rulebook: «В начале каждого раунда ... Вытяните из мешка 6 случайных жетонов ведомств и
положите их в соответствующие ячейки на планшете Дадзёкана.» «Следуя порядку, в котором
лежат жетоны регионов, для каждого из них определите, кто из игроков контролирует больше
провинций в этом регионе ... Этот игрок может обменять 1 из жетонов ведомств, лежащих на
планшете Дадзёкана лицевой стороной вверх, на свой маркер игрока.» The draw and the leader
are the game's to settle; the claim is the leader's decision ("no claim" included).

The board's grid and the points printed at each row and column are not in the text, so
they are asked from the table (``printed``) before the first draw. Each token belongs to
its own cell, so a token is named by its cell ("2-5": row 2, column 5) and the bag is every
cell whose token has not been drawn yet.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.errors import RuleError
from companion.games.shogun import generals, printed
from companion.games.shogun.commands import ClaimMinistry
from companion.games.shogun.play import Play
from companion.games.shogun.state import FACE_DOWN, FACE_UP, ShogunState

NONE = "none"
"""The claim command's cell when the leader takes nothing."""


def playing(state: ShogunState) -> bool:
    return "dajokan" in state.expansions


def _data(state: ShogunState) -> Mapping[str, Any]:
    return state.expansions["dajokan"]


def cell(row: int, column: int) -> str:
    return f"{row}-{column}"


def where(name: str) -> tuple[int, int]:
    """The row and column of a cell's name."""
    row, column = name.split("-")
    return int(row), int(column)


def shape(state: ShogunState) -> tuple[int, int] | None:
    """Rows and columns of the table's board, once it has said how many rows it has: one
    cell a token, so the columns follow."""
    rows = printed.value(state, "dajokan.rows")
    if rows is None:
        return None
    return rows, _data(state)["tokens"] // rows


def line_values(state: ShogunState) -> dict[str, list[int | None]]:
    """The points printed at each row and each column (None: not known yet)."""
    found = shape(state)
    if found is None:
        return {"row": [], "column": []}
    rows, columns = found
    return {"row": [printed.value(state, f"dajokan.row.{n}") for n in range(1, rows + 1)],
            "column": [printed.value(state, f"dajokan.column.{n}") for n in range(1, columns + 1)]}


def unknown(state: ShogunState) -> list[str]:
    """The printed values of the board the game does not know yet, asked on one screen: the
    rows first (the lines follow from them), then every row's and column's points."""
    found = shape(state)
    if found is None:
        return ["dajokan.rows"]
    rows, columns = found
    return printed.missing(state, [f"dajokan.row.{n}" for n in range(1, rows + 1)] +
                           [f"dajokan.column.{n}" for n in range(1, columns + 1)])


def bag(state: ShogunState) -> list[str]:
    """The cells whose tokens are still in the bag: every token drawn stays on its cell,
    face up, face down or under the marker that replaced it."""
    rows, columns = shape(state) or (0, 0)
    return [cell(r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)
            if cell(r, c) not in state.dajokan_cells]


def face_up(state: ShogunState) -> list[str]:
    return sorted((c for c, held in state.dajokan_cells.items() if held == FACE_UP), key=where)


def markers_left(state: ShogunState, player: str) -> int:
    placed = sum(1 for held in state.dajokan_cells.values() if held == player)
    return _data(state)["markers_per_player"] - placed


def set_up(play: Play) -> None:
    """«Перемешайте жетоны регионов лицевой стороной вниз, а затем положите их в ряд лицевой
    стороной вверх»: the board's five regions in a random order, recorded."""
    if not playing(play.state):
        return
    order = list(play.board.regions)
    play.rng.shuffle(order)
    play.event("dajokan_regions", order=order)
    play.note("dajokan.regions_laid", regions=order)


def ready_for_round(play: Play) -> bool:
    """Before the round's first card: the board's printed values asked, one at a time (False
    while the table is asked, before anything else happens), then the six tokens drawn."""
    s = play.state
    if not playing(s):
        return True
    questions = unknown(s)
    if questions:
        printed.ask(play, *questions)
        return False
    drawn = sorted(play.rng.sample(bag(s), min(_data(s)["per_round"], len(bag(s)))), key=where)
    play.event("dajokan_drawn", cells=drawn)
    play.note("dajokan.drawn", cells=", ".join(drawn), n=len(drawn), left=len(bag(s)))
    return True


def after_round(state: ShogunState) -> str:
    """The end of an action round: the Dajokan's claims first, then the Generals' moves
    (or the next season)."""
    return "dajokan_claims" if playing(state) else generals.after_round(state)


def claims(play: Play) -> None:
    """Each region in the region tokens' order, up to a leader's claim; then the tokens left
    face up turn face down and the leftmost region token goes to the end."""
    s = play.state
    if s.dajokan_queue is None:
        play.event("dajokan_queue", queue=list(s.dajokan_regions))
    while s.dajokan_queue:
        region, rest = s.dajokan_queue[0], s.dajokan_queue[1:]
        play.event("dajokan_queue", queue=rest)
        if _ask(play, region):
            return
    play.event("dajokan_queue", queue=None)
    _close(play)
    play.phase(generals.after_round(s))


def leader(state: ShogunState, region: str) -> tuple[str | None, int, list[str]]:
    """«кто из игроков контролирует больше провинций в этом регионе. В случае ничьей
    преимущество достаётся игроку, которой ходил раньше согласно очередности хода»: the
    leader, his count, and the players level with him who came later in this round's turn
    order. No leader when every province of the region is neutral."""
    counts = {p: sum(1 for q in state.owned(p) if state.board.provinces[q].region == region)
              for p in state.turn_order}
    most = max(counts.values(), default=0)
    if most == 0:
        return None, 0, []
    level = [p for p in state.turn_order if counts[p] == most]
    return level[0], most, level[1:]


def _ask(play: Play, region: str) -> bool:
    """One region: True when its leader's claim is awaited."""
    s = play.state
    player, most, level = leader(s, region)
    if player is None:
        play.note("dajokan.region_neutral", region=region)
        return False
    play.note("dajokan.led", region=region, player=player, n=most, players=level,
              ties=len(level))
    if markers_left(s, player) < 1:
        play.note("dajokan.no_markers", player=player)
        return False
    cells = face_up(s)
    if not cells:
        play.note("dajokan.nothing_to_claim", player=player)
        return False
    play.pending("dajokan", player=player, region=region, cells=cells)
    return True


def choose(play: Play, cmd: ClaimMinistry) -> None:
    """The leader's claim: one face-up token for a marker (the token leaves the game), or
    none; a cell not offered is refused."""
    pending = play.expect("dajokan", cmd.player)
    if cmd.cell != NONE and cmd.cell not in pending["cells"]:
        raise RuleError("dajokan.not_offered", cell=cmd.cell)
    play.pending(None)
    if cmd.cell == NONE:
        play.note("dajokan.passed", player=cmd.player, region=pending["region"])
        return
    row, column = where(cmd.cell)
    play.event("dajokan_claim", player=cmd.player, cell=cmd.cell)
    play.note("dajokan.claimed", player=cmd.player, region=pending["region"], row=row,
              column=column, left=markers_left(play.state, cmd.player))


def _close(play: Play) -> None:
    """«переверните оставшиеся на планшете жетоны ведомств лицевой стороной вниз. Самый
    левый жетон региона переместите в конец ряда.»"""
    s = play.state
    up = face_up(s)
    if up:
        play.event("dajokan_flipped", cells=up)
        play.note("dajokan.flipped", n=len(up), cells=", ".join(up))
    order = list(s.dajokan_regions)
    play.event("dajokan_regions", order=order[1:] + order[:1])
    play.note("dajokan.rotated", region=order[0], regions=order[1:] + order[:1])


def line_scores(cells: Mapping[str, str], values: Mapping[str, Sequence[int]],
                players: Sequence[str], penalty: int) -> list[dict[str, Any]]:
    """«игроки получают ПО за каждый ряд и столбец на планшете Дадзёкана, в котором их
    маркеров больше, чем маркеров соперников ... В случае равного количества маркеров в
    ряду или столбце, игроки получают на 1 ПО меньше». The face-down tokens are the
    neutral player's markers: he competes but never scores (ruling D4). Each line with
    every count, who scores and how much."""
    lines = []
    for kind, printed_values in values.items():
        for n, value in enumerate(printed_values, start=1):
            here = [held for name, held in cells.items() if where(name)[kind == "column"] == n]
            counts = {p: here.count(p) for p in players}
            neutral = here.count(FACE_DOWN)
            most = max([neutral, *counts.values()])
            leaders = [p for p in players if counts[p] == most and most > 0]
            tied = len(leaders) + (neutral == most) > 1
            points = max(value - penalty, 0) if tied else value
            outcome = "empty" if most == 0 else "neutral" if not leaders else \
                "alone" if not tied else "tied" if len(leaders) > 1 else "level"
            lines.append({"line": kind, "n": n, "value": value, "counts": counts,
                          "neutral": neutral, "most": most, "players": leaders,
                          "points": points if leaders else 0, "outcome": outcome})
    return lines


def terms_of(lines: Sequence[Mapping[str, Any]], players: Sequence[str]) -> dict[str, list[int]]:
    """Each player's points line by line, rows then columns: a tied "1" line scores 0 and is
    still one of his terms, as in the rulebook's «= 5 ОП (3 + 0 + 2)»."""
    terms: dict[str, list[int]] = {p: [] for p in players}
    for line in lines:
        for p in line["players"]:
            terms[p].append(line["points"])
    return terms


def final_scores(state: ShogunState) -> tuple[list[dict[str, Any]], dict[str, list[int]]]:
    """The lines as they score now, and each player's terms."""
    lines = line_scores(state.dajokan_cells, line_values(state), state.seating,
                        _data(state)["tie_penalty"])
    return lines, terms_of(lines, state.seating)


def score(play: Play) -> None:
    """At the game's end, after the last winter: each line explained, then each player's sum."""
    if not playing(play.state):
        return
    lines, terms = final_scores(play.state)
    for line in lines:
        play.note("dajokan.line", **{k: v for k, v in line.items() if k != "counts"},
                  markers={p: n for p, n in line["counts"].items() if n})
    for player, points in terms.items():
        if sum(points):
            play.event("score", player=player, n=sum(points))
        play.note("dajokan.scored", player=player, total=sum(points),
                  terms=" + ".join(str(p) for p in points) or "0")


def view(state: ShogunState) -> dict[str, Any]:
    """The Dajokan board as the table sees it: its shape and printed points (once known),
    every cell's token or marker, the region tokens' order, each player's markers left."""
    if not playing(state):
        return {}
    rows, columns = shape(state) or (0, 0)
    return {"dajokan": {"rows": rows, "columns": columns, "values": line_values(state),
                        "cells": dict(state.dajokan_cells), "regions": list(state.dajokan_regions),
                        "bag": len(bag(state)),
                        "markers_left": {p: markers_left(state, p) for p in state.seating}}}
