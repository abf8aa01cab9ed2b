"""A request's JSON body, read within limits: a body that is too long, not JSON, nested past
reason or holding text that cannot be shown is refused with a key the device words, never a
server error. What the body must then hold is the route's or the game's schema to say."""
from __future__ import annotations

import json
import re
import secrets
from typing import Annotated, Any, TypeVar

import msgspec
from flask import g, request

from companion.engine.validate import convert, text, whole
from companion.errors import RuleError

T = TypeVar("T")

FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
JSON_MAX = 256 * 1024  # bytes; the largest real body, a group's corrected board, is about 20 kB


def json_body() -> Any:
    """The body as JSON (read once per request); RuleError ``command.not_json`` (or
    ``command.too_big``) otherwise."""
    if "json_body" not in g:
        g.json_body = _read_json()
    return g.json_body


def _read_json() -> Any:
    if request.content_length is not None and request.content_length > JSON_MAX:
        raise RuleError("command.too_big", kb=JSON_MAX // 1024)
    raw = request.stream.read(JSON_MAX + 1)
    if len(raw) > JSON_MAX:
        raise RuleError("command.too_big", kb=JSON_MAX // 1024)
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise RuleError("command.not_json") from None


def json_object() -> dict[str, Any]:
    """The body, which must be a JSON object."""
    body = json_body()
    if not isinstance(body, dict):
        raise RuleError("command.not_object")
    return body


class HostBody(msgspec.Struct, forbid_unknown_fields=True):
    """The host's actions (undo, end the game, claim the table): the PIN, checked after."""

    pin: text(64)


class PreviewBody(msgspec.Struct, forbid_unknown_fields=True):
    """A tray count to preview: cubes by colour."""

    counts: Annotated[dict[text(16, 1), whole(0, 200)], msgspec.Meta(max_length=8)]


class BoardDoneBody(msgspec.Struct, forbid_unknown_fields=True):
    """The table has carried out the board step ``(seq, index)`` (``web.board``)."""

    seq: whole(0, 1_000_000)
    index: whole(0, 1000)


class SeenBody(msgspec.Struct, forbid_unknown_fields=True):
    """The table closed the screen ``overlay`` (``web.api.seen``)."""

    overlay: text(40, 1)


class TrayMarks(msgspec.Struct, forbid_unknown_fields=True):
    """The frame two taps drew round the tray on the empty photo: its opposite corners, x, y,
    x, y as fractions of the picture (``vision.calibration.calibrate``)."""

    tray: Annotated[list[Annotated[float, msgspec.Meta(ge=0, le=1)]], msgspec.Meta(min_length=4, max_length=4)]


def tray_marks() -> tuple[float, float, float, float] | None:
    """The calibration form's ``tray`` field (JSON), if the table marked the tray."""
    sent = request.form.get("tray")
    if sent is None:
        return None
    try:
        value = json.loads(sent)
    except ValueError:
        raise RuleError("command.bad_field", field="tray") from None
    return tuple(convert({"tray": value}, TrayMarks).tray)


class NewGameBody(msgspec.Struct):
    """The table's own settings of a new game; the game reads the other fields itself."""

    pin: text(8) = ""
    game: text(40) | None = None
    tray: text(16) | None = None
    timer: whole(0, 3600) | text(8) | None = None
    pass_tablet: bool | text(8) | None = None
    board: text(8) | None = None


REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def request_id() -> str:
    """What makes a request unique, chosen by the device once per tap and sent again
    unchanged if no answer came: a form's ``request`` field (the page made it), else the
    ``Idempotency-Key`` header. A request that changes a game must carry one."""
    key = request.form.get("request") if request.mimetype in FORMS else None
    if key is None:
        key = request.headers.get("Idempotency-Key")
    if key is None:
        raise RuleError("request.no_id")
    if not REQUEST_ID.fullmatch(key):
        raise RuleError("request.bad_id")
    return key


def new_request_id() -> str:
    """An id for a form to send back with itself (a new-game page sent twice makes one game)."""
    return secrets.token_urlsafe(18)


def body_as(schema: type[T]) -> T:
    """The body, converted to ``schema`` by msgspec in strict mode (refused with the field's
    path otherwise)."""
    return convert(json_object(), schema)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
