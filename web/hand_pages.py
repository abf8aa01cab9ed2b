"""A player's phone: the hand, opened by the join link's token and by nothing else."""
from __future__ import annotations

from flask import Blueprint, render_template

from web import screens
from web.context import game_context
from web.words import Words

bp = Blueprint("hand", __name__)


@bp.get("/hand/<game_id>/<token>")
def hand(game_id: str, token: str) -> tuple[str, int]:
    ctx = game_context(game_id, token)
    if ctx.device.colour is None:
        return render_template("refused.html", t=Words(ctx.lang), lang=ctx.lang), 403
    return screens.page("hand", ctx, token=token), 200
