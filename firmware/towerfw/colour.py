"""Colour of a passing cube: sampling while it shades the gate, and nearest prototype.

Features are chromaticity (r, g, b shares of r+g+b) plus a squashed brightness, so the
cube's distance from the sensor changes mostly the brightness while the hue stays put;
black cubes differ from the others mainly by brightness, which is why it is kept.
"""

import math

UNKNOWN = "?"
COLOURS = ("red", "blue", "yellow", "purple", "black", "green")
LEARNABLE = COLOURS + ("white", "orange")  # the host's palette: these two have no factory prototype, only one calibrated
LUM_K = 300.0
WEIGHTS = (1.0, 1.0, 1.0, 0.5)
SPREAD_FLOOR = (0.02, 0.02, 0.02, 0.04)
REJECT = 8.0

# Rough prototypes for a TCS34725 (gain 16x, 2.4 ms, so counts up to 1024) lit by its
# breakout's white LED, 5 mm from the chute; every board should be calibrated, these only make a fresh board usable.
FACTORY = {
    "red": ((0.60, 0.20, 0.20, 0.45), (0.03, 0.02, 0.02, 0.08)),
    "blue": ((0.18, 0.32, 0.50, 0.35), (0.02, 0.02, 0.03, 0.08)),
    "yellow": ((0.45, 0.40, 0.15, 0.65), (0.02, 0.02, 0.02, 0.08)),
    "purple": ((0.40, 0.22, 0.38, 0.35), (0.02, 0.02, 0.02, 0.08)),
    "black": ((0.34, 0.33, 0.33, 0.08), (0.08, 0.08, 0.08, 0.04)),
    "green": ((0.22, 0.50, 0.28, 0.45), (0.02, 0.03, 0.02, 0.08)),
}


def features(r, g, b, c):
    """Feature vector of an ambient-corrected reading, or None when there is no light."""
    s = r + g + b
    if s <= 0 or c <= 0:
        return None
    return (r / s, g / s, b / s, c / (c + LUM_K))


class Sampler:
    """Averages colour readings while the beam is shaded, minus the empty-chute light."""

    def __init__(self, ambient_shift=4):
        self.ambient = None
        self.ambient_shift = ambient_shift
        self._sum = [0, 0, 0, 0]
        self._n = 0
        self.active = False

    def start(self):
        self._sum = [0, 0, 0, 0]
        self._n = 0
        self.active = True

    def add(self, rgbc):
        """Feed one sensor reading; while idle it updates what the empty chute looks like."""
        if self.active:
            for i in range(4):
                self._sum[i] += rgbc[i]
            self._n += 1
        elif self.ambient is None:
            self.ambient = list(rgbc)
        else:
            for i in range(4):
                self.ambient[i] += (rgbc[i] - self.ambient[i]) / (1 << self.ambient_shift)

    def finish(self):
        """Stop sampling; return (features or None, number of readings taken)."""
        self.active = False
        n = self._n
        if n == 0:
            return None, 0
        amb = self.ambient or (0, 0, 0, 0)
        mean = [max(0.0, self._sum[i] / n - amb[i]) for i in range(4)]
        return features(mean[0], mean[1], mean[2], mean[3]), n


def distance(feat, proto):
    mean, spread = proto
    total = 0.0
    for i in range(4):
        d = (feat[i] - mean[i]) / max(spread[i], SPREAD_FLOOR[i])
        total += WEIGHTS[i] * d * d
    return math.sqrt(total)


def classify(feat, prototypes):
    """Nearest prototype; returns (colour or UNKNOWN, quality 0..100).

    Quality is how much nearer the best prototype is than the runner-up; a reading far
    from every prototype is UNKNOWN rather than a guess, so the host can say so.
    """
    if feat is None or not prototypes:
        return UNKNOWN, 0
    best = None
    d1 = d2 = 1e30
    for name in prototypes:
        d = distance(feat, prototypes[name])
        if d < d1:
            best, d1, d2 = name, d, d1
        elif d < d2:
            d2 = d
    if d1 > REJECT:
        return UNKNOWN, 0
    if d2 >= 1e30:
        return best, 100
    return best, int(100 * (d2 - d1) / d2)


class Calibrator:
    """Builds one colour's prototype from cubes of that colour dropped through the gate."""

    def __init__(self, colour, wanted):
        self.colour = colour
        self.wanted = wanted
        self.samples = []

    def add(self, feat):
        if feat is not None:
            self.samples.append(feat)
        return len(self.samples) >= self.wanted

    def prototype(self):
        n = len(self.samples)
        mean = [sum(s[i] for s in self.samples) / n for i in range(4)]
        spread = []
        for i in range(4):
            var = sum((s[i] - mean[i]) ** 2 for s in self.samples) / n
            spread.append(max(math.sqrt(var), SPREAD_FLOOR[i]))
        return (tuple(mean), tuple(spread))
