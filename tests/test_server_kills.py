"""The web server killed with SIGKILL, again and again, while a table makes games and plays
them (devtools.kill_loop; ``bench/server_kills.py`` runs it longer for the README)."""
from __future__ import annotations

from pathlib import Path

from devtools.kill_loop import run


def test_a_killed_server_loses_doubles_and_half_makes_nothing(tmp_path: Path):
    """Creation is one transaction, every command one; a request resent after a kill is
    answered once: every acknowledged game opens with its PIN, every acknowledged command is
    kept, and nothing is carried out twice."""
    tally = run(tmp_path / "games.sqlite3", kills=6, seed=3)
    assert tally.kills == 6 and tally.games and tally.commands
    assert (tally.lost, tally.doubled, tally.broken, tally.refused) == ([], [], [], [])
