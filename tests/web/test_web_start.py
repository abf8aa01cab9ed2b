"""Starting the server and the command line: two servers started together on a fresh install
agree on one secret, and what stops a start (a damaged or empty secret file, a damaged or
read-only database, a full disk, a port in use) is one sentence in the user's language and
the exit status 2, never a traceback; the damaged file is left as it was."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main as command_line
from companion.errors import RuleError
from disks import damage, fill, remount, small_disk
from racing import ROUNDS, files, race
from web import create_app
from web.__main__ import main as serve
from web.instance import instance_file, load_secret
from web_devices import PIN, PLAYERS

ROOT = Path(__file__).resolve().parents[2]


def secret_of(path: Path, _text: str) -> str:
    return load_secret(path.with_name("games.sqlite3")).hex()


def started_app_secret(path: Path, _text: str) -> str:
    app = create_app({"DB": str(path.with_name("games.sqlite3"))})
    try:
        return app.extensions["companion"].secret.hex()
    finally:
        app.extensions["companion"].close()


def agreed(found: list[tuple[int, str, object]], folder: Path) -> None:
    """Every start of a round succeeded with the one secret its file holds."""
    for k in {round_ for round_, _, _ in found}:
        secrets = {secret for round_, _, secret in found if round_ == k}
        on_disk = load_secret(folder / str(k) / "games.sqlite3").hex()
        assert secrets == {on_disk}, (k, secrets)


@pytest.mark.parametrize("processes", [True, False], ids=["processes", "threads"])
def test_starts_racing_on_a_fresh_install_agree_on_one_secret(tmp_path, processes):
    agreed(race(tmp_path, secret_of, processes), tmp_path)
    assert files(tmp_path) == ["games.web.json"] * ROUNDS


def test_servers_started_together_on_a_fresh_install_all_start_with_one_secret(tmp_path):
    agreed(race(tmp_path, started_app_secret, rounds=30), tmp_path)


DAMAGED_SECRETS = [b"", b"{", b"[]", b'{"secret": 7}', b'{"secret": "zz"}', b'{"secret": "abcd"}',
                   b"\xff\xfe", b'{"other": "x"}']


@pytest.mark.parametrize("content", DAMAGED_SECRETS)
def test_a_damaged_secret_file_stops_the_start_and_is_left_as_it_was(tmp_path, content):
    db = tmp_path / "games.sqlite3"
    instance_file(db).write_bytes(content)
    with pytest.raises(RuleError) as refused:
        create_app({"DB": str(db)})
    assert (refused.value.key, refused.value.params) == ("storage.secret_damaged",
                                                         {"path": str(instance_file(db))})
    assert instance_file(db).read_bytes() == content


def test_the_server_says_in_the_terminals_language_which_secret_file_is_damaged(tmp_path, capsys,
                                                                              monkeypatch):
    db = tmp_path / "games.sqlite3"
    instance_file(db).write_text("", encoding="utf-8")
    for name in ("TABLE_COMPANION_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert serve(["--db", str(db), "--port", "0"]) == 2
    assert capsys.readouterr().err == (
        f"Tajný klíč instalace {instance_file(db)} je poškozený: je prázdný, nebo ho nezapsal "
        "Table Companion. Vraťte jeho zálohu. Nebo ho přesuňte jinam a spusťte znovu, tím vznikne "
        "nový; rozehrané hry pak už nepůjde dohrát, jejich stůl a PIN hostitele patří ke starému "
        "klíči.\n")


def with_a_game(db: Path) -> str:
    """A database holding one game, made by the web app, which is then stopped."""
    app = create_app({"DB": str(db)})
    try:
        r = app.test_client().post("/api/games", json={"players": PLAYERS, "pin": PIN})
        assert r.status_code == 201, r.json
        return r.json["game_id"]
    finally:
        app.extensions["companion"].close()


def damaged_database(tmp_path: Path) -> Path:
    db = tmp_path / "games.sqlite3"
    with_a_game(db)
    damage(db)
    return db


@pytest.mark.parametrize("keep_schema", [False, True], ids=["whole", "past-the-schema"])
def test_a_database_damaged_anywhere_stops_the_start(tmp_path, keep_schema):
    db = tmp_path / "games.sqlite3"
    with_a_game(db)
    damage(db, keep_schema)
    with pytest.raises(RuleError) as refused:
        create_app({"DB": str(db)})
    assert (refused.value.key, refused.value.params) == ("storage.damaged", {"path": str(db)})


def test_a_damaged_database_stops_the_server_with_one_sentence_and_no_traceback(tmp_path):
    db = damaged_database(tmp_path)
    env = {**os.environ, "TABLE_COMPANION_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "web", "--db", str(db), "--port", "0"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (f"The games' database {db} is damaged: SQLite cannot read it. Stop "
                           "Table Companion and put back a backup of that file, or move the file "
                           "away to begin with no games.\n")


def test_the_command_line_words_a_damaged_database_in_its_language(tmp_path, capsys):
    db = damaged_database(tmp_path)
    capsys.readouterr()
    assert command_line(["--db", str(db), "--lang", "ru", "list"]) == 2
    assert capsys.readouterr().err.startswith(f"База игр {db} повреждена: SQLite не может её прочитать.")


def test_a_read_only_database_stops_the_server_and_the_command_line_with_one_sentence(tmp_path,
                                                                                    capsys):
    with small_disk(tmp_path / "disk") as disk:
        db = disk / "games.sqlite3"
        game = with_a_game(db)
        remount(disk, "ro")
        try:
            assert serve(["--db", str(db), "--port", "0"]) == 2
            assert command_line(["--db", str(db), "--lang", "en", "show", game]) == 2
        finally:
            remount(disk, "rw")
    said = f"The games cannot be saved: {db} is on a read-only disk, or the file is read-only."
    server, cli = capsys.readouterr().err.splitlines()
    assert server.startswith(said) and cli.startswith(said)


def test_a_fresh_install_on_a_full_disk_stops_the_start_with_one_sentence(tmp_path, capsys,
                                                                         monkeypatch):
    monkeypatch.setenv("TABLE_COMPANION_LANG", "en")
    with small_disk(tmp_path / "disk") as disk:
        fill(disk)
        assert serve(["--db", str(disk / "games.sqlite3"), "--port", "0"]) == 2
        assert files(disk) == ["filler"]
    assert capsys.readouterr().err.startswith(f"The disk that holds the games is full ({disk})")


def test_a_port_in_use_stops_the_server_with_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TABLE_COMPANION_LANG", "en")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert serve(["--db", str(tmp_path / "games.sqlite3"), "--host", "127.0.0.1",
                      "--port", str(port)]) == 2
    assert capsys.readouterr().err == (
        f"Port {port} is already in use (is Table Companion running already?): stop the other "
        "server, or choose another port with --port.\n")
