"""What the players must do with the real pieces after a command: the board steps.

The app keeps the game; the players keep the board. Every event that changes something a
player can touch (armies, province cards, chests, the rice and score markers, buildings,
unrest tokens, the Samurai's valour stacks, the generals and their statues, the Dajokan's
tokens and markers) becomes one line telling the table what to do,
grouped by the player whose pieces they are, so the tablet can show one player's step at a
time. Cubes a card puts into the tray are such a step; throwing cubes into the
tower is left out: the battle screen lists the throw, and the tower itself drops them into
the tray.
"""
from __future__ import annotations

from typing import Any

from companion.games.shogun import tenno_board
from companion.games.shogun.colours import PEASANT
from companion.games.shogun.state import SUPPLY, TOWER, TRAY, ShogunState, apply

Line = dict[str, Any]


def _cube_line(state: ShogunState, e: dict) -> tuple[str | None, Line] | None:
    colour, n, src, dst = e["colour"], e["n"], e["from"], e["to"]
    if e.get("by_hand"):
        return colour, hand_line(colour, n, dst == TRAY, **e["by_hand"])
    if dst == TOWER or (src == TOWER and dst == TRAY):
        return None
    who = None if colour == PEASANT else colour
    params = {"player": who, "n": n}
    if src == SUPPLY and dst not in (TOWER, TRAY):
        key, params["province"] = "board.place", dst
    elif dst == SUPPLY and src == TRAY:
        key = "board.peasants_back" if who is None else "board.tray_to_supply"
    elif dst == SUPPLY:
        key, params["province"] = "board.remove", src
    elif src == TRAY:
        key, params["province"] = "board.tray_to_province", dst
    elif dst == TRAY and src not in (SUPPLY, TOWER):
        key, params["province"] = "board.province_to_tray", src
    elif src == SUPPLY and dst == TRAY:
        key = "board.supply_into_tray"
    elif src not in (SUPPLY, TOWER, TRAY) and dst not in (SUPPLY, TOWER, TRAY):
        key, params["src"], params["dst"] = "board.move", src, dst
    else:
        return None
    return who, {"key": key, "params": params, "icon": "army", "colour": colour}


def hand_line(player: str, n: int, into: bool, cause: str, card: int | None = None) -> Line:
    """The step for cubes a card puts into the tray (``into``) or takes out of it by hand,
    worded like a throw's: "Put 2 blue cubes from your supply into the tray (the Samurai
    bonus)", "Take 2 of your blue cubes out of the tray (an official card)"."""
    return {"key": "board.hand_put_in" if into else "board.hand_take_out", "icon": "army",
            "colour": player, "params": {"player": player, "n": n, "counts": {player: n},
                                         "cause": cause, "card": card}}


def _line(state: ShogunState, e: dict) -> tuple[str | None, Line] | None:
    kind = e["type"]
    if kind == "cubes":
        return _cube_line(state, e)
    if kind == "owner":
        before = state.provinces[e["province"]].owner
        if before == e["player"]:
            return None
        if e["player"] is None:
            return before, {"key": "board.card_back", "icon": "card", "colour": before,
                            "params": {"player": before, "province": e["province"]}}
        return e["player"], {"key": "board.card_from_player" if before else "board.card_taken",
                             "icon": "card", "colour": e["player"],
                             "params": {"player": e["player"], "province": e["province"],
                                        "by": before}}
    if kind in ("chests", "rice", "score"):
        player = state.players[e["player"]]
        total = getattr(player, kind) + e["n"]
        key = {"chests": "board.chests_paid" if e["n"] < 0 else "board.chests_taken",
               "rice": "board.rice", "score": "board.score"}[kind]
        return e["player"], {"key": key, "icon": kind, "colour": e["player"],
                             "params": {"player": e["player"], "n": abs(e["n"]), "total": total,
                                        "up": int(e["n"] > 0)}}
    if kind == "building":
        owner = state.provinces[e["province"]].owner
        return owner, {"key": "board.built" if e["built"] else "board.building_removed",
                       "icon": e["kind"], "colour": owner,
                       "params": {"player": owner, "building": e["kind"], "province": e["province"]}}
    if kind == "valour":
        key = "board.valour_restacked" if e["top"] == 0 else "board.valour_advanced"
        return e["player"], {"key": key, "icon": "valour", "colour": e["player"],
                             "params": {"player": e["player"], "top": e["top"] + 1,
                                        "was": state.valour[e["player"]] + 1}}
    if kind in ("general", "statue", "trophy"):
        return _general_line(e)
    if kind in tenno_board.KINDS:
        return tenno_board.line(state, e)
    if kind in DAJOKAN:
        return _dajokan_line(state, e)
    if kind == "unrest":
        owner = state.provinces[e["province"]].owner
        return owner, {"key": "board.unrest_added" if e["n"] > 0 else "board.unrest_removed",
                       "icon": "unrest", "colour": owner,
                       "params": {"player": owner, "n": abs(e["n"]), "province": e["province"]}}
    return None


