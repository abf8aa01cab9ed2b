"""Where messages live: one catalogue per owner, looked up along a game's chain.

An owner is a Python package with a ``messages/`` folder beside its modules holding
``ru.json``, ``cs.json`` and ``en.json``, each ``{"terms": {...}, "messages": {...}}``.
The platform (this package) owns the engine's and the shell's refusals; a kit owns what its
hardware says; a game owns its rules' sentences. A game's chain lists its own package, then
its kits; the platform closes every chain. Keys are looked up along the chain, so two games
may both say ``battle.declared`` and each is shown its own sentence.

Beside them an owner may keep ``params.json``: what a parameter of its sentences holds, where
its name alone does not say it (``{"victim": "player", "chamber": "action"}``: a player, a
province, or a group of its terms), so a game names its parameters as its rulebook does.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable, Mapping

LANGUAGES = ("ru", "cs", "en")
DEFAULT = "ru"
PLATFORM = "companion.i18n"
EMPTY: Mapping[str, Any] = {"terms": {}, "messages": {}}


def language(lang: str) -> str:
    """One of LANGUAGES: a language the app does not speak reads as the default."""
    return lang if lang in LANGUAGES else DEFAULT


@lru_cache(maxsize=None)
def catalog(lang: str, owner: str = PLATFORM) -> Mapping[str, Any]:
    """One owner's catalogue in one language (the platform's by default); empty when the
    owner has none for it."""
    path = resources.files(owner) / "messages" / f"{language(lang)}.json"
    if not path.is_file():
        return EMPTY
    data = json.loads(path.read_text(encoding="utf-8"))
    return {"terms": data.get("terms", {}), "messages": data.get("messages", {})}


def chain(owners: Iterable[str]) -> tuple[str, ...]:
    """The owners in lookup order, most specific first, the platform last."""
    return tuple(dict.fromkeys([*owners, PLATFORM]))


def lookup(key: str, lang: str, owners: tuple[str, ...]) -> str | None:
    """The first owner's wording of ``key`` in ``lang`` along the chain, or None."""
    for owner in owners:
        found = catalog(lang, owner)["messages"].get(key)
        if found is not None:
            return found
    return None


@lru_cache(maxsize=None)
def kinds(owners: tuple[str, ...]) -> Mapping[str, str]:
    """What each parameter the chain's owners declare holds; a more specific owner wins."""
    merged: dict[str, str] = {}
    for owner in reversed(owners):
        path = resources.files(owner) / "messages" / "params.json"
        if path.is_file():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


@lru_cache(maxsize=None)
def merged_terms(lang: str, owners: tuple[str, ...]) -> Mapping[str, Any]:
    """The chain's terms merged group by group; a more specific owner's word wins."""
    merged: dict[str, Any] = {}
    for owner in reversed(owners):
        for group, words in catalog(lang, owner)["terms"].items():
            if isinstance(words, dict):
                merged[group] = {**merged.get(group, {}), **words}
            else:
                merged[group] = words
    return merged
