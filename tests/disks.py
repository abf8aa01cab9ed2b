"""Small real disks for the storage tests: a tmpfs of a given size mounted by the test (the
tests run as root, here and in CI), filled up, made read-only, or seen through a read-only
view; and a database damaged as a failing disk damages it. A test skips when the machine
refuses to mount."""
from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest


def _mount(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["mount", *args], capture_output=True, text=True)


@contextmanager
def small_disk(where: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` at ``where`` for the test's duration."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where))
    if mounted.returncode != 0:
        pytest.skip(f"this machine does not let the test mount a small disk: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@contextmanager
def read_only_view(disk: Path, view: Path) -> Iterator[Path]:
    """``disk`` seen again at ``view``, read-only (a bind mount): what is opened there cannot
    be written, while the disk itself still can."""
    view.mkdir(parents=True, exist_ok=True)
    done = _mount("--bind", str(disk), str(view))
    assert done.returncode == 0, done.stderr
    try:
        remount(view, "bind", "ro")
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


def remount(disk: Path, *options: str) -> None:
    """Mount the disk again with ``options`` (``ro``, ``rw``); the disk must have no file open
    for writing to become read-only."""
    done = _mount("-o", ",".join(("remount", *options)), str(disk))
    assert done.returncode == 0, done.stderr


def fill(disk: Path) -> Path:
    """Fill the disk to its last byte with one file; deleting the file frees the space."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        for chunk in (2**16, 2**12, 2**8, 1):
            try:
                while True:
                    f.write(b"\0" * chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
    assert os.statvfs(disk).f_bavail == 0
    return filler


def damage(db: Path, keep_schema: bool = False) -> None:
    """Overwrite the database with junk to its end, from its first byte or, keeping its
    schema, from its second page; first SQLite moves everything from its log into the file,
    so no page is read from the log instead."""
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    with open(db, "r+b") as f:
        size = f.seek(0, 2)
        start = page if keep_schema else 0
        f.seek(start)
        f.write(b"\xa5" * (size - start))
