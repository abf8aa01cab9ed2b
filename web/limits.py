"""How much of a request's body the app reads, route by route, and what a longer one is told.

Every route takes a JSON body or a form of at most ``JSON_MAX``, but the camera's, which take
photos and frames. The limit is set on each request before its route runs, so Werkzeug
refuses a longer body unread (a Content-Length past it, or a stream that runs past it) with
a refusal worded like any other, whether the route reads its body or refuses first. The
stream gives one byte more than the limit, so a route that reads ``limit + 1`` bytes to
tell a body too long from one just long enough sees it, whether its length was declared or
it came in chunks. The server (waitress) refuses a body longer than the largest limit by its
Content-Length, before reading it (or as soon as a chunked one runs past it), and keeps a
body it reads on disk beyond half a megabyte, not in memory.
"""
from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.errors import RuleError
from web.requests import JSON_MAX
from web.tray.routes import FRAME_MAX, PHOTOS_MAX

# endpoint: (the most bytes its body may have, the key of the refusal of a longer one)
BODIES: dict[str, tuple[int, str]] = {
    "tray.camera_calibrate": (PHOTOS_MAX, "camera.photo_too_big"),
    "tray.camera_photo": (PHOTOS_MAX, "camera.photo_too_big"),
    "tray.camera_frame": (FRAME_MAX, "camera.frame_too_big"),
}
OTHERS = (JSON_MAX, "command.too_big")
URLENCODED = "application/x-www-form-urlencoded"


def body_limit(endpoint: str | None) -> tuple[int, str]:
    """The most bytes a route's body may have, and the key of the refusal of a longer one."""
    return BODIES.get(endpoint or "", OTHERS)


def largest() -> int:
    """The longest body any route takes: the server reads no more of a request."""
    return max(limit for limit, _ in (*BODIES.values(), OTHERS))


def too_big() -> RuleError:
    """The refusal of a body longer than its route takes, with the limit in kB and in MB
    (each message says it in the unit that reads best)."""
    limit, key = body_limit(request.endpoint)
    return RuleError(key, kb=limit // 1024, mb=limit // 2**20)


def install(app: Flask) -> None:
    app.config["MAX_CONTENT_LENGTH"] = JSON_MAX + 1

    @app.before_request
    def _limit() -> None:
        request.max_content_length = body_limit(request.endpoint)[0] + 1
        if request.content_length is None and request.mimetype == URLENCODED:
            # Werkzeug reads such a form whole and, sent in chunks, cuts it at the limit
            # without a word: read here, a form that filled the limit is one longer than it.
            request.form
            if getattr(request.stream, "is_exhausted", False):
                raise RequestEntityTooLarge()
