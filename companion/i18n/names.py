"""How one game names things for one device: its language, provinces, players, and which
catalogues its messages come from."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.i18n.catalogues import chain, kinds, language, lookup, merged_terms
from companion.i18n.pattern import format_message

GENERAL = 5
"""The count whose form names a colour's cubes in general ("Количество красных",
"Počet červených")."""


class Names:
    """A device's language and one game's names; ``catalogues`` is the game's package, then
    its kits' (``("companion.games.shogun", "companion.kits.tower")``), and the platform's
    catalogue always comes last (alone, for a message no game has said yet)."""

    def __init__(self, lang: str, province: Callable[[str], str] | None = None,
                 players: Mapping[str, str] | None = None,
                 catalogues: Sequence[str] | None = None) -> None:
        self.lang = language(lang)
        self.chain = chain(catalogues or ())
        self.terms: Mapping[str, Any] = merged_terms(self.lang, self.chain)
        self.kinds: Mapping[str, str] = kinds(self.chain)
        self._province = province or (lambda p: p)
        self._players = players or {}

    def message(self, key: str) -> str | None:
        """The chain's wording of ``key`` in this language, else in English, else None."""
        return lookup(key, self.lang, self.chain) or lookup(key, "en", self.chain)

    def province(self, pid: str) -> str:
        return self._province(pid)

    def player(self, colour: str | None) -> str:
        if colour is None:
            return self.terms["nobody"]
        return self._players.get(colour) or self.term("colour", colour)

    def term(self, group: str, value: str) -> str:
        return self.terms.get(group, {}).get(value, value)

    def cubes(self, colour: str, n: int) -> str:
        """The colour's word for ``n`` cubes ("1 красный", "5 красных")."""
        word = self.terms.get("cubes", {}).get(colour)
        return colour if word is None else format_message(word, {"n": n}, self.lang)

