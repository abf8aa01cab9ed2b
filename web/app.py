"""The app factory: one database, one secret, one hub per game; the shell's blueprints, the
tray's when a game uses the tower, and each game's screens.

``create_app({"DB": path})`` is all a test or the server needs; everything the app keeps
between requests hangs off ``app.extensions["companion"]`` so two apps on two databases
(a test and a restart) never share anything. A database or secret file that cannot serve
(damaged, read-only, on a full disk) stops it with a RuleError that words what is wrong
(``companion.storage``), not a traceback.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from flask import Flask

from companion.cli import default_db
from companion.engine import find_game, names
from companion.storage import check, when_free, worded
from web import api, hand_pages, limits, live, printed_pages, refusals, screens, table_pages
from web.hub import Hubs
from web.instance import load_secret
from web.services import Services
from web.settings import SettingsStore
from web.tray import routes as tray_routes
from web.tray.sources import TraySources


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The web app. Config: DB (the games' SQLite file; default as the command line),
    HOST_PIN (the PIN suggested for new games and used for games made elsewhere), SECRET
    (bytes; by default made once and kept next to the DB), SENSOR_PORT (the sensor board's
    port or pyserial URL; by default $COMPANION_SENSOR_PORT, else found by its USB ids),
    CAMERA_DEVICE (a webcam on the server for live counting: an index or a video URL; by
    default $COMPANION_CAMERA, else none: the tablet sends photos)."""
    app = Flask(__name__)
    app.config.update(DB=str(default_db()), HOST_PIN=None, SECRET=None,
                      SENSOR_PORT=os.environ.get("COMPANION_SENSOR_PORT"),
                      CAMERA_DEVICE=os.environ.get("COMPANION_CAMERA"),
                      SEND_FILE_MAX_AGE_DEFAULT=3600)
    app.config.update(config or {})
    db = Path(app.config["DB"])
    with worded(db):
        db.parent.mkdir(parents=True, exist_ok=True)
        secret = app.config["SECRET"] or load_secret(db)
        check(db)
        hubs, settings = when_free(lambda: Hubs(db)), when_free(lambda: SettingsStore(db))
    trays = TraySources(db, app.config["SENSOR_PORT"], app.config["CAMERA_DEVICE"])
    app.extensions["companion"] = Services(db, secret, hubs, settings, trays)

    for bp in (table_pages.bp, hand_pages.bp, api.bp, live.bp, printed_pages.bp):
        app.register_blueprint(bp)
    if any("tower" in find_game(name).capabilities for name in names()):
        app.register_blueprint(tray_routes.bp)
    screens.mount(app)
    limits.install(app)
    refusals.install(app)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    return app
