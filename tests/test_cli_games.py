"""The command line runs any registered game: it lists them, and creates, shows, plays and
simulates a game it finds by name, Shogun or not."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from companion.cli import main
from companion.games import BUILT_IN
from games import sealed_bid_registered

PLAYERS = [{"seat": "north", "name": "Anna"}, {"seat": "east", "name": "Boris"},
           {"seat": "south", "name": "Chloé"}]


@pytest.fixture(autouse=True)
def _sealed_bid_registered() -> Iterator[None]:
    with sealed_bid_registered():
        yield


def run(db: Path, capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), "--lang", "en", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_registered_game_with_its_versions(tmp_path, capsys):
    code, out, _ = run(tmp_path / "g.sqlite3", capsys, "games")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == [*BUILT_IN, "sealed_bid"]
    assert "rules 1" in out and "data sha256:" in out


def test_a_game_other_than_shogun_is_created_played_and_shown_by_name(tmp_path, capsys):
    db = tmp_path / "g.sqlite3"
    code, out, _ = run(db, capsys, "create", "--game", "sealed_bid", "--seed", "3",
                       "--options", json.dumps({"players": PLAYERS}))
    assert code == 0
    game_id = out.strip()
    code, _, err = run(db, capsys, "do", game_id, json.dumps({"type": "bid", "seat": "north", "coins": 11}))
    assert code == 2 and "11" in err and "10" in err
    code, out, _ = run(db, capsys, "do", game_id, json.dumps({"type": "bid", "seat": "north", "coins": 3}))
    assert code == 0 and "Anna" in out
    code, out, _ = run(db, capsys, "show", game_id, "--lang", "cs")
    assert code == 0 and "Anna" in out and "nabídka" in out
    code, _, err = run(db, capsys, "tower", game_id)
    assert code == 2 and "no tower" in err


def test_simulate_plays_whole_games_of_the_game_named(tmp_path, capsys):
    code, out, err = run(tmp_path / "g.sqlite3", capsys, "simulate", "--game", "sealed_bid",
                         "--players", "4", "--games", "3")
    assert code == 0
    assert len(out.splitlines()) == 3 and "3 games of sealed_bid" in err


def test_an_unknown_game_is_refused_in_words(tmp_path, capsys):
    code, _, err = run(tmp_path / "g.sqlite3", capsys, "simulate", "--game", "monopoly")
    assert code == 2 and "monopoly" in err


@pytest.mark.parametrize("lang, words, english", [
    ("cs", ("Rok 1", "plnění věže", "18 truhel", "v zásobě 28 armád", "Ve věži"), ("chests", "supply", "tower")),
    ("ru", ("Год 1", "загрузка башни", "18 сундуков", "в запасе 28 армий", "В башне"), ("chests", "supply", "tower")),
])
def test_show_words_the_whole_table_in_the_language_asked_for(tmp_path, capsys, lang, words, english):
    db = tmp_path / "g.sqlite3"
    code, game, _ = run(db, capsys, "create", "--setup", "recommended", "--seed", "3")
    assert code == 0
    assert main(["--db", str(db), "show", game.strip(), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words), out
    assert not any(w in out for w in english), out
