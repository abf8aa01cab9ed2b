"""Whole games with the Generals (alone and with the Samurai): recorded with their data,
replayed identically, played to the end by the random players and the command line with
every cube and statue accounted for, and every log line readable in each language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import Session, find_game
from companion.engine.board import pending
from companion.games.shogun.generals import statues_left
from companion.games.shogun.simulate import play_game
from log_lines import assert_every_line_reads
from replaying import played_and_reopened, view_digests

GAME = find_game("shogun")


def test_the_create_command_records_the_generals_data():
    """The improved actions are recorded with the game, as printed on the reference card."""
    create = {"type": "create", "seed": 3, "setup": "recommended",
              "players": [{"colour": c} for c in ("red", "blue", "yellow")],
              "expansions": ["generals"]}
    recorded = Session.create(GAME, create).history[0][0]["config"]["expansions"]
    assert list(recorded) == ["generals"]
    assert recorded["generals"]["statues_per_player"] == 6
    assert recorded["generals"]["improved"]["recruit5"] == {
        "cost": 3, "armies": 6,
        "quote": "Игрок платит 3 сундука и размещает 6 армий из личного запаса в выбранной "
                 "провинции вместо 5 армий."}


def test_a_saved_generals_game_replays_to_the_same_views(tmp_path: Path):
    played, reopened = played_and_reopened(tmp_path / "games.sqlite3", "draft", ("generals",))
    assert any(n["key"] == "generals.moved" for n in played.state.log)
    assert reopened.history == played.history
    assert view_digests(GAME, reopened.history) == view_digests(GAME, played.history)


@pytest.mark.parametrize("expansions", [("generals",), ("samurai", "generals")],
                         ids=["generals", "samurai+generals"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_players_finish_generals_games_with_cubes_and_statues_accounted_for(players,
                                                                                  expansions):
    """``check=True``: cubes conserved, every general in a province of its player, statues
    between none and six left, after every command."""
    for seed in range(4):
        for setup in ("draft", "recommended"):
            state = play_game(players, 700 + seed, setup, expansions=expansions,
                              check=True).session.state
            assert state.phase == "over"
            assert all(0 <= statues_left(state, c) <= 6 for c in state.seating)


def test_every_generals_log_line_reads_in_each_language():
    states = [play_game(p, 40 + p, setup, expansions=("generals",)).session.state
              for p in (3, 4, 5) for setup in ("draft", "recommended")]
    keys = {n["key"] for s in states for n in s.log if n["key"].startswith("generals.")}
    assert {"generals.placed", "generals.moved", "generals.fled", "generals.improved",
            "generals.scored", "generals.set_up"} <= keys
    assert_every_line_reads(states, "generals.")


def test_every_generals_step_has_its_picture():
    """The general and the statues are drawn by the game's stylesheet, not by an emoji."""
    css = (Path(__file__).resolve().parents[1]
           / "companion/games/shogun/web/static/game.css").read_text(encoding="utf-8")
    session = GAME.simulate(4, 7, expansions=("generals",))
    icons = {line["icon"] for s in pending(GAME, session.history, (1, 0)) for line in s.lines}
    drawn = set(re.findall(r'\.steplines \.i-([a-z]+) \.icon \{ background-image: url\("data:image/svg\+xml,', css))
    assert {"general", "statue"} <= icons <= drawn | {"army"}
