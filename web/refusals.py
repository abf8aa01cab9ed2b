"""Every refusal takes one shape, made in one place: ``{"error": {"key", "params",
"message"}}`` with a 4xx status and the message in the device's language (for a page, the
same sentence on a page). Routes raise ``RuleError``; the handlers registered here answer
it, and nothing has changed.

The same handlers word what is not the route's to say: a request the server cannot serve
(an unknown address, a body longer than the route takes) and a disk or database that fails
(``companion.storage``: full, read-only, damaged), which is a 5xx that says what to do, never
a bare server error.
"""
from __future__ import annotations

import sqlite3
from typing import Any

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.errors import RuleError
from companion.i18n import Names
from companion.storage import fault
from web import limits
from web.services import services
from web.words import Words, language, refusal

BAD_REQUEST = ("command.", "camera.", "calibration.", "request.", "setup.no_seed")
FORBIDDEN = ("device.", "host.")
# What JSON asks for: the API and the live stream; every other address is a page.
JSON_PATHS = ("/api/", "/live/")
HTTP_KEYS = {404: "request.not_found", 405: "request.not_allowed"}


def status_of(key: str) -> int:
    """400 for a request that is malformed, 403 for a sender who may not, 413 for one too
    large, 429 for one that must wait, 409 for a well-formed request the game's rules do not
    allow now; 507 for a full disk and 503 for any other storage that cannot serve
    (read-only, damaged, busy)."""
    if key.endswith("too_big"):
        return 413
    if key.endswith("_wait"):
        return 429
    if key == "storage.full":
        return 507
    if key.startswith("storage."):
        return 503
    if key.startswith(FORBIDDEN):
        return 403
    if key.startswith(BAD_REQUEST):
        return 400
    return 409


def refused(err: RuleError, status: int | None = None) -> Response:
    """The refusal as JSON."""
    body = {"error": {"key": err.key, "params": _plain(err.params),
                      "message": refusal(err.key, err.params, _names())}}
    response = jsonify(body)
    response.status_code = status or status_of(err.key)
    return response


def answer(err: RuleError, status: int | None = None) -> Response | tuple[str, int]:
    """The refusal as the asker reads it: JSON for the API and the live stream, a page with
    the sentence for a page."""
    response = refused(err, status)
    if request.path.startswith(JSON_PATHS):
        return response
    lang = _names().lang
    return render_template("shell/refusal.html", t=Words(lang), lang=lang, key=err.key,
                           message=response.get_json()["error"]["message"]), response.status_code


def _names() -> Names:
    return g.get("names") or Names(language(request))


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, (str, int, float, bool, type(None), list, dict)) else str(v)
            for k, v in params.items()}


def _http(exc: HTTPException) -> Any:
    """Werkzeug's refusals (no such page, a body too long, a form that cannot be read)
    worded like the routes' own; redirects pass."""
    if exc.code is None or exc.code < 400:
        return exc
    if exc.code == 413:
        return answer(limits.too_big())
    return answer(RuleError(HTTP_KEYS.get(exc.code, "request.bad")), exc.code)


def _storage(exc: Exception) -> Any:
    """A failing disk or database: what is wrong and what to do, and a line in the server's
    log. Any other error is raised again: a bug stays a server error."""
    err = fault(exc, services().db)
    if err is None:
        raise exc
    current_app.logger.warning("%s: %s", err.key, exc)
    return answer(err)


def install(app: Flask) -> None:
    app.register_error_handler(RuleError, answer)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(sqlite3.Error, _storage)
    app.register_error_handler(OSError, _storage)
