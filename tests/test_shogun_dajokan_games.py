"""Whole games with the Dajokan: the random players finish them with every cube, ministry
token and marker accounted for, alone or beside the Samurai and the Generals; a saved game
replays to the same views; every log line reads in each language; the command line plays
them."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import find_game
from companion.games.shogun import dajokan
from companion.games.shogun.simulate import play_game
from log_lines import assert_every_line_reads
from replaying import played_and_reopened, view_digests

GAME = find_game("shogun")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_players_finish_dajokan_games_with_every_token_and_marker_accounted_for(players):
    """``check=True``: cubes, ministry tokens (bag, cells, out of the game under a marker)
    and markers (15 a player) after every command."""
    for seed in range(4):
        state = play_game(players, 700 + seed, expansions=("dajokan",), check=True).session.state
        assert state.phase == "over"
        assert dajokan.bag(state) == [] and "up" not in state.dajokan_cells.values()


def test_random_players_finish_games_with_the_samurai_the_generals_and_the_dajokan():
    for seed in range(4):
        state = play_game(5, 800 + seed, expansions=("samurai", "generals", "dajokan"),
                          check=True).session.state
        assert state.phase == "over"
        assert any(n["key"] == "dajokan.claimed" for n in state.log)


def test_a_saved_dajokan_game_replays_to_the_same_views(tmp_path: Path):
    played, reopened = played_and_reopened(tmp_path / "games.sqlite3", "recommended", ("dajokan",))
    assert any(n["key"] == "dajokan.claimed" for n in played.state.log)
    assert reopened.history == played.history
    assert view_digests(GAME, reopened.history) == view_digests(GAME, played.history)


def test_every_dajokan_log_line_reads_in_each_language():
    states = [play_game(p, 50 + p, expansions=("dajokan",)).session.state for p in (3, 4, 5)]
    keys = {n["key"] for s in states for n in s.log if n["key"].startswith("dajokan.")}
    assert {"dajokan.set_up", "dajokan.regions_laid", "dajokan.drawn", "dajokan.led",
            "dajokan.claimed", "dajokan.passed", "dajokan.flipped", "dajokan.rotated",
            "dajokan.line", "dajokan.scored"} <= keys
    assert_every_line_reads(states, "dajokan.")


def test_every_dajokan_step_is_worded_and_has_its_picture():
    """The table's instructions for the Dajokan board read in Russian and Czech and each has
    its icon drawn by the game's stylesheet."""
    import re

    from companion.engine.board import pending
    from companion.i18n import sentence

    session = GAME.simulate(4, 9, expansions=("dajokan",))
    lines = [line for s in pending(GAME, session.history, (1, 0)) for line in s.lines
             if line["key"].startswith("board.dajokan")]
    assert {line["key"] for line in lines} == {
        "board.dajokan_regions_laid", "board.dajokan_drawn", "board.dajokan_claimed",
        "board.dajokan_flipped", "board.dajokan_rotated"}
    for lang in ("ru", "cs"):
        for line in lines:
            assert "board." not in sentence(line, GAME.names(session.state, lang))
    css = (Path(__file__).resolve().parents[1] / "companion/games/shogun/web/static/game.css").read_text("utf-8")
    drawn = set(re.findall(r"\.steplines \.i-([a-z]+) \.icon \{ background-image", css))
    assert {line["icon"] for line in lines} <= drawn
