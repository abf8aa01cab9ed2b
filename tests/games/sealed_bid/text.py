"""Sealed bids' sentences, its refusals and log lines, in Russian, Czech and English.

The game brings its own catalogue in the platform's shape (``{"messages": {...}}``) and
count syntax (``{coins|монета|монеты|монет}``: one, few, many), so "11 монет" and
"3 монеты" read right. It takes only the list of languages from the platform: a game's
sentences stay the game's own. Seats are shown by their players' names.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from companion.i18n import DEFAULT, LANGUAGES

CATALOGUE = resources.files("games.sealed_bid") / "messages"
SEAT_KEYS = frozenset({"seat", "winner"})
SEATS_KEYS = frozenset({"seats", "winners"})
COUNT = re.compile(r"\{(\w+)\|([^{}]*)\}")


@lru_cache(maxsize=None)
def messages(lang: str) -> Mapping[str, str]:
    """The game's messages in ``lang`` (Russian for a language it does not speak)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    return json.loads((CATALOGUE / f"{lang}.json").read_text(encoding="utf-8"))["messages"]


def plural_form(lang: str, n: int) -> int:
    """Which of the forms one|few|many (en: one|other) a whole count takes in ``lang``."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    if lang == "cs":
        return 0 if n == 1 else 1 if 2 <= n <= 4 else 2
    return 0 if n == 1 else 1


def _form(lang: str, n: Any, forms: str) -> str:
    choices = forms.split("|")
    if not isinstance(n, int) or isinstance(n, bool):
        return choices[-1]
    return choices[min(plural_form(lang, n), len(choices) - 1)]


def _value(key: str, value: Any, names: Mapping[str, str]) -> Any:
    def name(seat: Any) -> str:
        return "—" if seat is None else names.get(seat) or str(seat)
    if key in SEAT_KEYS:
        return name(value)
    if key in SEATS_KEYS:
        return ", ".join(name(seat) for seat in value)
    return value


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, params: Mapping[str, Any], lang: str,
           names: Mapping[str, str] | None = None) -> str:
    """One sentence for ``key`` in ``lang``; English, then the key itself, as fallbacks.
    ``names`` maps seats to the players' names."""
    template = messages(lang).get(key) or messages("en").get(key) or key
    template = COUNT.sub(lambda m: _form(lang, params.get(m.group(1)), m.group(2)), template)
    return template.format_map(_Blank({k: _value(k, v, names or {}) for k, v in params.items()}))
