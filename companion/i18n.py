"""Messages in the players' languages: Russian first, then Czech and English.

Refusals and log lines travel as a key and parameters; this module turns them into a
sentence for one device. Parameters that name a province, a player, an action, a building
or a colour are shown by their local names, so the table reads "Кодзукэ не граничит с
Мино" on one device and "Kozuke is not next to Mino" on another.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Mapping

LANGUAGES = ("ru", "cs", "en")
DEFAULT = "ru"

PROVINCE_KEYS = {"province", "src", "dst"}
PLAYER_KEYS = {"player", "attacker", "defender", "by", "winner", "waiting"}
TERM_KEYS = {"action": "action", "building": "building", "card": "special",
             "season": "season", "event": "event", "source": "source"}


@lru_cache(maxsize=None)
def catalog(lang: str) -> Mapping[str, Any]:
    if lang not in LANGUAGES:
        lang = DEFAULT
    path = resources.files("companion") / "messages" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


class Names:
    """How one game names its provinces and players for one language."""

    def __init__(self, lang: str, province: Callable[[str], str] | None = None,
                 players: Mapping[str, str] | None = None):
        self.lang = lang
        self.terms = catalog(lang)["terms"]
        self._province = province or (lambda p: p)
        self._players = players or {}

    def province(self, pid: str) -> str:
        return self._province(pid)

    def player(self, colour: str | None) -> str:
        if colour is None:
            return self.terms["nobody"]
        return self._players.get(colour) or self.terms["colour"].get(colour, colour)

    def term(self, group: str, value: str) -> str:
        return self.terms[group].get(value, value)

    def cubes(self, colour: str, n: int) -> str:
        """The colour's word for ``n`` cubes ("1 красный", "5 красных")."""
        return _pick(self.lang, n, self.term("cubes", colour))


PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def plural_form(lang: str, n: int) -> int:
    """Which of the forms one|few|many (en: one|other) a count takes, by the language's rule."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    if lang == "cs":
        return 0 if n == 1 else 1 if 2 <= n <= 4 else 2
    return 0 if n == 1 else 1


def _pick(lang: str, n: Any, forms: str) -> str:
    choices = forms.split("|")
    if not isinstance(n, int):
        return choices[-1]
    return choices[min(plural_form(lang, n), len(choices) - 1)]


def _parts(parts: list[Mapping[str, Any]], names: Names) -> str:
    out = []
    for p in parts:
        where = p["from"]
        place = names.terms["from"].get(where) or \
            names.terms["from"]["province"].format(province=names.province(where))
        out.append(f"{p['n']} {names.cubes(p['colour'], p['n'])} {place}")
    return ", ".join(out)


def _counts(counts: Mapping[str, int], names: Names) -> str:
    shown = [f"{n} {names.cubes(c, n)}" for c, n in counts.items() if n]
    return ", ".join(shown) if shown else "0"


def _value(key: str, value: Any, names: Names) -> Any:
    if key in PROVINCE_KEYS and isinstance(value, str):
        return names.province(value)
    if key in PLAYER_KEYS and (value is None or isinstance(value, str)):
        return names.player(value)
    if key in TERM_KEYS and isinstance(value, str):
        return names.term(TERM_KEYS[key], value)
    if key == "parts":
        return _parts(value, names)
    if key in ("counts", "inside"):
        return _counts(value, names)
    if key in ("provinces", "face_up"):
        return ", ".join(names.province(p) for p in value)
    if key in ("players", "order", "winners"):
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
        return names.cubes(value, 5)
    if key == "cube":
        return names.cubes(value, 1)
    if key == "colours":
        return ", ".join(names.cubes(c, 5) for c in value)
    if key == "numbers":
        return ", ".join(str(n) for n in value)
    return value


def _bid(bid: Mapping[str, Any] | None, names: Names) -> str:
    if bid is None:
        return "—"
    if "province" in bid:
        return names.province(bid["province"])
    return str(bid["chests"])


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, params: Mapping[str, Any], names: Names) -> str:
    """One sentence for ``key`` in the names' language; English, then the key, as fallbacks."""
    messages = catalog(names.lang)["messages"]
    template = messages.get(key) or catalog("en")["messages"].get(key) or key
    template = PLURAL.sub(lambda m: _pick(names.lang, params.get(m.group(1)), m.group(2)), template)
    values = _Blank({k: _value(k, v, names) for k, v in params.items()})
    if key == "action.skipped":
        reason = names.term("reason", params.get("reason", ""))
        values["reason"] = reason.format_map(values)
    elif "reason" in params and isinstance(params["reason"], str) and \
            params["reason"] in names.terms["reason"]:
        values["reason"] = names.term("reason", params["reason"])
    return template.format_map(values)


def english(key: str, params: Mapping[str, Any]) -> str:
    """The English sentence, for logs and the command line."""
    return render(key, params, Names("en"))
