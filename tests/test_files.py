"""Files beside the database written by several processes at once: each writer has its own
temporary file, a replaced file is always one writer's whole text, and of writers racing to
create a file exactly one wins."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.files import write_atomically, write_once
from racing import ROUNDS, files, race


@pytest.mark.parametrize("processes", [True, False], ids=["processes", "threads"])
def test_of_writers_creating_a_file_at_once_exactly_one_wins_and_the_file_is_its(tmp_path,
                                                                                processes):
    found = race(tmp_path, write_once, processes)
    assert [r for r in found if r[2] not in (True, False)] == []
    for k in range(ROUNDS):
        winners = [text for round_, text, won in found if round_ == k and won]
        assert len(winners) == 1, (k, winners)
        assert (tmp_path / str(k) / "file.json").read_text(encoding="utf-8") == winners[0]
    assert files(tmp_path) == ["file.json"] * ROUNDS


def test_processes_replacing_a_file_at_once_never_fail_and_leave_one_whole_text(tmp_path):
    found = race(tmp_path, write_atomically)
    assert [r for r in found if r[2] is not None] == []
    for k in range(ROUNDS):
        texts = {text for round_, text, _ in found if round_ == k}
        assert (tmp_path / str(k) / "file.json").read_text(encoding="utf-8") in texts
    assert files(tmp_path) == ["file.json"] * ROUNDS


def test_a_file_made_once_is_never_replaced(tmp_path: Path):
    path = tmp_path / "secret.json"
    assert write_once(path, "first", mode=0o600)
    assert not write_once(path, "second")
    assert path.read_text(encoding="utf-8") == "first"
    assert path.stat().st_mode & 0o777 == 0o600
