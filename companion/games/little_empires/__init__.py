"""Little Empires: Samurai (Archona Games, 2019; Crowd Games' Russian edition): daimyo
recruit, move and fight over four regions of Japan with order tokens placed face down and
carried out in map order; three eras of two rounds.

The rulebook states the flow, the actions and the scoring; the board (its order cells,
quick actions, resource and shrine provinces, region bonuses, the significance table) and
the token mix are printed only, so the game asks the table for them
(``companion.engine.printed``) or, in referee mode, lets it enter the outcomes instead.
"""

RULES_VERSION = 1
