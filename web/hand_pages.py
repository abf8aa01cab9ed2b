"""A player's phone: the hand, opened by the join link's token and by nothing else."""
from __future__ import annotations

import secrets

from flask import Blueprint, Response, make_response, render_template, request

from web import screens
from web.context import GameContext, game_context
from web.identity import identify, table_cookie
from web.services import services
from web.words import Words

bp = Blueprint("hand", __name__)


DEVICE_COOKIE = "tc-device"


def device_id() -> str | None:
    """This browser's own random id (not a secret: it only tells one phone from another)."""
    return request.cookies.get(DEVICE_COOKIE)


@bp.get("/hand/<game_id>/<token>")
def hand(game_id: str, token: str) -> Response:
    ctx = game_context(game_id, token)
    if ctx.device.colour is None:
        return make_response(render_template("refused.html", t=Words(ctx.lang), lang=ctx.lang), 403)
    me = device_id() or secrets.token_hex(12)
    held = ctx.hub.holders(ctx.device.colour) - {me}
    if held and not shared(ctx) and request.args.get("take") != "1":
        page = render_template("shell/take_over.html", t=Words(ctx.lang), lang=ctx.lang,
                               player=ctx.names.player(ctx.device.colour), here=request.path)
    else:
        page = screens.page("hand", ctx, token=token, shared=shared(ctx))
    response = make_response(page)
    response.set_cookie(DEVICE_COOKIE, me, max_age=60 * 60 * 24 * 365, httponly=True, samesite="Lax")
    return response


def shared(ctx: GameContext) -> bool:
    """Whether this hand is open on a device the others see: the tablet passed round, or the
    table itself (its "open here" links). Such a hand opens behind the hand-over cover,
    whatever address opened it, and goes back to the table once its plan is sent."""
    if ctx.settings.pass_tablet:
        return True
    table = request.cookies.get(table_cookie(ctx.game_id))
    return identify(services().secret, ctx.game_id, (), None, table).table
