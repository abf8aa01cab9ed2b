"""The real board: RP2040 + TCS34725 on I2C0 + IR light gate on ADC0, USB serial to the host.

Pins are those of firmware/README.md. Only this module and main.py touch ``machine``;
the behaviour lives in board.py and is tested without hardware.
"""

import os
import select
import sys
import time

import machine

GATE_ADC = 26
MAINTENANCE_PIN = 14
I2C_ID = 0
SDA_PIN = 4
SCL_PIN = 5

TCS_ADDR = 0x29
CMD = 0x80
AUTO_INC = 0x20
REG_ENABLE = 0x00
REG_ATIME = 0x01
REG_CONTROL = 0x0F
REG_ID = 0x12
REG_STATUS = 0x13
REG_CDATAL = 0x14
ATIME_2_4MS = 0xFF
GAIN_16X = 0x02
INTEGRATION_US = 2400


class TCS34725:
    """Minimal driver: 2.4 ms integration so a falling cube gets a few readings."""

    def __init__(self, i2c):
        self.i2c = i2c
        ident = self._read(REG_ID, 1)[0]
        if ident not in (0x44, 0x4D):
            raise OSError("TCS34725 not found (id 0x%02x)" % ident)
        self._write(REG_ATIME, ATIME_2_4MS)
        self._write(REG_CONTROL, GAIN_16X)
        self._write(REG_ENABLE, 0x01)
        time.sleep_ms(3)
        self._write(REG_ENABLE, 0x03)

    def _write(self, reg, value):
        self.i2c.writeto_mem(TCS_ADDR, CMD | reg, bytes((value,)))

    def _read(self, reg, n):
        return self.i2c.readfrom_mem(TCS_ADDR, CMD | AUTO_INC | reg, n)

    def ready(self):
        return self._read(REG_STATUS, 1)[0] & 0x01

    def rgbc(self):
        d = self._read(REG_CDATAL, 8)
        c = d[0] | d[1] << 8
        return (d[2] | d[3] << 8, d[4] | d[5] << 8, d[6] | d[7] << 8, c)


class Hardware:
    cal_path = "cal.json"
    os = os

    def __init__(self):
        self.maintenance_pin = machine.Pin(MAINTENANCE_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
        self.gate = machine.ADC(GATE_ADC)
        self.i2c = machine.I2C(I2C_ID, sda=machine.Pin(SDA_PIN), scl=machine.Pin(SCL_PIN),
                               freq=400000)
        self.sensor = None
        self.last_colour = time.ticks_us()
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer

    def maintenance(self):
        """Jumper GP14 to GND at power-up to keep the REPL free for flashing."""
        return self.maintenance_pin.value() == 0

    ticks_us = staticmethod(time.ticks_us)
    ticks_ms = staticmethod(time.ticks_ms)
    ticks_diff = staticmethod(time.ticks_diff)

    def boot_id(self):
        return int.from_bytes(os.urandom(4), "big")

    def read_gate(self):
        return self.gate.read_u16()

    def read_colour(self):
        """A new reading once per integration period; I2C errors reach the board as OSError."""
        now = time.ticks_us()
        if time.ticks_diff(now, self.last_colour) < INTEGRATION_US:
            return None
        self.last_colour = now
        if self.sensor is None:
            self.sensor = TCS34725(self.i2c)
        try:
            if not self.sensor.ready():
                return None
            return self.sensor.rgbc()
        except OSError:
            self.sensor = None
            raise

    def read_input(self):
        data = b""
        while len(data) < 64 and self.poll.poll(0):
            data += self.stdin.read(1)
        return data

    def write(self, data):
        self.stdout.write(data)
