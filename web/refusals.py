"""Every refusal takes one shape, made in one place: ``{"error": {"key", "params",
"message"}}`` with a 4xx status and the message in the device's language. Routes raise
``RuleError``; the handler registered here answers it, and nothing has changed."""
from __future__ import annotations

from typing import Any

from flask import Flask, Response, g, jsonify, request

from companion.errors import RuleError
from companion.i18n import Names
from web.words import language, refusal

BAD_REQUEST = ("command.", "camera.", "calibration.", "request.", "setup.no_seed")
FORBIDDEN = ("device.", "host.")


def status_of(key: str) -> int:
    """400 for a request that is malformed, 403 for a sender who may not, 413 for one too
    large, 429 for one that must wait, 409 for a well-formed request the game's rules do not
    allow now."""
    if key.endswith("_too_big"):
        return 413
    if key.endswith("_wait"):
        return 429
    if key.startswith(FORBIDDEN):
        return 403
    if key.startswith(BAD_REQUEST):
        return 400
    return 409


def refused(err: RuleError, status: int | None = None) -> Response:
    names: Names = g.get("names") or Names(language(request))
    body = {"error": {"key": err.key, "params": _plain(err.params),
                      "message": refusal(err.key, err.params, names)}}
    response = jsonify(body)
    response.status_code = status or status_of(err.key)
    return response


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v if isinstance(v, (str, int, float, bool, type(None), list, dict)) else str(v)
            for k, v in params.items()}


def install(app: Flask) -> None:
    app.register_error_handler(RuleError, refused)
