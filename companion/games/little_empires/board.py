"""What the players must do with the real pieces after a command: the board steps.

The app keeps the game; the players keep the board. Every event that changes something on
the table (armies, castles, tokens in the cells, resources taken or paid, markers on the
influence and score tracks) becomes one line, grouped by the player whose pieces they are.
A line never says what a face-down token is, nor how much anyone holds behind his screen.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.engine import board
from companion.games.little_empires.state import RESOURCES, LEState, apply

Line = dict[str, Any]

OPPOSITE = {"le.board.take": "le.board.pay", "le.board.pay": "le.board.take",
            "le.board.placed": "le.board.returned", "le.board.returned": "le.board.placed",
            "le.board.token": "le.board.token_back", "le.board.castle": "le.board.castle_back",
            "le.board.influence": "le.board.influence_back", "le.board.vp": "le.board.vp_back",
            "le.board.drew": "le.board.drew_back"}


def _line(key: str, icon: str, colour: str | None, places: list[str], **params: Any) -> Line:
    return {"key": key, "params": params, "icon": icon, "colour": colour, "places": places}


def _army(e: dict[str, Any], after: dict[str, Any] | None) -> tuple[list[tuple[str | None, Line]], bool]:
    """An army event, or a move when the next event puts the same armies elsewhere."""
    who, n = e["player"], e["n"]
    if n < 0 and after is not None and after["type"] == "army" and after["player"] == who \
            and after["n"] == -n:
        return [(who, _line("le.board.moved", "army", who, [e["province"], after["province"]],
                            player=who, src=e["province"], dst=after["province"], armies=-n))], True
    key = "le.board.placed" if n > 0 else "le.board.returned"
    return [(who, _line(key, "army", who, [e["province"]], player=who, province=e["province"],
                        armies=abs(n)))], False


def _lines(e: dict[str, Any]) -> list[tuple[str | None, Line]]:
    kind = e["type"]
    who = e.get("player")
    if kind == "goods":
        return [(who, _line("le.board.take" if e[r] > 0 else "le.board.pay", r, who, [],
                            player=who, resource=r, n=abs(e[r]))) for r in RESOURCES if e.get(r)]
    if kind == "castle":
        return [(who, _line("le.board.castle", "castle", who, [e["province"]], player=who,
                            province=e["province"]))]
    if kind == "placed":
        return [(who, _line("le.board.token", "token", who, [], player=who, cell=e["cell"]))]
    if kind == "revealed":
        return [(who, _line("le.board.turn_up", "token", who, [], player=who, cell=e["cell"],
                            action=e["token"]))]
    if kind == "influence":
        return [(who, _line("le.board.influence", "influence", who, [e["region"]], player=who,
                            region=e["region"], n=e["n"]))]
    if kind == "vp":
        return [(who, _line("le.board.vp", "vp", who, [], player=who, n=e["n"]))]
    if kind == "drawn":
        return [(who, _line("le.board.drew", "card", who, [], player=who))]
    if kind == "mountain_flipped":
        return [(who, _line("le.board.mountain", "mountain", who, [], player=who,
                            mountain=int(e["mountain"]), effect=e["effect"]))]
    if kind == "returned":
        return [(None, _line("le.board.tokens_back", "token", None, []))]
    if kind == "setup":
        lines = [(None, _line("le.board.seed", r, None, [p], province=p, resource=r))
                 for p, r in e["resources"].items()]
        lines += [(None, _line("le.board.shrine", "shrine", None, [p], province=p, shrine=c))
                  for p, c in e["shrines"].items() if c]
        lines += [(None, _line("le.board.mountains", "mountain", None, []))] if e.get("mountains") else []
        lines += [(None, _line("le.board.agenda", "agenda", None, [r], region=r, token=a["token"],
                               side=a["side"])) for r, a in e.get("agenda", {}).items()]
        return lines + [(None, _line("le.board.capitals", "army", None, list(e["armies"]),
                                     armies=next(iter(next(iter(e["armies"].values())).values()))))]
    return []


def board_steps(state: LEState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The groups of lines ``events`` ask for, one group per run of one player's pieces;
    ``state`` is the state before the events and is advanced through them."""
    groups: list[dict[str, Any]] = []
    skip = False
    for i, event in enumerate(events):
        if skip:
            skip = False
            found: list[tuple[str | None, Line]] = []
        elif event["type"] == "army":
            found, skip = _army(event, events[i + 1] if i + 1 < len(events) else None)
        else:
            found = _lines(event)
        board.joined(groups, found)
        apply(state, event)
    return groups


def _undone(line: Line) -> Line:
    back = copy.deepcopy(line)
    params = back["params"]
    if line["key"] == "le.board.moved":
        params["src"], params["dst"] = params["dst"], params["src"]
    else:
        back["key"] = OPPOSITE.get(line["key"], line["key"])
    return back


def undo_steps(done: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return board.reversed_groups(done, _undone)
