"""The tablet's pages: the games on this server, a new game, and the table itself."""
from __future__ import annotations

import re

from flask import (Blueprint, Response, abort, current_app, redirect, render_template, request,
                   url_for)

from companion.engine import find_game, names
from companion.errors import RuleError
from companion.i18n import LANGUAGES
from companion.storage import worded
from web import screens
from web.api import create_game, remember_table
from web.context import GameContext, game_context
from web.identity import token
from web.qr import svg
from web.refusals import refused
from web.requests import new_request_id, request_id
from web.screens import GameWords
from web.services import services
from web.setup_form import PIN_DIGITS, TIMERS, suggested_pin
from web.words import COOKIE, Words, language

bp = Blueprint("table", __name__)

# A page of this site to go back to: words, digits, dashes and slashes, one query of the same
# (no scheme, no host, no "//", no backslash, no whitespace a browser would drop).
ON_SITE = re.compile(r"/(?:[\w-]+(?:/[\w-]+)*/?)?(?:\?[\w=&-]*)?", re.ASCII)


def _games() -> list[tuple[str, str]]:
    """Every game this install runs, with its name in the device's language."""
    lang = language(request)
    return [(name, find_game(name).titles().get(lang, name)) for name in names()]


@bp.get("/")
def index() -> str:
    lang = language(request)
    titles = dict(_games())
    return render_template("index.html", t=Words(lang), lang=lang, titles=titles,
                           words={name: GameWords(name, lang) for name in titles},
                           games=[g for g in services().hubs.games() if g.game in titles])


@bp.get("/new")
def choose() -> Response | str:
    """The new game: straight to the form when this install runs one game, else the list."""
    games = _games()
    if len(games) == 1:
        return redirect(url_for("table.new", game=games[0][0]))
    lang = language(request)
    return render_template("shell/choose.html", t=Words(lang), lang=lang, games=games)


def _new_form(game: str, error: str | None = None, status: int = 200) -> tuple[str, int]:
    lang = language(request)
    try:
        found = find_game(game)
    except RuleError:
        abort(404)
    pin = current_app.config.get("HOST_PIN") or suggested_pin()
    return render_template("shell/new.html", t=GameWords(game, lang), lang=lang, game=game,
                           title=found.titles().get(lang, game),
                           tower="tower" in found.capabilities, board="board" in found.capabilities,
                           timers=TIMERS, pin=pin,
                           pin_digits=PIN_DIGITS, error=error, form=request.form,
                           styles=screens.styles(found), request_id=new_request_id(),
                           known=services().hubs.printed(game), **found.screens.new_game), status


@bp.get("/new/<game>")
def new(game: str) -> tuple[str, int]:
    return _new_form(game)


@bp.post("/new/<game>")
def create(game: str) -> Response | tuple[str, int]:
    try:
        with worded(services().db):
            game_id, _ = create_game({**request.form.to_dict(), "game": game}, request_id())
    except RuleError as err:
        refusal = refused(err)
        return _new_form(game, refusal.get_json()["error"]["message"], refusal.status_code)
    # With phones, the codes to join by are what the group needs first: the table opens on them.
    join = "" if str(request.form.get("pass_tablet") or "") else "#join"
    return remember_table(redirect(url_for("table.table", game_id=game_id) + join), game_id)


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
    return screens.page("table", ctx, joins=joins(ctx))


@bp.get("/lang/<lang>")
def set_language(lang: str) -> Response:
    """This device's language, kept in its own cookie."""
    target = request.args.get("next") or "/"
    if not ON_SITE.fullmatch(target):
        target = "/"
    response = redirect(target)
    if lang in LANGUAGES:
        response.set_cookie(COOKIE, lang, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response


@bp.app_template_global()
def hand_link(game_id: str, colour: str) -> str:
    """A hand's path, for the table's pass-the-tablet buttons (the table knows every token)."""
    return f"/hand/{game_id}/{token(services().secret, game_id, colour)}"
