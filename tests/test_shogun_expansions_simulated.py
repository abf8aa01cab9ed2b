"""The command line plays whole games with the expansions (the issue: «./run simulate
--expansions tenno,samurai,generals,dajokan (any subset) plays complete games with random
legal choices»), stores them, and each records its expansions in the rulebook's order."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli
from companion.engine import EventStore, Session, find_game

GAME = find_game("shogun")


@pytest.mark.parametrize("expansions", ["samurai", "samurai,generals", "samurai,generals,dajokan",
                                        "tenno,samurai,generals", "dajokan,generals,samurai,tenno"])
def test_the_command_line_simulates_and_stores_games_with_the_expansions(tmp_path: Path, expansions: str):
    db = tmp_path / "g.sqlite3"
    assert cli.main(["--db", str(db), "simulate", "--expansions", expansions, "--games", "2",
                     "--players", "4", "--check", "--store", "--quiet"]) == 0
    store = EventStore(db)
    games = store.games()
    assert len(games) == 2 and all(g.summary["phase"] == "over" for g in games)
    in_rulebook_order = [e for e in ("tenno", "samurai", "generals", "dajokan") if e in expansions.split(",")]
    for g in games:
        created = Session(GAME, store, g.id).history[0][0]
        assert list(created["config"]["expansions"]) == in_rulebook_order
