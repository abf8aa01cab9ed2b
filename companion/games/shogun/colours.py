"""Shogun's cube colours: one per player, and the peasants' green (the rulebook's green
cubes, "the neutral armies of rebel peasants"). The tower kit counts them; the rules say who owns which."""
from __future__ import annotations

from companion.kits.tower.colours import cube_colours

PLAYER_COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "purple", "black")
PEASANT = "green"
CUBE_COLOURS: tuple[str, ...] = cube_colours(PLAYER_COLOURS + (PEASANT,))
