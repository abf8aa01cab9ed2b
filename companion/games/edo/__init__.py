"""Edo (Queen Games, 2011): daimyo build houses, trading posts and fortresses in and around
Edo; each round every player secretly plans three actions and assigns officials to them.

The rulebook (a Russian translation) states the round, the actions and their limits; the
building costs, the yields, the cards and the map are printed on the components only, so
the game asks the table for them (``companion.engine.printed``) or lets it enter outcomes.
"""

RULES_VERSION = 1
