"""Whole games of Edo played by random legal players: no rule error, the invariants kept
after every command, every log line and board step worded in every language; and the
board steps the table carries out."""
from __future__ import annotations


import pytest

from companion.engine import board
from companion.games.edo.rules import GAME
from companion.games.edo.simulate import play_game
from companion.games.edo.text import describe, names_for
from companion.i18n import LANGUAGES, render
from edo_table import Table
from rendered_words import unfilled_board_steps, unfilled_log_lines



@pytest.fixture(scope="module")
def games():
    return [play_game(GAME, players, seed, check=True) for players, seed in
            ((2, 1), (3, 2), (4, 3), (3, 4), (4, 5), (2, 6))]


def test_random_games_end_with_the_invariants_kept(games):
    for session in games:
        assert session.state.result is not None
        assert GAME.decision(session.state) is None


def test_both_modes_are_played(games):
    assert {session.state.referee for session in games} == {True, False}


def test_trades_are_priced_by_a_merchant_card_told_and_entered_in_referee_mode(games):
    """The random players trade both ways: by the current card's offers once the table has
    told them, and as entered in referee mode, where no merchant card is ever asked."""
    traded = {mode: sum(note["key"] == "edo.traded" for session in games
                        if session.state.referee is mode for note in session.state.log)
              for mode in (True, False)}
    told = [k for session in games if not session.state.referee for k in session.state.printed
            if k.startswith("edo.merchant")]
    asked_in_referee = [k for session in games if session.state.referee
                        for k in session.state.printed if k.startswith("edo.merchant")]
    assert traded[True] and traded[False] and told and not asked_in_referee


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_renders_with_nothing_left_unfilled(games, lang):
    assert unfilled_log_lines(games, describe, lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_step_renders(games, lang):
    session = games[2]
    assert unfilled_board_steps(GAME, session, names_for(session.state, lang)) == []


def test_a_house_built_is_a_board_step_naming_its_plot():
    """«Каждое новое здание должно помещаться на соседний свободный участок»: the table is
    told which plot."""
    table = Table(2)
    first = table.state.first
    table.build("city1", ("house", "red"))
    table.samurai(first, "city1")
    table.plan(first, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.plan(next(s for s in table.state.seating if s != first),
               ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": first})
    events = table.do({"type": "act", "player": first, "samurai": f"{first}1", "building": "house"})
    steps = board.steps_of(GAME, table.session.history, table.session.seq)
    lines = [line for step in steps for line in step.lines]
    built = next(line for line in lines if line["key"] == "edo.board.built")
    assert built["params"] == {"player": first, "building": "house", "province": "city1", "plot": 2}
    assert render(built["key"], built["params"], names_for(table.state, "ru")).endswith(
        "постройте «дом» в «Город 1», участок 2.")
    assert any(e["type"] == "built" for e in events)


def test_the_merchant_moved_is_one_step_with_the_ryo_its_mover_pays():
    """«Перед открытием карты возможностей игрок может переместить фигурку торговца ...
    заплатив 1 Рё в общий запас за каждый переход»: the table is told, in the mover's colour,
    to pay and to move the merchant, in one step."""
    table = Table(2)
    first = table.state.first
    table.idle_plans(*table.state.seating)
    table.do({"type": "move", "player": first, "figure": "merchant", "to": "city2", "steps": 2})
    steps = board.steps_of(GAME, table.session.history, table.session.seq)
    assert [(step.player, [line["key"] for line in step.lines]) for step in steps] == \
        [(first, ["edo.board.pay", "edo.board.merchant"])]


def test_undoing_a_step_puts_the_pieces_back():
    groups = [{"player": "blue", "lines": [
        {"key": "edo.board.placed", "params": {"player": "blue", "dst": "post1"}, "icon": "samurai",
         "colour": "blue", "places": ["post1"]},
        {"key": "edo.board.take", "params": {"player": "blue", "resource": "ryo", "n": 5},
         "icon": "ryo", "colour": "blue", "places": []}]}]
    undone = GAME.undo_steps(groups)
    assert [line["key"] for line in undone[0]["lines"]] == ["edo.board.pay", "edo.board.home"]
    assert undone[0]["lines"][1]["params"] == {"player": "blue", "src": "post1"}


def test_random_players_build_up_to_the_twelve_power_points_end_now_and_then():
    """«Проверьте, не набрал ли кто-нибудь из игроков 12 очков власти или больше, или не
    закончилась ли колода карт торговца»: random players who still play with purpose end
    some games by power points, the others by the empty merchant deck."""
    ends = []
    for seed in range(1, 41):
        keys = {note["key"] for note in play_game(GAME, 4, seed).state.log}
        ends.append("power" if "edo.end_power" in keys else "deck" if "edo.end_deck" in keys else None)
    assert set(ends) == {"power", "deck"}
