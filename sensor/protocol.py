"""The host's reading and writing of firmware/PROTOCOL.md lines.

Written independently of the firmware's framing on purpose: the tests cross-check the two,
so a mistake in one is not silently shared by both.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

PROTOCOL_VERSION = 1
MAX_LINE = 256


def _table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _table()


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE, the checksum every protocol line ends with."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[(crc >> 8) ^ byte]
    return crc


@dataclass(frozen=True)
class BoardLine:
    seq: int
    kind: str
    fields: dict[str, str]

    @property
    def boot(self) -> str | None:
        return self.fields.get("b")

    def int(self, key: str, default: int | None = None) -> int | None:
        """A numeric field; a malformed value counts as absent rather than crashing the link."""
        try:
            return int(self.fields[key])
        except (KeyError, ValueError):
            return default


def encode(seq: int, kind: str, fields: Iterable[tuple[str, object]] = ()) -> bytes:
    body = f"${seq} {kind}" + "".join(f" {k}={v}" for k, v in fields)
    return f"{body}*{crc16(body.encode()):04X}\n".encode()


def parse_line(raw: bytes) -> BoardLine | None:
    """One received line, or None if it is cut, corrupted or not a protocol line.

    Parsing starts at the last ``$`` so a whole line glued behind the remains of a cut
    one (the cut line lost its newline) is still read.
    """
    raw = raw.rstrip(b"\r")
    start = raw.rfind(b"$")
    star = raw.rfind(b"*")
    if start < 0 or star < start or len(raw) - star != 5:
        return None
    body = raw[start:star]
    if raw[star + 1:] != b"%04X" % crc16(body):
        return None
    try:
        words = body[1:].decode("ascii").split(" ")
    except UnicodeDecodeError:
        return None
    if len(words) < 2 or not words[0].isdigit() or not words[1].isalpha():
        return None
    fields: dict[str, str] = {}
    for word in words[2:]:
        key, eq, value = word.partition("=")
        if not eq or not key:
            return None
        fields[key] = value
    return BoardLine(int(words[0]), words[1], fields)


class LineSplitter:
    """Turns a byte stream into lines; a runaway line without newline is dropped, bounded."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._dropping = False

    def feed(self, data: bytes) -> list[bytes]:
        self._buf += data
        parts = self._buf.split(b"\n")
        self._buf = bytearray(parts.pop())
        out = []
        for part in parts:
            if self._dropping:
                self._dropping = False
            elif len(part) <= MAX_LINE:
                out.append(bytes(part))
        if len(self._buf) > MAX_LINE:
            self._buf.clear()
            self._dropping = True
        return out

    def clear(self) -> None:
        """Forget a partial line: after a reconnect it can only be half of an old one."""
        self._buf.clear()
        self._dropping = False
