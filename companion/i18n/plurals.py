"""Which plural form a count takes in a language, by the CLDR rules Babel ships.

Russian and Czech have more forms than English, and they do not split numbers alike
(Russian 21 takes the form of 1, Czech 21 that of 5), so the rules come from CLDR rather
than from hand-written arithmetic.
"""
from __future__ import annotations

from functools import lru_cache

from babel import Locale

CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: int | float) -> str:
    """The CLDR category of ``n`` in ``lang``: one, few, many or other (also zero, two)."""
    return _locale(lang).plural_form(n)


def categories(lang: str) -> frozenset[str]:
    """The categories ``lang`` uses: a message's plural must have a branch for each."""
    return frozenset(_locale(lang).plural_form.tags | {"other"})
