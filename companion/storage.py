"""What a failing disk or database means to the people at the table, in one sentence.

SQLite and the file system report a full disk, a read-only one or a damaged file as an error
code. ``fault`` turns such an error into a RuleError whose key says what is wrong and what to
do (``storage.full``, ``storage.read_only``, ``storage.damaged``, ``storage.unavailable``,
``storage.busy``), so the command line and the web app word it in the user's language
instead of showing a traceback. Nothing acknowledged is lost: a write that fails is one
command not taken, and SQLite keeps every command taken before it. Once the disk has room
again, the next command is written as usual.
"""
from __future__ import annotations

import errno
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from companion.errors import RuleError

T = TypeVar("T")

# SQLite's primary result codes; an extended code (SQLITE_IOERR_WRITE) has one in its low byte.
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 3, 5, 6, 8
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 10, 11, 13, 14, 26

FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
# Errors that are about the disk whichever file met them (a write or a flush names no file).
DISK = FULL | {errno.EROFS, errno.EIO}
BUSY_WAIT_S = 5.0  # as long as SQLite itself waits for a lock (Python's default timeout)


def fault(exc: BaseException, db: Path) -> RuleError | None:
    """The refusal saying what is wrong with the games' database ``db``, the files kept
    beside it, or their disk; None when ``exc`` is about something else (a programming
    error stays one)."""
    if isinstance(exc, sqlite3.Error):
        return _of_sqlite(exc, db)
    if isinstance(exc, OSError) and _about(exc, db):
        if exc.errno in FULL:
            return _full(db)
        if exc.errno == errno.EROFS:
            return RuleError("storage.read_only", path=str(db))
        return RuleError("storage.unavailable", path=str(exc.filename or db),
                         detail=exc.strerror or str(exc))
    return None


@contextmanager
def worded(db: Path) -> Iterator[None]:
    """Run the block; a storage error in it is raised again as the RuleError that words it."""
    try:
        yield
    except (sqlite3.Error, OSError) as exc:
        refusal = fault(exc, db)
        if refusal is None:
            raise
        raise refusal from exc


def when_free(open_: Callable[[], T]) -> T:
    """``open_()``, tried again for a few seconds while the database is busy. Two servers
    started at the same moment on a fresh install both switch the new file to WAL, and
    SQLite answers that switch "busy" at once rather than wait for the other."""
    deadline = time.monotonic() + BUSY_WAIT_S
    while True:
        try:
            return open_()
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", None)
            if code is None or code & 0xFF not in (SQLITE_BUSY, SQLITE_LOCKED) \
                    or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def check(db: Path) -> None:
    """Refuse to start on a database SQLite finds damaged (``storage.damaged``), rather than
    fail on whichever game is read first; a missing file is a new install."""
    if not db.exists():
        return
    with worded(db):
        connection = sqlite3.connect(db)
        try:
            found = connection.execute("PRAGMA quick_check(1)").fetchone()
        finally:
            connection.close()
    if found != ("ok",):
        raise RuleError("storage.damaged", path=str(db))


def _of_sqlite(exc: sqlite3.Error, db: Path) -> RuleError | None:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    if primary == SQLITE_FULL:
        return _full(db)
    if primary == SQLITE_READONLY:
        return RuleError("storage.read_only", path=str(db))
    if primary in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return RuleError("storage.damaged", path=str(db))
    if primary in (SQLITE_BUSY, SQLITE_LOCKED):
        return RuleError("storage.busy")
    if primary in (SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM):
        return _of_disk(db, str(exc))
    return None


def _of_disk(db: Path, detail: str) -> RuleError:
    """SQLite could not open or write the file: the disk says why, when it is read-only or
    full (SQLite reports both as 'unable to open' or an I/O error)."""
    folder = _existing(db.parent)
    disk = os.statvfs(folder)
    if disk.f_flag & os.ST_RDONLY:
        return RuleError("storage.read_only", path=str(db))
    if disk.f_bavail == 0:
        return _full(db)
    return RuleError("storage.unavailable", path=str(db), detail=detail)


def _full(db: Path) -> RuleError:
    return RuleError("storage.full", folder=str(db.parent))


def _about(exc: OSError, db: Path) -> bool:
    """Whether the error met the database's folder, a file in it or a folder above it (made
    on first use), or is about a disk whichever file met it."""
    names = [Path(os.path.abspath(os.fsdecode(n))) for n in (exc.filename, exc.filename2)
             if n is not None and not isinstance(n, int)]
    if not names:
        return exc.errno in DISK
    folder = Path(os.path.abspath(db)).parent
    return any(folder.is_relative_to(n) or n.parent == folder for n in names)


def _existing(folder: Path) -> Path:
    folder = Path(os.path.abspath(folder))
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder
