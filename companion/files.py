"""Files kept beside the games' database that must survive the server being killed, or the
tablet's battery dying, while they are written: the install's secret, the camera's calibration.

A file rewritten in place is half old, half new, or empty after such a stop; it is written
beside its place and renamed over it, and the rename is atomic. The data and the folder's
entry are flushed to the disk first, so after a power cut the file is the old one or the new
one, never a torn one.
"""
from __future__ import annotations

import os
from pathlib import Path


def write_atomically(path: Path, text: str, mode: int = 0o644) -> None:
    """Replace ``path`` with ``text`` (UTF-8), or leave it as it was if the writing is cut short."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
