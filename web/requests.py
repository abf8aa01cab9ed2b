"""A request's JSON body, read within limits: a body that is too long, not JSON, nested past
reason or holding text that cannot be shown is refused with a key the device words, never a
server error. What the body must then hold is the route's or the game's schema to say."""
from __future__ import annotations

import json
from typing import Any

from flask import request

from companion.errors import RuleError

JSON_MAX = 256 * 1024  # bytes; the largest real body, a group's corrected board, is about 20 kB


def json_body() -> Any:
    """The body as JSON; RuleError ``command.not_json`` (or ``command.too_big``) otherwise."""
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


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
