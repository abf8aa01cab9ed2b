"""Light gate: turns the phototransistor's readings into one event per passing cube.

The IR beam crosses the exit chute; a cube shades it. Thresholds are fractions of the
slowly tracked "clear" level, so LED ageing, dust and room light move the baseline
without moving the decision, and the gap between the two fractions (hysteresis) keeps a
noisy edge from counting one cube twice.
"""

ENTER = 1
LEAVE = 2
GLITCH = 3


class Gate:
    def __init__(self, block_pct=55, clear_pct=75, min_block_us=1000, track_shift=7):
        self.block_pct = block_pct
        self.clear_pct = clear_pct
        self.min_block_us = min_block_us
        self.track_shift = track_shift
        self.base = -1
        self.blocked = False
        self.since = 0

    def feed(self, diff, t_us, level):
        """Take one reading; return (ENTER, t), (LEAVE, width_us), (GLITCH, width_us) or None.

        ``diff`` is the platform's ticks_diff, so the board's wrapping microsecond counter
        and the emulator's plain integers are both handled.
        """
        if self.base < 0:
            self.base = level
            return None
        if self.blocked:
            if level * 100 >= self.base * self.clear_pct:
                self.blocked = False
                width = diff(t_us, self.since)
                if width < self.min_block_us:
                    return (GLITCH, width)
                return (LEAVE, width)
            return None
        if level * 100 < self.base * self.block_pct:
            self.blocked = True
            self.since = t_us
            return (ENTER, t_us)
        self.base += (level - self.base) >> self.track_shift
        return None

    def blocked_for(self, diff, t_us):
        """How long the beam has been shaded now (0 when clear): a jam shows up here."""
        if not self.blocked:
            return 0
        return diff(t_us, self.since)
