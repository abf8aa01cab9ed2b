"""Whole games played by random legal players: no rule error, the invariants kept after
every command, every log line and board step worded in every language; a game replayed
from its events is the same game."""
from __future__ import annotations


import pytest

from companion.engine import Session, board
from companion.games.little_empires import catalog
from companion.games.little_empires.rules import GAME
from companion.games.little_empires.simulate import play_game
from companion.games.little_empires.text import describe, names_for
from companion.i18n import LANGUAGES, render
from little_empires_table import Table, first_up
from rendered_words import unfilled_board_steps, unfilled_log_lines



@pytest.fixture(scope="module")
def games():
    return [play_game(GAME, players, seed, check=True) for players, seed in
            ((2, 1), (3, 2), (4, 4), (3, 5))]


def test_random_games_end_with_the_invariants_kept(games):
    for session in games:
        assert session.state.result is not None and GAME.decision(session.state) is None
        assert session.state.era == 3


def test_both_modes_every_variant_and_none_are_played(games):
    assert {session.state.referee for session in games} == {True, False}
    assert {v for session in games for v in session.state.variants} == set(catalog.data()["variants"])
    assert any(not session.state.variants for session in games)


def test_a_game_replayed_from_its_events_is_the_same_game(games):
    for session in games:
        again = Session.replay(GAME, session.history)
        assert vars(again.state) == vars(session.state)
        for seat in [None, *session.state.seating]:
            assert GAME.view(again.state, seat) == GAME.view(session.state, seat)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_renders_with_nothing_left_unfilled(games, lang):
    assert unfilled_log_lines(games, describe, lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_step_renders(games, lang):
    session = games[2]
    assert unfilled_board_steps(GAME, session, names_for(session.state, lang)) == []


def test_an_army_moved_is_one_board_step_from_one_province_to_the_other():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 4, "move3")
    table.act("red", moves=[{"src": "orange1", "dst": "orange2", "armies": 2}])
    lines = [line for step in board.steps_of(GAME, table.session.history, table.session.seq)
             for line in step.lines]
    moved = next(line for line in lines if line["key"] == "le.board.moved")
    assert moved["params"] == {"player": "red", "src": "orange1", "dst": "orange2", "armies": 2}
    assert render(moved["key"], moved["params"], names_for(table.state, "ru")) == \
        "Красный: переставьте 2 армии из «Оранжевый, столица» в «Оранжевый 2»."
