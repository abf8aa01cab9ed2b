"""A simulated board: virtual clock, light gate, colour sensor and serial line.

This is the whole shim interface the firmware uses (hw_rp2040.py provides the same on
the real board): ticks_us, ticks_ms, ticks_diff, read_gate, read_colour, read_input,
write, boot_id, os and cal_path. Cubes are scheduled on the virtual clock and shade the
gate and colour the sensor while they pass; readings carry deterministic noise from a
seeded generator so CPython and MicroPython see the same signal.
"""

import os

from towerfw import colour

CLEAR_LEVEL = 52000
BLOCKED_LEVEL = 7000
GATE_NOISE = 1500
AMBIENT = (20, 22, 18, 60)
INTEGRATION_US = 2400


class XorShift:
    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def uniform(self, lo, hi):
        return lo + (hi - lo) * (self.next() / 4294967296.0)


class FakeHardware:
    def __init__(self, seed=1, cal_path="cal.json", truth=None, chroma_noise=0.008, boot_id=None):
        self.rng = XorShift(seed)
        self.fixed_boot_id = boot_id
        self.cal_path = cal_path
        self.os = os
        self.truth = truth or colour.FACTORY
        self.chroma_noise = chroma_noise
        self.now_us = 0
        self.cubes = []
        self.out = bytearray()
        self.inp = bytearray()
        self._next_colour = INTEGRATION_US

    # -- test side ----------------------------------------------------------------------

    def advance(self, us):
        self.now_us += us

    def drop(self, name, at_us, width_us=6000):
        """Schedule a cube of colour ``name`` to shade the gate from ``at_us`` on."""
        self.cubes.append([at_us, at_us + width_us, name, self.rng.uniform(0.85, 1.15)])
        self.cubes.sort(key=lambda c: c[0])

    def prune_passed(self):
        """Forget cubes that have finished passing (the board has seen them)."""
        self.cubes = [c for c in self.cubes if c[1] > self.now_us]

    def forget_started_before(self, t_us):
        """Remove cubes that began passing before ``t_us`` and return their colours.

        Used when the board was off: a cube it saw only part of is as unseen as one that
        fell entirely while it was off.
        """
        gone = [c[2] for c in self.cubes if c[0] < t_us]
        self.cubes = [c for c in self.cubes if c[0] >= t_us]
        return gone

    def pending(self):
        """Cubes scheduled that have not finished passing yet."""
        return len([c for c in self.cubes if c[1] > self.now_us])

    def take_output(self):
        data = bytes(self.out)
        self.out = bytearray()
        return data

    # -- shim interface -----------------------------------------------------------------

    def ticks_us(self):
        return self.now_us

    def ticks_ms(self):
        return self.now_us // 1000

    def ticks_diff(self, a, b):
        return a - b

    def boot_id(self):
        """A random id per boot, or the same one at every boot when made with ``boot_id``: a
        board whose random source is not seeded at power-up does that."""
        if self.fixed_boot_id is not None:
            return self.fixed_boot_id
        return self.rng.next()

    def _cube_now(self):
        while self.cubes and self.cubes[0][1] <= self.now_us - 50000:
            self.cubes.pop(0)
        for cube in self.cubes:
            if cube[0] <= self.now_us < cube[1]:
                return cube
            if cube[0] > self.now_us:
                break
        return None

    def read_gate(self):
        level = BLOCKED_LEVEL if self._cube_now() is not None else CLEAR_LEVEL
        return int(level + self.rng.uniform(-GATE_NOISE, GATE_NOISE))

    def read_colour(self):
        if self.now_us < self._next_colour:
            return None
        self._next_colour += INTEGRATION_US
        if self._next_colour <= self.now_us:
            self._next_colour = self.now_us + INTEGRATION_US
        reading = [a + self.rng.uniform(-3, 3) for a in AMBIENT]
        cube = self._cube_now()
        if cube is not None:
            mean = self.truth[cube[2]][0]
            lum = min(mean[3], 0.95)
            c = colour.LUM_K * lum / (1.0 - lum) * cube[3]
            shares = [max(0.01, mean[i] + self.rng.uniform(-self.chroma_noise, self.chroma_noise))
                      for i in range(3)]
            total = shares[0] + shares[1] + shares[2]
            for i in range(3):
                reading[i] += c * shares[i] / total
            reading[3] += c
        return tuple(int(x) for x in reading)

    def read_input(self):
        if not self.inp:
            return b""
        data = bytes(self.inp)
        self.inp = bytearray()
        return data

    def write(self, data):
        self.out.extend(data)
