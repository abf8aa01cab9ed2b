"""Sealed bids: a small auction game that shows a game plugs into the platform by itself.

Nothing outside this package knows it; the tests register it with
``companion.engine.register("sealed_bid", "games.sealed_bid.rules:GAME")``.
"""
