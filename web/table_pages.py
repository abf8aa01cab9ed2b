"""The tablet's pages: the games on this server, a new game, and the table itself."""
from __future__ import annotations

from flask import (Blueprint, Response, current_app, redirect, render_template, request,
                   url_for)

from companion.i18n import LANGUAGES
from companion.kits.tower.source import PLAYER_COLOURS
from web.api import create_game, remember_table
from web.services import services
from companion.errors import RuleError
from web.context import GameContext, game_context
from web.refusals import refused
from web.identity import token
from web import screens
from web.qr import svg
from web.regions import REGIONS, payload, scene_for
from web.screens import has_screens
from web.setup_form import TIMERS, suggested_pin
from web.tray.verdict import verdict_lines
from web.words import COOKIE, Words, language

bp = Blueprint("table", __name__)


@bp.get("/")
def index() -> str:
    lang = language(request)
    return render_template("index.html", t=Words(lang), lang=lang,
                           games=services().hubs.games())


def _new_form(error: str | None = None, status: int = 200) -> tuple[str, int]:
    lang = language(request)
    pin = current_app.config.get("HOST_PIN") or suggested_pin()
    return render_template("new.html", t=Words(lang), lang=lang, colours=PLAYER_COLOURS,
                           timers=TIMERS, pin=pin, error=error, form=request.form), status


@bp.get("/new")
def new() -> tuple[str, int]:
    return _new_form()


@bp.post("/new")
def create() -> Response | tuple[str, int]:
    try:
        game_id = create_game(request.form)
    except RuleError as err:
        refusal = refused(err)
        return _new_form(refusal.get_json()["error"]["message"], refusal.status_code)
    return remember_table(redirect(url_for("table.table", game_id=game_id)), game_id)


def join_url(game_id: str, colour: str) -> str:
    """The link a phone opens: on the address the phones can reach, not the tablet's."""
    path = url_for("hand.hand", game_id=game_id,
                   token=token(services().secret, game_id, colour))
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


def joins(ctx: GameContext) -> list[dict[str, str]]:
    """Each seat's join link and QR code, for the table only (they open the hands)."""
    if not ctx.device.table:
        return []
    names = ctx.names
    return [{"colour": seat, "name": names.player(seat), "url": join_url(ctx.game_id, seat),
             "qr": svg(join_url(ctx.game_id, seat))} for seat in ctx.hub.seats()]


@bp.get("/table/<game_id>")
def table(game_id: str) -> str:
    ctx = game_context(game_id)
    if has_screens(ctx):
        return screens.page("table", ctx, joins=joins(ctx))
    scene = scene_for(ctx)
    return render_template("table/page.html", s=scene, t=scene.t, ctx=ctx, joins=joins(ctx),
                           first=payload("table", ctx, scene), regions=REGIONS["table"])


@bp.get("/lang/<lang>")
def set_language(lang: str) -> Response:
    """This device's language, kept in its own cookie."""
    target = request.args.get("next") or "/"
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target)
    if lang in LANGUAGES:
        response.set_cookie(COOKIE, lang, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response


@bp.app_template_global()
def trays():
    return services().trays


@bp.app_template_global()
def live_verdict(ctx: GameContext) -> list[str] | None:
    """What a settled live reading would decide, shown for one tap; None while cubes
    fall, without a live source, or when the bookkeeping rules the reading out."""
    live = ctx.hub.live
    if not live or not live["stable"]:
        return None
    try:
        return verdict_lines(ctx.hub, live["counts"], ctx.names)
    except RuleError:
        return None


@bp.app_template_global()
def hand_link(game_id: str, colour: str) -> str:
    """A hand's path, for the table's pass-the-tablet buttons (the table knows every token)."""
    return f"/hand/{game_id}/{token(services().secret, game_id, colour)}"
