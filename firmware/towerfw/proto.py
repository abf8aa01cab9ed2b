"""Line framing shared by every message of the serial protocol (see PROTOCOL.md).

Every line is ``$<seq> <KIND>[ key=value]...*<CRC>`` so that a receiver can tell a whole,
correct line from a cut or corrupted one, and notice lost lines by the gap in ``seq``.
"""

VERSION = 1
MAX_LINE = 160


def _make_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_TABLE = _make_table()


def crc16(data):
    """CRC-16/CCITT-FALSE: table-driven so a line costs the board only a few hundred ops."""
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


def frame(seq, kind, fields=()):
    """Encode one line; ``fields`` is a sequence of (key, value) pairs kept in order."""
    parts = ["$%d %s" % (seq, kind)]
    for key, value in fields:
        parts.append(" %s=%s" % (key, value))
    body = "".join(parts)
    return ("%s*%04X\n" % (body, crc16(body.encode()))).encode()


def unframe(line):
    """Decode one line (bytes, without its newline) into (seq, kind, fields dict) or None.

    A line with garbage in front is salvaged from its last ``$``: a cut line followed by a
    whole one arrives glued together, and the whole one must not be lost with it.
    """
    line = bytes(line).rstrip(b"\r")
    start = line.rfind(b"$")
    star = line.rfind(b"*")
    if start < 0 or star < start or len(line) - star != 5:
        return None
    body = line[start:star]
    if line[star + 1:] != ("%04X" % crc16(body)).encode():
        return None
    try:
        words = body[1:].decode().split(" ")
    except UnicodeError:
        return None
    if len(words) < 2 or not words[0].isdigit() or not words[1]:
        return None
    fields = {}
    for word in words[2:]:
        eq = word.find("=")
        if eq <= 0:
            return None
        fields[word[:eq]] = word[eq + 1:]
    return int(words[0]), words[1], fields


class LineReader:
    """Collects incoming bytes into lines and drops any line longer than MAX_LINE.

    Bounding the buffer keeps a stream of garbage without newlines from using up the
    board's small heap.
    """

    def __init__(self):
        self._buf = bytearray()
        self._overflow = False

    def feed(self, data):
        """Return the complete lines in ``data`` (plus what came before); keep the rest."""
        lines = []
        for byte in data:
            if byte == 10:
                if not self._overflow:
                    lines.append(bytes(self._buf))
                self._buf = bytearray()
                self._overflow = False
            elif not self._overflow:
                self._buf.append(byte)
                if len(self._buf) > MAX_LINE:
                    self._overflow = True
                    self._buf = bytearray()
        return lines
