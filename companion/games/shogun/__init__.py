"""Shogun (the base game), plugged into the platform as ``companion.games.shogun.rules:GAME``."""

# Raised when events mean something an older release cannot fold: a game saved by a newer
# release is then refused by an older one instead of being shown wrongly. 2: the "bonus"
# offer (a special card's "may") and a defended province left owned with no armies.
# 3: expansions chosen at creation (the Samurai's valour stacks).
# 4: the Generals' events (a general placed or moved, statues, trophies).
RULES_VERSION = 4
