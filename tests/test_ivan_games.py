"""Whole games of Ivan by random legal players: every command accepted, the invariants kept
after each one, the game over after the fourth decade's scoring; a saved game's events fold
back into the same state; and a malformed command refused with a clear message."""
from __future__ import annotations

import dataclasses

import pytest

from companion.engine import Session
from companion.errors import RuleError
from companion.games.ivan import simulate
from companion.games.ivan.rules import GAME
from companion.games.ivan.text import describe
from ivan_table import Table


@pytest.mark.parametrize("players, seed, referee", [(2, 1, True), (3, 2, False), (4, 3, True)])
def test_random_legal_games_end_after_four_decades_with_every_invariant_kept(players, seed, referee):
    session = simulate.play_game(GAME, players, seed, check=True, referee=referee)
    state = session.state
    assert state.over and state.decade == 4 and len(state.result["rows"]) == players
    assert GAME.decision(state) is None


def test_a_game_with_influence_from_the_map_keeps_every_piece_and_replays_the_same():
    """Every warrior in the supply, the Wild Field or a city, every building in the supply or a
    city, from the first warriors to the final table; the events fold back the same."""
    session = simulate.play_game(GAME, 4, 4, check=True, influence="map")
    assert session.state.over and session.state.cities
    again = Session.replay(GAME, session.history)
    assert dataclasses.asdict(again.state) == dataclasses.asdict(session.state)


def test_the_events_fold_back_into_the_same_state():
    """Replay: a saved game's events, folded again, give the same table."""
    session = simulate.play_game(GAME, 3, 5, referee=False)
    again = Session.replay(GAME, session.history)
    assert dataclasses.asdict(again.state) == dataclasses.asdict(session.state)


def test_every_log_line_of_a_game_reads_in_each_language():
    state = simulate.play_game(GAME, 4, 6).state
    for lang in ("ru", "cs", "en"):
        for note in state.log:
            line = describe(state, note, lang)
            assert line and "{" not in line and "ivan." not in line, (lang, note)


@pytest.mark.parametrize("command, key", [
    ({"type": "place", "player": "white", "chamber": "bathhouse"}, "command.bad_choice"),
    ({"type": "place", "player": "white", "chamber": "income", "coins": -1}, "command.out_of_range"),
    ({"type": "place", "player": "white", "chamber": "income", "coins": "3"}, "command.bad_field"),
    ({"type": "bribe", "player": "white"}, "command.unknown"),
])
def test_a_malformed_command_is_refused_and_changes_nothing(command, key):
    table = Table(3)
    history = list(table.session.history)
    with pytest.raises(RuleError) as refused:
        table.do(command)
    assert refused.value.key == key
    assert table.session.history == history


def test_nothing_is_played_after_the_end():
    session = simulate.play_game(GAME, 2, 8)
    with pytest.raises(RuleError) as refused:
        session.execute({"type": "done", "player": "white"})
    assert refused.value.key == "ivan.game_over"


def test_the_hosts_undo_puts_the_boyar_back_with_its_coins():
    table = Table(3)
    table.chambers(("white", "income", 2), ("black", "income", 1), turn="white")
    before = dataclasses.asdict(table.state)
    table.do({"type": "leave", "player": "white", "chamber": "income", "seal": True})
    table.session.undo()
    assert dataclasses.asdict(table.state) == before


def test_a_project_drawn_from_the_deck_cannot_be_undone():
    """Its taker has seen it: undo would not unsee it."""
    table = Table(3)
    table.chambers(("white", "projects", 0), turn="white")
    table.do({"type": "leave", "player": "white", "chamber": "projects"})
    events = table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "deck"})
    assert not GAME.undoable(events)
    events = table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "display"})
    assert GAME.undoable(events)
