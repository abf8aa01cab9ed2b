"""What the players must do with the real pieces after a command: the board steps.

The app keeps the game; the players keep the board. Every event that changes something on
the table (the assignment cards, boyars and coins in the chambers, seals, coins and goods,
the score and favour markers, warriors, buildings, cards) becomes one line, grouped by the
family whose pieces they are; the table's own (the cards under the chambers) have none.
A project's kind in hand is no step: it is a secret.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.engine import board
from companion.games.ivan.state import IvanState, apply

Line = dict[str, Any]

OPPOSITE = {
    "ivan.board.take_coins": "ivan.board.pay_coins", "ivan.board.pay_coins": "ivan.board.take_coins",
    "ivan.board.take_good": "ivan.board.pay_good", "ivan.board.pay_good": "ivan.board.take_good",
    "ivan.board.placed": "ivan.board.placed_back", "ivan.board.left": "ivan.board.left_back",
    "ivan.board.seal": "ivan.board.seal_back", "ivan.board.vp": "ivan.board.vp_back",
    "ivan.board.token": "ivan.board.token_back", "ivan.board.favour": "ivan.board.favour_back",
    "ivan.board.warrior": "ivan.board.warrior_back", "ivan.board.wild": "ivan.board.wild_back",
    "ivan.board.trophy": "ivan.board.trophy_back", "ivan.board.building": "ivan.board.building_back",
    "ivan.board.estate": "ivan.board.estate_back", "ivan.board.title": "ivan.board.title_back",
    "ivan.board.completed": "ivan.board.completed_back", "ivan.board.deal": "ivan.board.deal_back",
    "ivan.board.to_city": "ivan.board.to_city_back", "ivan.board.sixth": "ivan.board.sixth_back",
    "ivan.board.prepare": "ivan.board.prepare_back",
}


def _line(key: str, icon: str, colour: str | None, **params: Any) -> Line:
    return {"key": key, "params": params, "icon": icon, "colour": colour, "places": []}


def _pieces(who: str, e: dict[str, Any]) -> list[tuple[str | None, Line]]:
    found = []
    if e.get("wild", 0) > 0:
        found.append(_line("ivan.board.wild", "warrior", who, player=who, n=e["wild"]))
    elif e.get("warriors", 0) < 0:
        found.append(_line("ivan.board.warrior", "warrior", who, player=who, n=-e["warriors"]))
    if e.get("trophies", 0) > 0:
        found.append(_line("ivan.board.trophy", "trophy", who, player=who, n=e["trophies"]))
    if e.get("buildings", 0) < 0:
        found.append(_line("ivan.board.building", "building", who, player=who))
    return [(who, line) for line in found]


def _lines(state: IvanState, e: dict[str, Any]) -> list[tuple[str | None, Line]]:
    kind, who = e["type"], e.get("player")
    if kind == "deal":
        lines = [(None, _line("ivan.board.prepare", "boyar", None))] if state.decade else []
        lines += [(None, _line("ivan.board.deal", "card", None, card=card, action=chamber,
                               hue=state.printed.get(f"ivan.assignment.{card}") or "unknown"))
                  for chamber, card in e["cards"].items()]
        return lines + [(None, _line("ivan.board.sixth", "card", None))]
    if kind == "placed":
        return [(who, _line("ivan.board.placed", "boyar", who, player=who, action=e["chamber"], n=e["coins"]))]
    if kind == "left":
        lines = [(who, _line("ivan.board.left", "boyar", who, player=who, action=e["chamber"]))]
        if e["sealed"]:
            lines.append((who, _line("ivan.board.seal", "seal", who, player=who, action=e["chamber"])))
        return lines
    if kind == "coins":
        key = "ivan.board.take_coins" if e["n"] > 0 else "ivan.board.pay_coins"
        return [(who, _line(key, "coin", who, player=who, n=abs(e["n"])))]
    if kind == "goods":
        return [(who, _line("ivan.board.take_good" if n > 0 else "ivan.board.pay_good", "good", who,
                            player=who, resource=good, n=abs(n))) for good, n in e["goods"].items()]
    if kind == "vp":
        return [(who, _line("ivan.board.vp", "score", who, player=who, n=e["n"],
                            total=state.players[who].vp + e["n"]))]
    if kind == "token":
        return [(who, _line("ivan.board.token", "favour", who, player=who, n=e["at"]))]
    if kind == "favour":
        return [(None, _line("ivan.board.favour", "favour", None, order=e["order"], players=list(state.favour)))]
    if kind == "pieces":
        return [] if state.influence_mode == "map" and not e.get("wild") else _pieces(who, e)
    if kind == "city":
        key = "ivan.board.city_put" if e["n"] > 0 else "ivan.board.city_take"
        return [(who, _line(key, e["piece"], who, player=who, dst=e["city"], piece=e["piece"]))]
    if kind == "cards":
        return [(who, _line(f"ivan.board.{card[:-1]}", "card", who, player=who))
                for card in ("titles", "estates") if e.get(card)]
    if kind == "completed":
        return [(who, _line("ivan.board.completed", "project", who, player=who, kind=e["kind"]))]
    if kind == "note" and e["key"] == "ivan.boyar_to_city":
        card = e["params"]["card"]
        hue = state.printed.get(f"ivan.assignment.{card}") or "unknown"
        return [(e["params"]["player"], _line("ivan.board.to_city", "boyar", e["params"]["player"],
                                              player=e["params"]["player"], card=card, hue=hue))]
    return []


def board_steps(state: IvanState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return board.grouped(state, events, _lines, apply)


def _undone(line: Line) -> Line:
    back = copy.deepcopy(line)
    back["key"] = OPPOSITE.get(line["key"], line["key"])
    return back


def undo_steps(done: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return board.reversed_groups(done, _undone)
