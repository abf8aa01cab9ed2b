"""Games kept by the tests: each proves that a game plugs in by its own package alone."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from companion.engine import register, unregister


@contextmanager
def sealed_bid_registered() -> Iterator[None]:
    """Sealed bids findable by name while the block runs, as an install that lists it would
    have it (``TABLE_COMPANION_GAMES=sealed_bid=games.sealed_bid.rules:GAME``)."""
    register("sealed_bid", "games.sealed_bid.rules:GAME")
    try:
        yield
    finally:
        unregister("sealed_bid")
