"""Saved games replay identically forever: a game records the rules' and the data's version
it was made with, and the data itself, so a corrected data file or a newer release never
changes a game already played."""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from companion.engine import EventStore, Session, find_game
from companion.errors import RuleError
from companion.games.shogun import catalog
from replaying import view_digests

DATA = Path(__file__).parent / "data"
BEFORE_PLUGINS = DATA / "shogun-games-before-plugins.sqlite3.gz"


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    db = tmp_path / "games.sqlite3"
    with gzip.open(BEFORE_PLUGINS) as packed, open(db, "wb") as out:
        shutil.copyfileobj(packed, out)
    return db


def test_games_saved_before_the_plugin_interface_show_byte_for_byte_the_same_views(old_db):
    expected = json.loads((DATA / "shogun-games-before-plugins.views.json").read_text())
    store = EventStore(old_db)
    records = store.games()
    assert sorted(r.id for r in records) == sorted(expected)
    for record in records:
        session = Session(find_game(record.game), store, record.id)
        assert view_digests(session.game, session.history) == expected[record.id], record.id


def test_a_saved_game_goes_on_where_it_stopped(old_db):
    """The partly planned game of the old file accepts the next plan as before."""
    store = EventStore(old_db)
    waiting = [r for r in store.games() if r.summary["phase"] != "over"]
    session = Session(find_game("shogun"), store, waiting[0].id)
    assert session.state.pending["kind"] == "plans"
    assert len(session.state.pending["waiting"]) == 2


CREATE = {"type": "create", "seed": 5, "setup": "recommended",
          "players": [{"colour": c} for c in ("red", "blue", "yellow")]}


def new_game() -> Session:
    return Session.create(find_game("shogun"), CREATE)


def test_a_new_game_records_the_rules_and_data_versions_and_the_data():
    created = new_game().history[0][0]
    assert created["type"] == "created"
    assert created["versions"] == {"game": "shogun", "rules": find_game("shogun").rules_version,
                                   "data": find_game("shogun").data_version()}
    assert created["config"]["data"]["board"]["provinces"]


def test_a_corrected_data_file_does_not_change_a_game_already_played(monkeypatch):
    game = find_game("shogun")
    played = new_game()
    before = view_digests(game, played.history)
    packaged = catalog._read

    def corrected(name: str):
        document = packaged(name)
        if name == "setup-sun.json":
            document["starting_chests"] = {n: 99 for n in document["starting_chests"]}
        return document
    monkeypatch.setattr(catalog, "_read", corrected)
    assert game.data_version() != played.history[0][0]["versions"]["data"]
    assert view_digests(game, Session.replay(game, played.history).history) == before
    assert new_game().state.players["red"].chests == 99


def test_a_game_saved_by_newer_rules_is_refused_not_misread(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    game = find_game("shogun")
    made = Session.create(game, CREATE, store)
    rows = store._db.execute("SELECT events FROM commands WHERE game_id = ?", (made.game_id,))
    events = json.loads(rows.fetchone()[0])
    events[0]["versions"]["rules"] = game.rules_version + 1
    store._db.execute("UPDATE commands SET events = ? WHERE game_id = ? AND seq = 1",
                      (json.dumps(events), made.game_id))
    with pytest.raises(RuleError) as refused:
        Session(game, store, made.game_id)
    assert refused.value.key == "game.newer_rules"


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(RuleError) as refused:
        find_game("monopoly")
    assert refused.value.key == "game.unknown"
