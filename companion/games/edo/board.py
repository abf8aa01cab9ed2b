"""What the players must do with the real pieces after a command: the board steps.

The app keeps the game; the players keep the board. Every event that changes something on
the table (samurai, the merchant, buildings, ryo and resources, the power markers, shogun's
officials, special cards) becomes one line, grouped by the player whose pieces they are.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.engine import board
from companion.games.edo.state import GOODS, EdoState, apply

Line = dict[str, Any]

OPPOSITE = {"edo.board.take": "edo.board.pay", "edo.board.pay": "edo.board.take",
            "edo.board.built": "edo.board.unbuilt", "edo.board.power": "edo.board.power_back",
            "edo.board.hired": "edo.board.unhired", "edo.board.special": "edo.board.unspecial"}


def _line(key: str, icon: str, colour: str | None, places: list[str], **params: Any) -> Line:
    return {"key": key, "params": params, "icon": icon, "colour": colour, "places": places}


def _moved(key: str, icon: str, colour: str | None, way: list[str], **params: Any) -> Line:
    """A figure moved along ``way``: the places between are said when the roads gave them."""
    if len(way) > 2:
        return _line(key + "_via", icon, colour, way, src=way[0], dst=way[-1],
                     provinces=way[1:-1], **params)
    return _line(key, icon, colour, way, src=way[0], dst=way[-1], **params)


def _lines(state: EdoState, e: dict[str, Any]) -> list[tuple[str | None, Line]]:
    kind = e["type"]
    who = e.get("player")
    if kind == "goods":
        return [(who, _line("edo.board.take" if e[good] > 0 else "edo.board.pay", good, who, [],
                            player=who, resource=good, n=abs(e[good])))
                for good in GOODS if e.get(good)]
    if kind == "figure":
        before = state.players[who].figures[e["figure"]]
        if e["at"] is None:
            return [(who, _line("edo.board.home", "samurai", who, [before], player=who, src=before))]
        if before is None:
            return [(who, _line("edo.board.placed", "samurai", who, [e["at"]], player=who, dst=e["at"]))]
        return [(who, _moved("edo.board.moved", "samurai", who, e.get("way") or [before, e["at"]],
                             player=who))]
    if kind == "merchant":
        return [(who, _moved("edo.board.merchant", "merchant", None,
                             e.get("way") or [state.merchant_at, e["merchant_at"]]))]
    if kind == "built":
        by = e["by"]
        return [(by, _line("edo.board.built", e["building"], by, [e["city"]], player=by,
                           building=e["building"], province=e["city"],
                           plot=len(state.cities[e["city"]]) + 1))]
    if kind == "power":
        return [(who, _line("edo.board.power", "power", who, [], player=who, n=e["n"]))]
    if kind == "hired":
        return [(who, _line("edo.board.hired", "official", who, [], player=who))]
    if kind == "special":
        return [(who, _line("edo.board.special", "card", who, [], player=who, card=e["card"]))]
    return []


def board_steps(state: EdoState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return board.grouped(state, events, _lines, apply)


def _undone(line: Line) -> Line:
    back = copy.deepcopy(line)
    params = back["params"]
    if line["key"] in ("edo.board.moved", "edo.board.merchant", "edo.board.moved_via",
                       "edo.board.merchant_via"):
        params["src"], params["dst"] = params["dst"], params["src"]
        if "provinces" in params:
            params["provinces"] = params["provinces"][::-1]
        back["places"] = line["places"][::-1]
    elif line["key"] == "edo.board.placed":
        back["key"], params["src"] = "edo.board.home", params.pop("dst")
    elif line["key"] == "edo.board.home":
        back["key"], params["dst"] = "edo.board.placed", params.pop("src")
    else:
        back["key"] = OPPOSITE.get(line["key"], line["key"])
    return back


def undo_steps(done: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return board.reversed_groups(done, _undone)