def _general_line(e: dict) -> tuple[str | None, Line]:
    """The general figure placed, moved or taken off; a statue put down or taken as a trophy."""
    player = e["player"]
    if e["type"] == "trophy":
        return player, {"key": "board.statue_captured", "icon": "statue", "colour": player,
                        "params": {"player": player, "owner": e["owner"],
                                   "province": e["province"]}}
    if e["type"] == "statue":
        return player, {"key": "board.statue_placed" if e["placed"] else "board.statue_removed",
                        "icon": "statue", "colour": player,
                        "params": {"player": player, "province": e["province"]}}
    if e["origin"] is None:
        key, params = "board.general_placed", {"province": e["province"]}
    elif e["province"] is None:
        key, params = "board.general_removed", {"province": e["origin"]}
    else:
        key, params = "board.general_moved", {"src": e["origin"], "dst": e["province"]}
    return player, {"key": key, "icon": "general", "colour": player,
                    "params": {"player": player, **params}}


DAJOKAN = frozenset({"dajokan_regions", "dajokan_drawn", "dajokan_claim", "dajokan_flipped"})


def _dajokan_line(state: ShogunState, e: dict) -> tuple[str | None, Line]:
    """The Dajokan board: region tokens laid or the leftmost moved to the end, tokens drawn
    onto their cells or turned face down (the table's), a token exchanged for a marker (its
    player's)."""
    kind = e["type"]
    if kind == "dajokan_claim":
        row, column = e["cell"].split("-")
        return e["player"], {"key": "board.dajokan_claimed", "icon": "ministry", "colour": e["player"],
                             "params": {"player": e["player"], "row": int(row), "column": int(column)}}
    if kind == "dajokan_regions":
        if state.dajokan_regions:
            return None, {"key": "board.dajokan_rotated", "icon": "region", "colour": None,
                          "params": {"player": None, "region": state.dajokan_regions[0]}}
        return None, {"key": "board.dajokan_regions_laid", "icon": "region", "colour": None,
                      "params": {"player": None, "regions": list(e["order"])}}
    key = "board.dajokan_drawn" if kind == "dajokan_drawn" else "board.dajokan_flipped"
    return None, {"key": key, "icon": "ministry", "colour": None,
                  "params": {"player": None, "cells": ", ".join(e["cells"])}}


def board_steps(state: ShogunState, events: list[dict]) -> list[dict[str, Any]]:
    """The steps ``events`` ask of the players, one group a player (in the order each first
    has something to do; the peasants' and the table's are the table's, ``player`` None).
    ``state`` is the state before the events and is advanced through them."""
    groups: dict[str | None, list[Line]] = {}
    for e in events:
        found = _line(state, e)
        if found is not None:
            who, line = found
            line["places"] = [line["params"][k] for k in ("src", "dst", "province") if line["params"].get(k)]
            groups.setdefault(who, []).append(line)
        apply(state, e)
    return [{"player": who, "lines": _joined(lines)} for who, lines in groups.items()]


def _joined(lines: list[Line]) -> list[Line]:
    """A province card taken and armies placed there at once (the set-up, the draft) read as
    one line: "Suruga: take the card, place 5 armies"."""
    out: list[Line] = []
    for line in lines:
        before = out[-1] if out else None
        if (before is not None and before["key"] == "board.card_taken" and line["key"] == "board.place"
                and before["params"]["province"] == line["params"]["province"]):
            out[-1] = {**line, "key": "board.card_and_armies"}
        else:
            out.append(line)
    return out


_OPPOSITE = {
    "board.place": "board.remove", "board.remove": "board.place",
    "board.tray_to_province": "board.province_to_tray", "board.province_to_tray": "board.tray_to_province",
    "board.tray_to_supply": "board.supply_to_tray", "board.supply_to_tray": "board.tray_to_supply",
    "board.supply_into_tray": "board.tray_to_supply",
    "board.hand_put_in": "board.hand_take_out", "board.hand_take_out": "board.hand_put_in",
    "board.valour_advanced": "board.valour_top", "board.valour_restacked": "board.valour_top",
    "board.valour_top": "board.valour_top",
    "board.peasants_back": "board.peasants_to_tray", "board.peasants_to_tray": "board.peasants_back",
    "board.card_taken": "board.card_back", "board.card_back": "board.card_taken",
    "board.chests_paid": "board.chests_taken", "board.chests_taken": "board.chests_paid",
    "board.built": "board.building_removed", "board.building_removed": "board.built",
    "board.unrest_added": "board.unrest_removed", "board.unrest_removed": "board.unrest_added",
    "board.card_and_armies": "board.armies_and_card_back", "board.armies_and_card_back": "board.card_and_armies",
    "board.move": "board.move", "board.card_from_player": "board.card_from_player",
    "board.rice": "board.rice", "board.score": "board.score",
    "board.general_placed": "board.general_removed", "board.general_removed": "board.general_placed",
    "board.general_moved": "board.general_moved",
    "board.statue_placed": "board.statue_removed", "board.statue_removed": "board.statue_placed",
    "board.statue_captured": "board.statue_returned", "board.statue_returned": "board.statue_captured",
    **tenno_board.OPPOSITE,
    "board.dajokan_regions_laid": "board.dajokan_regions_laid",
    "board.dajokan_rotated": "board.dajokan_unrotated", "board.dajokan_unrotated": "board.dajokan_rotated",
    "board.dajokan_drawn": "board.dajokan_to_bag", "board.dajokan_to_bag": "board.dajokan_drawn",
    "board.dajokan_claimed": "board.dajokan_unclaimed", "board.dajokan_unclaimed": "board.dajokan_claimed",
    "board.dajokan_flipped": "board.dajokan_unflipped", "board.dajokan_unflipped": "board.dajokan_flipped",
}


def _undone(line: Line) -> Line:
    p = dict(line["params"])
    key = line["key"]
    if key in ("board.move", "board.general_moved"):
        p["src"], p["dst"] = p["dst"], p["src"]
    elif key == "board.card_from_player":
        p["player"], p["by"] = p["by"], p["player"]
    elif key.startswith("board.valour_"):
        p["top"], p["was"] = p["was"], p["top"]
    elif key in ("board.rice", "board.score"):
        p["total"] = p["total"] - p["n"] if p["up"] else p["total"] + p["n"]
        p["up"] = 1 - p["up"]
    colour = p["player"] if key == "board.card_from_player" else line["colour"]
    return {**line, "key": _OPPOSITE[key], "params": p, "colour": colour}


def undo_steps(done: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps that put the board back as it was before the steps in ``done`` (the host
    undid a command whose steps the table had already carried out): each line's opposite,
    the last first."""
    return [{"player": group["player"], "lines": [_undone(line) for line in reversed(group["lines"])]}
            for group in reversed(done)]
