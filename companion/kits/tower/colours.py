"""The cube colours the tower kit knows by name; a game says which of them its cubes have.

The kit itself counts whatever colours it is given. A name still has to mean something to
the devices that see the cubes: the camera names the colours it learns from its calibration
photo by their likeness to rough reference appearances, and the screens word each name in
the players' language (``terms.colour`` and ``terms.cubes`` in the kit's messages). So a
game picks its cubes' colours from this palette:

>>> cube_colours(["red", "blue", "green"])
('red', 'blue', 'green')
>>> cube_colours(["red", "teal"])
Traceback (most recent call last):
...
ValueError: the tower kit knows no cube colour 'teal' (it knows red, blue, yellow, purple, black, green, white, orange)
"""
from __future__ import annotations

import argparse
from typing import Iterable, Mapping

PALETTE: Mapping[str, tuple[int, int, int]] = {
    "red": (200, 45, 40),
    "blue": (40, 80, 180),
    "yellow": (230, 200, 45),
    "purple": (115, 55, 145),
    "black": (40, 40, 45),
    "green": (60, 150, 60),
    "white": (225, 225, 220),
    "orange": (235, 120, 35),
}
"""Each colour name and what a painted wooden cube of it looks like, roughly, in sRGB under
white light. Only the best match of a whole set of names to the colours a camera sees
matters, so these are priors, not thresholds."""

TOOLS_DEFAULT: tuple[str, ...] = ("red", "blue", "yellow", "purple", "black", "green")
"""The colours the command-line tools (``python -m vision``, ``python -m sensor``) take when
not told any (``--colours``): a cube tower's usual six. In the app, each game names its own."""

OPTION_HELP = f"the cubes' colours, comma-separated, from {','.join(PALETTE)} (default {','.join(TOOLS_DEFAULT)})"
"""The command-line tools' words for their ``--colours`` option."""


def cube_colours(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` as a game's cube colours, in its order; refuses a name the palette lacks, a
    repeated name, and fewer than two colours (one colour needs no telling apart)."""
    colours = tuple(names)
    for name in colours:
        if name not in PALETTE:
            raise ValueError(f"the tower kit knows no cube colour {name!r} (it knows {', '.join(PALETTE)})")
    if len(set(colours)) != len(colours):
        raise ValueError(f"a cube colour is named twice in {', '.join(colours)}")
    if len(colours) < 2:
        raise ValueError("a tower needs at least two cube colours")
    return colours


def colours_argument(text: str) -> tuple[str, ...]:
    """Colours given on a command line, comma-separated (``red,blue,green``), as argparse's
    ``type=``: a name the palette lacks is argparse's error, with the names it has."""
    try:
        return cube_colours(name.strip() for name in text.split(",") if name.strip())
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
