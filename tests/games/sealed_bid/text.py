"""Sealed bids' sentences, its refusals and log lines, in Russian, Czech and English: its own
catalogue (``messages/``) on the platform's renderer, seats shown by their players' names."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from companion.i18n import DEFAULT, LANGUAGES, Names, render as render_message

CATALOGUES = ("games.sealed_bid",)


def names(lang: str, players: Mapping[str, str] | None = None) -> Names:
    """The game's words for one device; ``players`` maps seats to the players' names."""
    return Names(lang, players=players, catalogues=CATALOGUES)


@lru_cache(maxsize=None)
def messages(lang: str) -> Mapping[str, str]:
    """The game's messages in ``lang`` (Russian for a language it does not speak)."""
    if lang not in LANGUAGES:
        lang = DEFAULT
    path = resources.files("games.sealed_bid") / "messages" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))["messages"]


def render(key: str, params: Mapping[str, Any], lang: str,
           players: Mapping[str, str] | None = None) -> str:
    """One sentence for ``key`` in ``lang``."""
    return render_message(key, params, names(lang, players))
