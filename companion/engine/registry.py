"""Games found by name, as python-chess finds its variants: the shell dispatches on this.

The games that ship are listed in ``companion.games.BUILT_IN`` (one line each: a name and
where its ``Game`` object lives), imported only when first asked for. More can be plugged in
without touching the platform: ``TABLE_COMPANION_GAMES="name=package.module:GAME,..."``
in the environment, or ``register`` from code (the tests' own small games do this).
"""
from __future__ import annotations

import importlib
import os

from companion.engine.game import Game
from companion.errors import RuleError

ENV = "TABLE_COMPANION_GAMES"
_extra: dict[str, str] = {}
_loaded: dict[str, Game] = {}


def register(name: str, where: str) -> None:
    """Make ``name`` findable; ``where`` is "package.module:ATTRIBUTE" holding its Game."""
    _extra[name] = where
    _loaded.pop(name, None)


def _places() -> dict[str, str]:
    from companion.games import BUILT_IN
    places = dict(BUILT_IN)
    for item in os.environ.get(ENV, "").split(","):
        name, _, where = item.strip().partition("=")
        if name and where:
            places[name] = where
    places.update(_extra)
    return places


def names() -> tuple[str, ...]:
    """Every game this install can run, built-in ones first."""
    return tuple(_places())


def find_game(name: str) -> Game:
    """The game called ``name``; RuleError("game.unknown") when there is none."""
    game = _loaded.get(name)
    if game is not None:
        return game
    where = _places().get(name)
    if where is None:
        raise RuleError("game.unknown", game=name)
    module, _, attribute = where.partition(":")
    game = getattr(importlib.import_module(module), attribute)
    _loaded[name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game ``register`` added (a test's game, once its tests are done)."""
    _extra.pop(name, None)
    _loaded.pop(name, None)
