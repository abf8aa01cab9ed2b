"""The board's behaviour: one cube per gate event, its colour, the protocol, the timers.

Everything here talks to the hardware only through ``hw`` (see hw_fake.py for the full
list of what a shim provides), so the same code runs on the RP2040, in the emulator under
CPython, and in the MicroPython WebAssembly checks.
"""

from towerfw import calstore, colour, gate, proto

FW_VERSION = "1.1.0"


class Board:
    def __init__(self, hw, settle_ms=1500, empty_ms=10000, heartbeat_ms=1000,
                 long_ms=40, jam_ms=500, history=256, tail_ms=100):
        self.hw = hw
        self.diff = hw.ticks_diff
        self.settle_ms = settle_ms
        self.empty_ms = empty_ms
        self.heartbeat_ms = heartbeat_ms
        self.tail_ms = tail_ms
        self.tail_due = False
        self.long_us = long_ms * 1000
        self.jam_us = jam_ms * 1000
        self.gate = gate.Gate()
        self.sampler = colour.Sampler()
        self.reader = proto.LineReader()
        saved = calstore.load(hw.cal_path)
        self.protos = dict(colour.FACTORY)
        self.protos.update(saved)
        self.calibrated = sorted(saved)
        self.boot = "%08x" % (hw.boot_id() & 0xFFFFFFFF)
        self.seq = 0
        self.count = 0
        self.history = [None] * history
        self.tray = 0
        self.tray_base = 0
        self.settled = False
        self.cal = None
        self.jam_said = False
        self.sensor_ok = True
        started = hw.ticks_ms()
        self.up_ms = 0
        self._ticked = started
        self.quiet_since = started
        self.last_beat = started
        self._hello(None)

    # -- output -------------------------------------------------------------------------

    def send(self, kind, fields=()):
        """Every line carries the boot id, so the host never files a cube under the wrong boot."""
        self.hw.write(proto.frame(self.seq, kind, (("b", self.boot),) + tuple(fields)))
        self.seq += 1

    def _hello(self, re):
        fields = [("proto", proto.VERSION), ("fw", FW_VERSION), ("n", self.count),
                  ("tray", self.tray), ("st", int(self.settled)),
                  ("cal", ",".join(self.calibrated) or "-"), ("settle", self.settle_ms),
                  ("up", self.up_ms // 1000)]
        if re is not None:
            fields.insert(0, ("re", re))
        self.send("HELLO", fields)

    def _status(self, re):
        fields = [("n", self.count), ("tray", self.tray), ("base", self.tray_base),
                  ("st", int(self.settled)), ("gate", int(self.gate.blocked)),
                  ("old", self.oldest()),
                  ("up", self.up_ms // 1000)]
        if re is not None:
            fields.insert(0, ("re", re))
        self.send("STATUS", fields)

    def _cube_line(self, n, replay):
        rec = self.history[n % len(self.history)]
        fields = [("n", n), ("c", rec[0]), ("q", rec[1]), ("w", rec[2]), ("t", rec[3])]
        if rec[4]:
            fields.append(("x", "long"))
        if replay:
            fields.append(("r", 1))
        self.send("CUBE", fields)

    def oldest(self):
        """Lowest cube number still kept for replay."""
        return max(1, self.count - len(self.history) + 1)

    # -- main loop ----------------------------------------------------------------------

    def uptime(self):
        """Milliseconds since boot, summed from tick differences step by step: the tick
        counter wraps (a difference across more than half its period, 6 days on the RP2040,
        comes out negative), and the uptime must only ever go up, as the host tells a restart
        by it going back."""
        now = self.hw.ticks_ms()
        self.up_ms += self.diff(now, self._ticked)
        self._ticked = now
        return self.up_ms

    def step(self):
        """One pass of the main loop: read the sensors, answer the host, run the timers."""
        hw = self.hw
        self.uptime()
        now_us = hw.ticks_us()
        event = self.gate.feed(self.diff, now_us, hw.read_gate())
        if event is not None:
            if event[0] == gate.ENTER:
                self.sampler.start()
            else:
                feat, _ = self.sampler.finish()
                self.jam_said = False
                if event[0] == gate.LEAVE:
                    self._passed(event[1], feat)
        try:
            rgbc = hw.read_colour()
        except OSError:
            rgbc = None
            if self.sensor_ok:
                self.sensor_ok = False
                self.send("ERR", (("code", "sensor"),))
        if rgbc is not None:
            self.sensor_ok = True
            self.sampler.add(rgbc)
        data = hw.read_input()
        if data:
            for line in self.reader.feed(data):
                self._command(line)
        self._timers(now_us)

    def _passed(self, width_us, feat):
        now = self.hw.ticks_ms()
        if self.cal is not None:
            self._calibration_cube(feat)
            return
        name, quality = colour.classify(feat, self.protos)
        self.count += 1
        t = self.uptime()
        self.history[self.count % len(self.history)] = (
            name, quality, width_us // 1000, t, width_us > self.long_us)
        self.settled = False
        self.quiet_since = now
        self.tail_due = True
        self._cube_line(self.count, False)

    def _timers(self, now_us):
        now = self.hw.ticks_ms()
        if self.gate.blocked:
            self.quiet_since = now
            if not self.jam_said and self.gate.blocked_for(self.diff, now_us) > self.jam_us:
                self.jam_said = True
                self.send("ERR", (("code", "jam"),))
        elif not self.settled and self.cal is None:
            need = self.settle_ms if self.count > self.tray_base else self.empty_ms
            if self.diff(now, self.quiet_since) >= need:
                self.settled = True
                self.send("SETTLED", (("tray", self.tray), ("n", self.count),
                                      ("cubes", self.count - self.tray_base)))
        if self.tail_due and self.diff(now, self.quiet_since) >= self.tail_ms:
            self.tail_due = False
            self.last_beat = now
            self._status(None)
        if self.diff(now, self.last_beat) >= self.heartbeat_ms:
            self.last_beat = now
            self._status(None)

    # -- commands -----------------------------------------------------------------------

    def _command(self, line):
        parsed = proto.unframe(line)
        if parsed is None:
            if line.strip():
                self.send("ERR", (("code", "frame"),))
            return
        hseq, kind, args = parsed
        handler = _HANDLERS.get(kind)
        if handler is None:
            self.send("ERR", (("re", hseq), ("code", "unknown")))
            return
        try:
            handler(self, hseq, args)
        except ValueError:
            self.send("ERR", (("re", hseq), ("code", "args")))

    def _cmd_hi(self, hseq, args):
        self._hello(hseq)

    def _cmd_ping(self, hseq, args):
        self.send("PONG", (("re", hseq), ("n", self.count)))

    def _cmd_status(self, hseq, args):
        self._status(hseq)

    def _cmd_reset(self, hseq, args):
        tray = int(args["tray"]) if "tray" in args else self.tray + 1
        if tray != self.tray:
            base = int(args.get("from", self.count))
            self.tray = tray
            self.tray_base = min(max(base, 0), self.count)
            self.settled = False
            self.quiet_since = self.hw.ticks_ms()
        self.send("OK", (("re", hseq), ("cmd", "RESET"), ("tray", self.tray),
                         ("base", self.tray_base), ("n", self.count)))

    def _cmd_replay(self, hseq, args):
        start = max(int(args.get("from", 1)), 1)
        oldest = self.oldest()
        if start < oldest and start <= self.count:
            self.send("ERR", (("re", hseq), ("code", "gone"), ("oldest", oldest)))
            start = oldest
        for n in range(start, self.count + 1):
            self._cube_line(n, True)
        self.send("OK", (("re", hseq), ("cmd", "REPLAY"), ("upto", self.count)))

    def _cmd_cal(self, hseq, args):
        name = args.get("c", "")
        if name == "none":
            self.cal = None
        elif name in colour.LEARNABLE:
            wanted = int(args.get("k", 5))
            if not 1 <= wanted <= 50:
                raise ValueError("k")
            self.cal = colour.Calibrator(name, wanted)
        else:
            raise ValueError("c")
        self.send("OK", (("re", hseq), ("cmd", "CAL"), ("c", name)))

    def _calibration_cube(self, feat):
        cal = self.cal
        done = cal.add(feat)
        self.send("CAL", (("c", cal.colour), ("k", len(cal.samples)), ("of", cal.wanted),
                          ("ok", int(feat is not None))))
        if not done:
            return
        mean, spread = cal.prototype()
        self.protos[cal.colour] = (mean, spread)
        saved = calstore.load(self.hw.cal_path)
        saved[cal.colour] = (mean, spread)
        calstore.save(self.hw.os, self.hw.cal_path, saved)
        if cal.colour not in self.calibrated:
            self.calibrated = sorted(self.calibrated + [cal.colour])
        self.cal = None
        self.send("CALDONE", (("c", cal.colour),
                              ("m", ",".join("%.3f" % x for x in mean)),
                              ("s", ",".join("%.3f" % x for x in spread))))


_HANDLERS = {
    "HI": Board._cmd_hi,
    "PING": Board._cmd_ping,
    "STATUS": Board._cmd_status,
    "RESET": Board._cmd_reset,
    "REPLAY": Board._cmd_replay,
    "CAL": Board._cmd_cal,
}
