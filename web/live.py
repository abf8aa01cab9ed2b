"""Live updates by Server-Sent Events: each device gets its own screen on every change.

On connecting (and on every reconnect, which EventSource does by itself) the device gets
its full screen at once, so a phone that slept or a server that restarted costs nothing.
After that, each change of the game sends the device's regions again; a device that falls
behind skips straight to the newest revision.
"""
from __future__ import annotations

import json
import queue
from typing import Iterator

from flask import Blueprint, Response, current_app

from companion.errors import RuleError
from web import screens
from web.context import game_context, player_token
from web.hand_pages import device_id
from web.hub import CLOSED

bp = Blueprint("live", __name__, url_prefix="/live")

KEEPALIVE_S = 15.0


def _event(data: dict) -> str:
    return f"id: {data['rev']}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


@bp.get("/<game_id>")
def stream(game_id: str) -> Response:
    """``?token=`` for a phone's hand; the table cookie or nothing for the public table."""
    ctx = game_context(game_id)
    if player_token() and ctx.device.colour is None:
        raise RuleError("device.bad_token")
    kind = "table" if ctx.device.colour is None else "hand"
    hub = ctx.hub
    device = device_id()
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def screen() -> str:
        # Only an app context, entered and left within one step: streams interleave freely.
        with app.app_context():
            return _event(screens.payload(kind, ctx))

    def events() -> Iterator[str]:
        q = hub.subscribe(ctx.device.colour, device)
        try:
            yield "retry: 1000\n" + screen()
            while True:
                try:
                    rev = q.get(timeout=KEEPALIVE_S)
                except queue.Empty:
                    yield ": keepalive\n\n"
                    continue
                while rev != CLOSED:
                    try:
                        rev = q.get_nowait()
                    except queue.Empty:
                        break
                if rev == CLOSED:
                    return
                yield screen()
        finally:
            hub.unsubscribe(q)

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
