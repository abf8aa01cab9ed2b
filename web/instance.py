"""The install's own secret, made once and kept in a file next to the games' database.

Player tokens are derived from this secret, so they need no storage and survive a server
restart; losing the file only means the phones scan their QR codes again.
"""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path


def instance_file(db: Path) -> Path:
    """Where the secret lives: beside the database, so one folder holds the whole install."""
    return db.with_name(db.stem + ".web.json")


def load_secret(db: Path) -> bytes:
    """The install's secret, created (readable by this user only) on first use."""
    path = instance_file(db)
    if path.exists():
        return bytes.fromhex(json.loads(path.read_text(encoding="utf-8"))["secret"])
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_bytes(32)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"secret": secret.hex()}, f)
    os.replace(tmp, path)
    return secret
