"""A player's phone: the hand, opened by the join link's token and by nothing else."""
from __future__ import annotations

from flask import Blueprint, render_template, request

from web import screens
from web.context import GameContext, game_context
from web.identity import identify, table_cookie
from web.services import services
from web.words import Words

bp = Blueprint("hand", __name__)


@bp.get("/hand/<game_id>/<token>")
def hand(game_id: str, token: str) -> tuple[str, int]:
    ctx = game_context(game_id, token)
    if ctx.device.colour is None:
        return render_template("refused.html", t=Words(ctx.lang), lang=ctx.lang), 403
    return screens.page("hand", ctx, token=token, shared=shared(ctx)), 200


def shared(ctx: GameContext) -> bool:
    """Whether this hand is open on a device the others see: the tablet passed round, or the
    table itself (its "open here" links). Such a hand opens behind the hand-over cover,
    whatever address opened it, and goes back to the table once its plan is sent."""
    if ctx.settings.pass_tablet:
        return True
    table = request.cookies.get(table_cookie(ctx.game_id))
    return identify(services().secret, ctx.game_id, (), None, table).table
