"""Checks of the real-board shim (hw_rp2040.py) against a stub ``machine`` module.

MicroPython only (the shim uses time.ticks_us and friends). It proves the shim loads,
drives the TCS34725 with the intended register writes and decodes its data correctly.
"""

import sys


class StubPin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, pin, mode=None, pull=None, value=None):
        self.pin = pin

    def value(self):
        return 1


class StubADC:
    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return 51234


class StubI2C:
    def __init__(self, bus, sda=None, scl=None, freq=0):
        self.writes = []
        self.data = bytes((0x10, 0x02, 0x20, 0x01, 0x30, 0x00, 0x40, 0x00))

    def writeto_mem(self, addr, reg, buf):
        self.writes.append((addr, reg, bytes(buf)))

    def readfrom_mem(self, addr, reg, n):
        if reg == 0x80 | 0x20 | 0x12:
            return b"\x44"
        if reg == 0x80 | 0x20 | 0x13:
            return b"\x01"
        return self.data[:n]


class StubTime:
    now = 0

    @classmethod
    def ticks_us(cls):
        return cls.now

    @staticmethod
    def ticks_diff(a, b):
        return a - b

    @staticmethod
    def sleep_ms(ms):
        StubTime.now += ms * 1000


class StubMachine:
    Pin = StubPin
    ADC = StubADC
    I2C = StubI2C


def check_rp2040_shim(scratch):
    sys.modules["machine"] = StubMachine
    from towerfw import hw_rp2040

    hw_rp2040.time = StubTime
    hw = hw_rp2040.Hardware()
    assert not hw.maintenance()
    assert hw.read_gate() == 51234
    assert hw.read_colour() is None, "read before the first integration is done"
    StubTime.now += 2500
    rgbc = hw.read_colour()
    assert rgbc == (0x0120, 0x0030, 0x0040, 0x0210), rgbc
    expected = [(0x29, 0x81, b"\xff"), (0x29, 0x8F, b"\x02"),
                (0x29, 0x80, b"\x01"), (0x29, 0x80, b"\x03")]
    assert hw.i2c.writes == expected, hw.i2c.writes
    StubTime.now += 2500
    assert hw.read_colour() == rgbc
    StubTime.now += 1000
    assert hw.read_colour() is None, "read again before the integration time is up"


def run_all(scratch):
    try:
        check_rp2040_shim(scratch)
    except Exception as exc:
        print("FAIL check_rp2040_shim: %s %r" % (type(exc).__name__, exc))
        sys.print_exception(exc)
        return 1
    print("PASS check_rp2040_shim")
    return 0
