"""Where a game's hidden draws come from: the face-down cards, the event, the tie-breaks.

A game made at the table draws from a 256-bit key taken from the operating system's
generator when the game is made. The key is kept in the store beside the game, never in
a command, an event, the state or a view, so no device ever holds it, and no device can
choose it. Each command draws from its own stream, keyed by the game's key and the
command's number: a stream of BLAKE2b blocks, which the public cards already drawn do not
pin down (a 31-bit seed driving Mersenne Twister did, in hours of search).

The stream depends only on the key and the command's number, so undoing a command and
sending it again draws the same cards: undo cannot be used to re-roll.

Simulations, tests and the command line may still give a seed (``Draws.seeded``): a
seeded game is reproducible by design and draws with Python's ``random.Random`` as games
always did, so seeded games stored before keys existed keep drawing as they did.
"""
from __future__ import annotations

import hashlib
import random
import secrets
import struct
from dataclasses import dataclass

KEY_BYTES = 32
SEEDED = "seed:"
KEYED = "key:"
ASIDE = 1 << 63


class KeyedRandom(random.Random):
    """``random.Random``'s methods (shuffle, choice, sample, randrange) on a keyed BLAKE2b
    stream: ``getrandbits`` is the only source, as for ``random.SystemRandom``."""

    def __init__(self, key: bytes, stream: int) -> None:
        self._key = key
        self._stream = stream
        self._block = 0
        self._buffer = b""
        super().__init__()

    def seed(self, *args: object, **kwargs: object) -> None:
        """A keyed stream is not reseeded: its key and number say all of it."""

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "big") >> (size * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0 ** -53

    def getstate(self) -> tuple:
        raise NotImplementedError("a keyed stream has no state to save")

    def setstate(self, state: object) -> None:
        raise NotImplementedError("a keyed stream has no state to restore")

    def _take(self, size: int) -> bytes:
        while len(self._buffer) < size:
            block = struct.pack(">QQ", self._stream, self._block)
            self._buffer += hashlib.blake2b(block, key=self._key, digest_size=64).digest()
            self._block += 1
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        return taken


@dataclass(frozen=True)
class Draws:
    """A game's source of hidden draws: a secret key, or a seed given on purpose."""

    key: bytes | None = None
    seed: int = 0

    @classmethod
    def secret(cls) -> "Draws":
        return cls(key=secrets.token_bytes(KEY_BYTES))

    @classmethod
    def seeded(cls, seed: int) -> "Draws":
        return cls(seed=seed)

    @classmethod
    def parse(cls, stored: str) -> "Draws":
        """The draws as ``stored`` keeps them in the store."""
        if stored.startswith(KEYED):
            return cls(key=bytes.fromhex(stored[len(KEYED):]))
        if stored.startswith(SEEDED):
            return cls(seed=int(stored[len(SEEDED):]))
        raise ValueError(f"unknown draws: {stored[:12]!r}")

    def stored(self) -> str:
        return KEYED + self.key.hex() if self.key is not None else f"{SEEDED}{self.seed}"

    def rng(self, seq: int) -> random.Random:
        """The generator command ``seq`` draws from."""
        if self.key is not None:
            return KeyedRandom(self.key, seq)
        return random.Random(self.seed * 1_000_003 + seq)

    def aside(self, seq: int) -> random.Random:
        """A generator apart from the game's draws, for what the table may see at once (a
        simulated tower's throw): reading it tells nothing of the hidden cards."""
        if self.key is not None:
            return KeyedRandom(self.key, ASIDE | seq)
        return random.Random(self.seed * 7919 + seq)

    def __repr__(self) -> str:
        return "Draws(secret key)" if self.key is not None else f"Draws(seed={self.seed})"
