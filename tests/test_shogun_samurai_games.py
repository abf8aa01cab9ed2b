"""Expansions are chosen when a game is created and recorded with it: a Samurai game
replays identically, a base game is what it always was, an unknown expansion is refused,
and whole Samurai games are played by the random players and the command line."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli
from companion.engine import EventStore, Session, find_game
from companion.errors import RuleError
from companion.games.shogun.simulate import play_game
from companion.i18n import render
from log_lines import assert_every_line_reads
from replaying import played_and_reopened, view_digests

GAME = find_game("shogun")
PLAYERS = [{"colour": c} for c in ("red", "blue", "yellow")]


def create(**more) -> dict:
    return {"type": "create", "seed": 3, "setup": "recommended", "players": PLAYERS, **more}


def test_the_create_command_records_the_expansions_and_their_data():
    created = Session.create(GAME, create(expansions=["samurai"])).history[0][0]
    recorded = created["config"]["expansions"]
    assert list(recorded) == ["samurai"]
    assert [c["card"] for c in recorded["samurai"]["stack"]] == [1, 2, 3, 4]


def test_a_game_without_expansions_is_the_base_game_and_says_nothing_of_them():
    session = Session.create(GAME, create())
    assert "expansions" not in session.history[0][0]["config"]
    view = GAME.view(session.state, None)
    assert "expansions" not in view and "valour" not in view


@pytest.mark.parametrize("lang, words", [("ru", "Здесь нет дополнения «ninja»."),
                                         ("cs", "Rozšíření „ninja“ tu není."),
                                         ("en", "This install has no expansion called “ninja”.")])
def test_an_unknown_expansion_is_refused_in_the_players_language(tmp_path: Path, lang, words):
    store = EventStore(tmp_path / "games.sqlite3")
    with pytest.raises(RuleError) as refused:
        Session.create(GAME, create(expansions=["samurai", "ninja"]), store)
    err = refused.value
    assert err.key == "setup.unknown_expansion"
    assert render(err.key, err.params, GAME.names(GAME.new_state(), lang)) == words
    assert store.games() == []


def test_an_expansion_named_twice_is_refused():
    with pytest.raises(RuleError) as refused:
        Session.create(GAME, create(expansions=["samurai", "samurai"]))
    assert refused.value.key == "setup.expansion_twice"


def test_expansions_must_be_a_list_of_names():
    with pytest.raises(RuleError) as refused:
        Session.create(GAME, create(expansions="samurai"))
    assert refused.value.key == "command.bad_field"


def test_a_saved_samurai_game_replays_to_the_same_views(tmp_path: Path):
    played, reopened = played_and_reopened(tmp_path / "games.sqlite3", "recommended", ("samurai",))
    assert any(n["key"] == "samurai.took" for n in played.state.log)
    assert reopened.history == played.history
    assert view_digests(GAME, reopened.history) == view_digests(GAME, played.history)


def test_values_told_by_the_table_replay_without_the_install_knowing_them():
    """The amounts the table told are events of the game: a game replays the same on an
    install that was never told them, and a corrected suggestion changes nothing played."""
    played = play_game(3, 7, "recommended", expansions=("samurai",)).session
    told = [e for events in played.history for e in events if e["type"] == "printed"]
    assert told and "printed" not in played.history[0][0]["config"]
    assert view_digests(GAME, Session.replay(GAME, played.history).history) == \
        view_digests(GAME, played.history)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_players_finish_samurai_games_with_every_cube_accounted_for(players):
    """``check=True``: cube conservation and the other invariants after every command."""
    for seed in range(6):
        state = play_game(players, 900 + seed, expansions=("samurai",), check=True).session.state
        assert state.phase == "over"
        assert all(0 <= top <= 3 for top in state.valour.values())


def test_every_samurai_log_line_reads_in_each_language():
    states = [play_game(p, 40 + p, expansions=("samurai",)).session.state for p in (3, 4, 5)]
    keys = {n["key"] for s in states for n in s.log if n["key"].startswith("samurai.")}
    assert {"samurai.advanced", "samurai.stays", "samurai.took", "samurai.restacked"} <= keys
    assert_every_line_reads(states, "samurai.")


def test_the_command_line_creates_a_samurai_game(tmp_path: Path, capsys):
    db = str(tmp_path / "g.sqlite3")
    assert cli.main(["--db", db, "create", "--setup", "recommended", "--expansions", "samurai"]) == 0
    game_id = capsys.readouterr().out.strip()
    session = Session(GAME, EventStore(db), game_id)
    assert list(session.history[0][0]["config"]["expansions"]) == ["samurai"]
