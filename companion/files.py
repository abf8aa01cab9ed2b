"""Files kept beside the games' database that must survive the server being killed, or the
tablet's battery dying, while they are written: the install's secret, the camera's calibration.

A file rewritten in place is half old, half new, or empty after such a stop; it is written
beside its place and renamed over it, and the rename is atomic. The data and the folder's
entry are flushed to the disk first, so after a power cut the file is the old one or the new
one, never a torn one. Each writing has a temporary file of its own, so two processes writing
the same file at once (two servers started together) never write into each other's.
"""
from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path

# What os.link says on a file system without hard links (FAT on a memory stick, some network
# and FUSE file systems).
NO_HARD_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK}


def write_atomically(path: Path, text: str, mode: int = 0o644) -> None:
    """Replace ``path`` with ``text`` (UTF-8), or leave it as it was if the writing is cut short."""
    tmp = _written_beside(path, text, mode)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def write_once(path: Path, text: str, mode: int = 0o644) -> bool:
    """Create ``path`` holding ``text`` unless it exists; True if this call created it.

    Of writers racing to create the same file, exactly one wins and the others leave it as
    the winner wrote it: the file appears whole, by a hard link that fails if the name is
    taken. On a file system without hard links it is created exclusively and written in
    place, so the first writer still wins, but a reader in that same instant may find it
    not yet filled.
    """
    tmp = _written_beside(path, text, mode)
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in NO_HARD_LINKS:
            raise
        return _create_in_place(path, text, mode)
    finally:
        tmp.unlink(missing_ok=True)
    _sync_folder(path.parent)
    return True


def _written_beside(path: Path, text: str, mode: int) -> Path:
    """``text`` in a new file of this writer's own beside ``path``, flushed to the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        _fill(fd, text)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _create_in_place(path: Path, text: str, mode: int) -> bool:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        return False
    try:
        _fill(fd, text)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return True


def _fill(fd: int, text: str) -> None:
    """Write ``text`` to the open file and flush it to the disk; the file is closed after."""
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
