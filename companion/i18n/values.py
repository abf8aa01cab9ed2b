"""Parameters shown by their local names, so the table reads "Кодзукэ не граничит с Мино" on
one device and "Kozuke is not next to Mino" on another.

A parameter's name says what it holds, unless its game's catalogue declares it
(``params.json``, see ``catalogues``): ``province``, ``src`` and ``dst`` are provinces (and
``region`` a region, named by the board as they are),
``player`` and its kin are colours, ``action`` and its kin are terms of the catalogue, and a
few more hold lists, counts by colour or a throw's parts.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.i18n.names import GENERAL, Names
from companion.i18n.pattern import format_message

PROVINCE_KEYS = {"province", "src", "dst", "region"}
PLAYER_KEYS = {"player", "seat", "attacker", "defender", "by", "winner", "waiting", "owner"}
TERM_KEYS = {"action": "action", "building": "building", "card": "special",
             "season": "season", "event": "event", "source": "source"}


def shown(key: str, value: Any, names: Names, params: Mapping[str, Any]) -> str:
    """The parameter ``key`` as the sentence shows it on this device."""
    declared = names.kinds.get(key)
    if declared is not None and (value is None or isinstance(value, str)):
        if declared == "player":
            return names.player(value)
        if value is not None:
            return names.province(value) if declared == "province" else names.term(declared, value)
    if key in PROVINCE_KEYS and isinstance(value, str):
        return names.province(value)
    if key in PLAYER_KEYS and (value is None or isinstance(value, str)):
        return names.player(value)
    if key in TERM_KEYS and isinstance(value, str):
        return names.term(TERM_KEYS[key], value)
    if key == "reason" and isinstance(value, str) and value in names.terms.get("reason", {}):
        return format_message(names.term("reason", value), params, names.lang,
                              lambda k, v: shown(k, v, names, params))
    listed = _listed(key, value, names)
    return str(value) if listed is None else listed


def _listed(key: str, value: Any, names: Names) -> str | None:
    if key == "parts":
        return _parts(value, names)
    if key in ("counts", "inside"):
        return _counts(value, names)
    if key in ("provinces", "face_up", "regions"):
        return ", ".join(names.province(p) for p in value)
    if key in ("players", "seats", "order", "winners"):
        return ", ".join(names.player(p) for p in value)
    if key == "actions":
        return ", ".join(names.term("action", a) for a in value)
    if key == "events":
        return ", ".join(names.term("event", e) for e in value)
    if key == "bids":
        return ", ".join(f"{names.player(p)} {_bid(b, names)}" for p, b in value.items())
    if key == "why":
        return "".join(f" ({names.term('why', w)})" for w in value)
    if key == "colour":
        return names.cubes(value, GENERAL)
    if key == "cube":
        return names.cubes(value, 1)
    if key == "colours":
        return ", ".join(names.cubes(c, GENERAL) for c in value)
    if key in ("numbers", "groups"):
        return ", ".join(str(n) for n in value)
    return None


def _parts(parts: list[Mapping[str, Any]], names: Names) -> str:
    out = []
    for p in parts:
        where = p["from"]
        place = names.terms["from"].get(where) or \
            names.terms["from"]["province"].format(province=names.province(where))
        out.append(f"{p['n']} {names.cubes(p['colour'], p['n'])} {place}")
    return ", ".join(out)


def _counts(counts: Mapping[str, int], names: Names) -> str:
    """Cubes by colour ("2 красных, 1 зелёный"); no cube at all is the word for nothing."""
    listed = [f"{n} {names.cubes(c, n)}" for c, n in counts.items() if n]
    return ", ".join(listed) if listed else names.terms["nothing"]


def _bid(bid: Mapping[str, Any] | None, names: Names) -> str:
    if bid is None:
        return "—"
    if "province" in bid:
        return names.province(bid["province"])
    return str(bid["chests"])
