"""Replaying a stored game as a later release would: the views it shows after every command."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from companion.engine import EventStore, Session, find_game
from companion.games.shogun.simulate import play_game

SHOGUN = find_game("shogun")


def view_digests(game: Any, history: list[list[dict]]) -> list[str]:
    """After every command, one digest of every viewer's view (the table's and each seat's)."""
    state, digests = game.new_state(), []
    for events in history:
        for event in events:
            game.apply(state, event)
        views = [game.view(state, seat) for seat in [None, *game.seats(state)]]
        text = json.dumps(views, sort_keys=True, ensure_ascii=False)
        digests.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return digests


def played_and_reopened(db: Path, setup: str, expansions: tuple[str, ...]) -> tuple[Any, Any]:
    """A random three-player Shogun game played into a store at ``db``, and the same game
    opened again from the file, as after a restart."""
    store = EventStore(db)
    played = play_game(3, 7, setup, session_factory=lambda c: Session.create(SHOGUN, c, store),
                       expansions=expansions).session
    return played, Session(SHOGUN, store, played.game_id)
