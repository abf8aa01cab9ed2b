"""The map's regions and places, from the board data: a region is never called by a player's
colour (the red player read "Tamba · Red" as his own province), its tint stays apart from
the players' colours, and every province is drawn inside the board, also in a game saved
before the board data gave the map a size."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from companion.games.shogun.catalog import board_from_dict, load_catalog
from companion.games.shogun.colours import CUBE_COLOURS, PLAYER_COLOURS
from companion.games.shogun.text import names_of
from companion.games.shogun.web.map import drawing

ROOT = Path(__file__).resolve().parents[1]
GAME_CSS = ROOT / "companion/games/shogun/web/static/game.css"
APP_CSS = ROOT / "web/static/app.css"


def css_colours(path: Path, prefix: str) -> dict[str, tuple[int, int, int]]:
    found = re.findall(rf"--{prefix}([a-z]+):\s*#([0-9a-fA-F]{{6}})", path.read_text())
    return {name: tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) for name, h in found}


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_no_region_is_named_like_a_cube_colour(lang: str) -> None:
    board = load_catalog().board
    names = names_of(board, {}, lang)
    stems = {names.term("colour", c).split()[0][:4].lower() for c in CUBE_COLOURS}
    for region in board.regions:
        name = board.region_names[region].get(lang)
        assert name, (region, lang)
        words = re.findall(r"\w+", name.lower())
        assert not any(w.startswith(stem) for w in words for stem in stems), name


def test_region_tints_are_paler_than_and_apart_from_every_player_colour() -> None:
    tints = css_colours(GAME_CSS, "r-")
    players = {c: rgb for c, rgb in css_colours(APP_CSS, "").items() if c in PLAYER_COLOURS}
    assert set(tints) == set(load_catalog().board.regions)
    assert set(players) == set(PLAYER_COLOURS)

    def light(rgb: tuple[int, int, int]) -> float:
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    for region, tint in tints.items():
        for colour, rgb in players.items():
            assert light(tint) > light(rgb) + 25, (region, colour)
            assert sum((a - b) ** 2 for a, b in zip(tint, rgb)) ** 0.5 > 80, (region, colour)


def test_every_province_is_drawn_inside_the_board() -> None:
    made = drawing(load_catalog().board)
    assert len(made.nodes) == 45
    for node in made.nodes:
        assert 0 < node.x < made.width and 0 < node.y < made.height, node.id


def test_a_game_saved_before_the_map_had_a_size_is_drawn_inside_the_board() -> None:
    document = copy.deepcopy(dict(load_catalog().board.raw))
    del document["map_size"]
    for province in document["provinces"]:
        province["map_xy"] = [province["map_xy"][0], province["map_xy"][1] * 0.3]
    made = drawing(board_from_dict(document))
    ys = [n.y for n in made.nodes]
    assert all(0 < n.x < made.width and 0 < n.y < made.height for n in made.nodes)
    assert max(ys) - min(ys) > made.height / 2
