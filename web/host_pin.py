"""The host PIN at the door of a request: checked through the guard (``web.pin_guard``),
refused with how long to wait, and the table's notice that someone is trying, worded for it.
"""
from __future__ import annotations

import math
from typing import Any

from flask import request

from companion.errors import RuleError
from web.context import GameContext
from web.pin_guard import NOTICE_S
from web.services import services
from web.settings import pin_ok
from web.words import Words


def device_of(ctx: GameContext) -> str:
    """The device as the guard counts it: its address and what its token proves (a forged
    token proves nothing, so it cannot make a fresh device)."""
    role = "table" if ctx.device.table else ctx.device.colour or ""
    return f"{request.remote_addr or '?'}|{role}"


def check(ctx: GameContext, pin: str) -> None:
    """Nothing if ``pin`` is the game's host PIN and this device may try one now; otherwise
    RuleError ``host.pin_wait`` (a wait runs, 429) or ``host.bad_pin``. A wrong PIN from
    elsewhere than the table redraws the screens, so the table shows the notice at once."""
    svc = services()
    verdict = svc.pins.attempt(ctx.game_id, device_of(ctx),
                               lambda: pin_ok(svc.secret, ctx.settings, pin),
                               table=ctx.device.table)
    if verdict.wait:
        raise RuleError("host.pin_wait", **wait_words(verdict.wait))
    if not verdict.accepted:
        if not ctx.device.table:
            ctx.hub.poke()
        raise RuleError("host.bad_pin")


def wait_words(seconds: float) -> dict[str, Any]:
    """A wait as a message says it: whole seconds up to a minute and a half, else minutes,
    rounded up (never "0 seconds").

    >>> wait_words(4.2), wait_words(90), wait_words(91)
    ({'n': 5, 'unit': 'seconds'}, {'n': 90, 'unit': 'seconds'}, {'n': 2, 'unit': 'minutes'})
    """
    if seconds <= 90:
        return {"n": max(1, math.ceil(seconds)), "unit": "seconds"}
    return {"n": math.ceil(seconds / 60), "unit": "minutes"}


def notice(ctx: GameContext) -> dict[str, Any] | None:
    """The table's notice of wrong host PINs entered elsewhere lately, in its language: the
    text, when the latest was entered (a dismissed notice comes back after a newer one) and
    when it is over. None on any other device, or when there were none."""
    if not ctx.device.table:
        return None
    found = services().pins.notice(ctx.game_id)
    if found is None:
        return None
    text = Words(ctx.lang)("host.someone_trying", n=found.failures, minutes=int(NOTICE_S // 60))
    return {"text": text, "last": found.last, "until": found.until}
