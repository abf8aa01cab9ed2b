"""The web app's own words (buttons, headings, its refusals) in ru, cs and en, and the
device's language: the one chosen on the device (a cookie), else the browser's, else Russian.

The game's words (provinces, actions, log lines, the engine's refusals) come from
``companion.i18n``; these files hold only what the screens add around them, in the same
ICU MessageFormat (``{n, plural, one {# армия} few {# армии} many {# армий} other {# армии}}``).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from flask import Request

from companion.i18n import DEFAULT, LANGUAGES, Names, format_message, render

HERE = Path(__file__).parent / "translations"
COOKIE = "lang"


@lru_cache(maxsize=None)
def words(lang: str) -> Mapping[str, str]:
    return json.loads((HERE / f"{lang}.json").read_text(encoding="utf-8"))


def language(request: Request) -> str:
    """The device's language: the one chosen on it (its cookie), else the best of the
    browser's languages we speak (a Czech phone opens in Czech), else Russian (the rulebooks'
    language)."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


class Words:
    """``t("key", n=3)``: a UI string in one language, English and then the key as fallbacks."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return format_message(self.text(key), params, self.lang)

    def text(self, key: str) -> str:
        return words(self.lang).get(key) or words("en").get(key) or key

    def js(self) -> dict[str, str]:
        """The few strings the pages' scripts show by themselves."""
        return {k[3:]: self(k) for k in words("en") if k.startswith("js.")}


def refusal(key: str, params: Mapping[str, Any], names: Names) -> str:
    """A refusal in the device's language: the web app's own keys first, then the engine's."""
    own = words(names.lang).get(key) or words("en").get(key)
    if own is not None:
        return format_message(own, params, names.lang,
                              lambda k, v: names.player(v) if k == "player" else str(v))
    return render(key, params, names)
