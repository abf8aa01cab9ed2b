"""Line faults for the emulated serial link: what a flaky cable or USB hub does to bytes."""
from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class LineFaults:
    """Per-line probabilities of losing, cutting, bit-flipping a line or adding garbage, and of
    scrambling it (each byte read at another baud rate: noise of about the line's length)."""

    lose: float = 0.0
    cut: float = 0.0
    flip: float = 0.0
    garbage: float = 0.0
    scramble: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    counts: dict[str, int] = field(
        default_factory=lambda: {"lose": 0, "cut": 0, "flip": 0, "garbage": 0, "scramble": 0})

    def active(self) -> bool:
        return any((self.lose, self.cut, self.flip, self.garbage, self.scramble))

    def apply(self, data: bytes) -> bytes:
        if not self.active():
            return data
        out = bytearray()
        for line in data.splitlines(keepends=True):
            if self.rng.random() < self.garbage:
                self.counts["garbage"] += 1
                out += bytes(self.rng.choice(b"$*\n\x00\xff0123456789ABCDEF =xyz")
                             for _ in range(self.rng.randint(1, 24)))
            if self.rng.random() < self.scramble:
                self.counts["scramble"] += 1
                out += bytes(self.rng.randrange(128, 256) for _ in range(len(line) - 1)) + b"\n"
                continue
            r = self.rng.random()
            if r < self.lose:
                self.counts["lose"] += 1
            elif r < self.lose + self.cut:
                self.counts["cut"] += 1
                out += line[: self.rng.randrange(max(1, len(line) - 1))]
            elif r < self.lose + self.cut + self.flip and len(line) > 1:
                self.counts["flip"] += 1
                damaged = bytearray(line)
                damaged[self.rng.randrange(len(line) - 1)] ^= 1 << self.rng.randrange(8)
                out += damaged
            else:
                out += line
        return bytes(out)
