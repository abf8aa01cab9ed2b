"""The install's own secret, made once and kept in a file next to the games' database.

Player tokens are derived from this secret, so they need no storage and survive a server
restart; losing the file only means the phones scan their QR codes again.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

from companion.files import write_atomically


def instance_file(db: Path) -> Path:
    """Where the secret lives: beside the database, so one folder holds the whole install."""
    return db.with_name(db.stem + ".web.json")


def load_secret(db: Path) -> bytes:
    """The install's secret, created (readable by this user only) on first use."""
    path = instance_file(db)
    if path.exists():
        return bytes.fromhex(json.loads(path.read_text(encoding="utf-8"))["secret"])
    secret = secrets.token_bytes(32)
    write_atomically(path, json.dumps({"secret": secret.hex()}), mode=0o600)
    return secret
