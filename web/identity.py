"""Who is asking: the table (the tablet), one player's phone, or an onlooker.

A device proves itself with a token derived from the install's secret and the game, so
nothing has to be stored and the tokens outlive a restart. The table's token travels in a
cookie set on the device that created (or claimed, with the host PIN) the game; a player's
token is in the join link the QR code carries.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Iterable

TABLE = "table"


@dataclass(frozen=True)
class Device:
    """``colour`` is the player's colour for a phone, None for the table and onlookers."""

    game_id: str
    colour: str | None = None
    table: bool = False

    @property
    def viewer(self) -> str | None:
        return self.colour


def token(secret: bytes, game_id: str, role: str) -> str:
    """The token for ``role`` (a player colour, or TABLE) in one game."""
    digest = hmac.new(secret, f"{game_id}:{role}".encode(), hashlib.sha256).hexdigest()
    return digest[:24]


def table_cookie(game_id: str) -> str:
    return f"tc_table_{game_id}"


def identify(secret: bytes, game_id: str, colours: Iterable[str], player_token: str | None,
             table_token: str | None) -> Device:
    """The device these tokens prove; a wrong, malformed or missing token makes an onlooker."""
    player_token = player_token if _well_formed(player_token) else None
    table_token = table_token if _well_formed(table_token) else None
    if player_token:
        for colour in colours:
            if hmac.compare_digest(player_token, token(secret, game_id, colour)):
                return Device(game_id, colour=colour)
    if table_token and hmac.compare_digest(table_token, token(secret, game_id, TABLE)):
        return Device(game_id, table=True)
    return Device(game_id)


def _well_formed(value: str | None) -> bool:
    """A token as ``token`` makes them: 24 hex digits (anything else, such as non-ASCII text
    in a header or a cookie, proves nothing and is never compared)."""
    return value is not None and len(value) == 24 and all(c in "0123456789abcdef" for c in value)
