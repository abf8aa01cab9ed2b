"""The host's framing against the firmware's: each must read what the other writes."""
from __future__ import annotations

import random
import re

from sensor.protocol import LineSplitter, crc16, encode, parse_line
from sensor_harness import FIRMWARE
from towerfw import proto


def test_crc_matches_firmware_and_reference():
    assert crc16(b"123456789") == 0x29B1
    data = bytes(range(256))
    assert crc16(data) == proto.crc16(data)


def test_board_lines_parse_on_the_host():
    raw = proto.frame(17, "CUBE", (("b", "0badf00d"), ("n", 3), ("c", "purple"), ("q", 88)))
    line = parse_line(raw.rstrip(b"\n"))
    assert line is not None
    assert (line.seq, line.kind, line.boot, line.int("n")) == (17, "CUBE", "0badf00d", 3)
    assert line.fields["c"] == "purple"


def test_host_commands_parse_on_the_board():
    raw = encode(4, "REPLAY", [("from", 12)])
    assert proto.unframe(raw.rstrip(b"\n")) == (4, "REPLAY", {"from": "12"})


def test_damaged_lines_are_refused():
    rng = random.Random(3)
    good = proto.frame(9, "SETTLED", (("b", "01234567"), ("tray", 4), ("n", 40))).rstrip(b"\n")
    for _ in range(2000):
        damaged = bytearray(good)
        damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        assert parse_line(bytes(damaged)) is None
    for cut in range(len(good)):
        assert parse_line(good[:cut]) is None


def test_whole_line_behind_garbage_is_salvaged():
    good = proto.frame(2, "PONG", (("b", "01234567"), ("n", 1))).rstrip(b"\n")
    assert parse_line(b"\xff\x00$1 CUBE b=0 n=" + good).kind == "PONG"


def test_splitter_bounds_runaway_lines():
    splitter = LineSplitter()
    assert splitter.feed(b"abc") == []
    assert splitter.feed(b"def\nxy") == [b"abcdef"]
    assert splitter.feed(b"z" * 1000) == []
    assert splitter.feed(b"tail\nok\n") == [b"ok"]


def test_protocol_document_examples_check():
    doc = (FIRMWARE / "PROTOCOL.md").read_text()
    example = doc.split("## Example", 1)[1].split("```")[1]
    raws = re.findall(r"\$.*?\*[0-9A-F]{4}", example)
    assert len(raws) == 10
    for raw in raws:
        assert parse_line(raw.encode()) is not None, raw
