"""The install's own secret, made once and kept in a file next to the games' database.

Player tokens, the table's cookie and each game's host PIN are derived from this secret, so
they need no storage and survive a server restart. The file is therefore never made again
over a damaged one: a new secret would leave every game begun before without its table and
its PIN. A damaged file stops the start with a sentence saying so and what to do.

Two servers started at the same moment on a fresh install agree on one secret: the first
to create the file wins and the other reads it.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

from companion.errors import RuleError
from companion.files import write_once

SECRET_BYTES = 32


def instance_file(db: Path) -> Path:
    """Where the secret lives: beside the database, so one folder holds the whole install."""
    return db.with_name(db.stem + ".web.json")


def load_secret(db: Path) -> bytes:
    """The install's secret, created (readable by this user only) on first use; RuleError
    ``storage.secret_damaged`` when the file holds anything else; OSError when it cannot be
    read or made."""
    path = instance_file(db)
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    secret = secrets.token_bytes(SECRET_BYTES)
    if write_once(path, json.dumps({"secret": secret.hex()}), mode=0o600):
        return secret
    return _read(path)


def _read(path: Path) -> bytes:
    try:
        secret = bytes.fromhex(json.loads(path.read_bytes().decode("utf-8"))["secret"])
    except (ValueError, TypeError, KeyError):
        raise RuleError("storage.secret_damaged", path=str(path)) from None
    if len(secret) != SECRET_BYTES:
        raise RuleError("storage.secret_damaged", path=str(path))
    return secret
