"""``python -m web``: serve the table on this machine and print where to open it.

The address and its QR code are printed so the tablet can open the table by scanning the
terminal; the phones then join from the table's own QR codes (always on the network address).
A tablet that runs the server itself is better served at http://localhost: a browser gives a
page the camera only there or over HTTPS, and the live camera needs it.

What stops the start (a damaged or read-only database, a full disk, a damaged secret file,
a port in use) is one sentence on stderr, in $TABLE_COMPANION_LANG or the terminal's
language (English when it is none of ru, cs, en), and the exit status 2.
"""
from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import Sequence

from companion.cli import default_db
from companion.errors import RuleError
from companion.i18n import LANGUAGES, Names
from web.app import create_app
from web.qr import text
from web.serve import lan_address, make_server
from web.setup_form import PIN_DIGITS, pin_fits
from web.words import refusal


def terminal_language() -> str:
    """$TABLE_COMPANION_LANG (as for the command line), else the terminal's locale when it is
    a language the app speaks, else English, the language of the server's other lines."""
    chosen = os.environ.get("TABLE_COMPANION_LANG")
    if chosen in LANGUAGES:
        return chosen
    locale = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)), "")
    return locale[:2] if locale[:2] in LANGUAGES else "en"


def _stopped(err: RuleError) -> int:
    print(refusal(err.key, err.params, Names(terminal_language())), file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m web", description="Table Companion: the web app.")
    ap.add_argument("--host", default=os.environ.get("TABLE_COMPANION_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("TABLE_COMPANION_PORT", "8000")))
    ap.add_argument("--db", type=Path, default=default_db(), help="the SQLite file of games")
    ap.add_argument("--pin", default=os.environ.get("TABLE_COMPANION_PIN"),
                    help="the host PIN suggested for new games")
    ap.add_argument("--sensor", default=os.environ.get("COMPANION_SENSOR_PORT"),
                    help="the sensor board's port or pyserial URL (default: found by USB ids)")
    args = ap.parse_args(argv)
    if args.pin and not pin_fits(args.pin):
        ap.error(f"--pin: a new game's host PIN is {PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits")
    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    try:
        app = create_app({"DB": str(args.db), "HOST_PIN": args.pin, "SENSOR_PORT": args.sensor})
    except RuleError as err:
        return _stopped(err)
    try:
        server = make_server(app, args.host, args.port)
    except OSError as exc:
        app.extensions["companion"].close()
        if exc.errno != errno.EADDRINUSE:
            raise
        return _stopped(RuleError("start.port_in_use", port=args.port))
    url = f"http://{host}:{server.effective_port}/"
    app.config["PUBLIC_URL"] = url
    print(text(url))
    print(f"Table Companion: open {url} on the tablet (games in {args.db}); "
          f"tray sources here: {', '.join(app.extensions['companion'].trays.present())}. "
          f"A tablet running this server itself opens http://localhost:{server.effective_port}/ "
          "instead, so its camera can count the tray live.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
