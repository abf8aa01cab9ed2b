"""The JSON API: games made, commands from the table and the phones, the host's actions.

The door only says who is asking (a seat's phone, the table, the host with the PIN); which
commands each may send is the game's decision (``Game.execute`` gets the actor). A refusal
is raised as ``RuleError`` and answered by ``web.refusals`` in the device's language;
nothing has changed when one is returned.
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from flask import Blueprint, Response, abort, current_app, g, jsonify, make_response, request

from companion.engine import HOST, ONLOOKER, TABLE, Actor, find_game
from companion.engine.draws import Draws
from companion.errors import RuleError
from web import board, clock, host_pin, setup_form
from web.context import GameContext, change_settings, game_context, player_token, table_settings
from web.hub import Answered, GameHub
from web.identity import TABLE as TABLE_ROLE, table_cookie, token
from web.requests import BoardDoneBody, HostBody, SeenBody, NewGameBody, body_as, json_body, json_object, request_id
from web.services import services
from web.settings import SettingsStore, TableSettings
from web.words import language

bp = Blueprint("api", __name__, url_prefix="/api")

COOKIE_AGE = 60 * 60 * 24 * 365


def create_game(data: Any, request_id: str) -> tuple[str, bool]:
    """Make a game from the new-game form or JSON, with its settings, in one write; the
    device that makes it is its table. The game's id, and whether this request (a form
    sent twice, an answer lost) had made it already."""
    svc = services()
    new = setup_form.read(data if isinstance(data, dict) else {}, svc.hubs.printed)
    game = find_game(new.game)
    g.names = game.names(game.new_state(), language(request))
    if new.tray == "auto":
        new = replace(new, tray=svc.trays.best())
    return svc.hubs.create(game, new.command, TABLE, draws(),
                           SettingsStore.row(new.settings(svc.secret)), request_id)


def draws() -> Draws:
    """A new game's hidden draws: a secret key no device sees or chooses; a test's app
    may fix a seed in its configuration (``SEED``) to replay the same game."""
    seed = current_app.config.get("SEED")
    return Draws.secret() if seed is None else Draws.seeded(int(seed))


def remember_table(response: Response, game_id: str) -> Response:
    """This device is now the game's table (a long-lived cookie, HTTP only)."""
    response.set_cookie(table_cookie(game_id), token(services().secret, game_id, TABLE_ROLE),
                        max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return response


@bp.post("/games")
def create() -> Response:
    data = json_object()
    body_as(NewGameBody)
    game_id, repeated = create_game(data, request_id())
    response = make_response(jsonify({"game_id": game_id, "table": f"/table/{game_id}",
                                      "repeated": repeated}), 200 if repeated else 201)
    return remember_table(response, game_id)


def actor_of(ctx: GameContext) -> Actor:
    """Who this device is to the game: the table, a seat, or an onlooker (a device that has
    not joined: what it may do, if anything, is the game's to say)."""
    if player_token() and ctx.device.colour is None:
        raise RuleError("device.bad_token")
    if ctx.device.table:
        return TABLE
    if ctx.device.colour is None:
        return ONLOOKER
    return Actor.of_seat(ctx.device.colour)


def _done(hub: GameHub, answered: Answered) -> Response:
    """``seq``: the game's command count after the request; ``repeated``: the request was
    carried out before and this is its first answer again."""
    return jsonify({"ok": True, "seq": answered.seq, "rev": hub.rev, "repeated": answered.repeated})


@bp.post("/games/<game_id>/commands")
def command(game_id: str) -> Response:
    """One command from a device, carried out once however often it is sent (its
    ``Idempotency-Key`` header names it)."""
    ctx = game_context(game_id)
    key = request_id()
    return _done(ctx.hub, ctx.hub.execute(json_body(), actor_of(ctx), key))


def as_host(game_id: str) -> GameContext:
    """The game, if the request carries the host's PIN and its device may try one now
    (``web.host_pin``: wrong PINs earn growing waits)."""
    ctx = game_context(game_id)
    host_pin.check(ctx, body_as(HostBody).pin)
    return ctx


def _host_action(game_id: str, action: Callable[[GameHub, str], Answered]) -> Response:
    ctx = as_host(game_id)
    return _done(ctx.hub, action(ctx.hub, request_id()))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    """The host's undo of the last command: a miscount, a wrong tap. Sent twice, it
    undoes one command. What the table had already done of it on the board is to be put
    back: those steps come first on the table."""
    def undo_and_put_back(hub: GameHub, key: str) -> Answered:
        seq, carried = board.carried(hub, table_settings(game_id))
        answered = hub.undo(key)
        if not answered.repeated:
            change_settings(game_id, lambda now: board.after_undo(now, hub, carried, seq))
            hub.poke()
        return answered

    return _host_action(game_id, undo_and_put_back)


@bp.post("/games/<game_id>/seen")
def seen(game_id: str) -> Response:
    """The table has closed a screen that holds the planning clock (the winter's scores):
    the clock runs from now. Closed again, or closed on another device, it changes nothing."""
    ctx = game_context(game_id)
    overlay = body_as(SeenBody).overlay

    def closed(now: TableSettings) -> TableSettings:
        if overlay in now.seen:
            return now
        return replace(now, seen=now.seen[-20:] + (overlay,), board_clear=time.time())

    if ctx.device.table:
        before, after = change_settings(game_id, closed)
        if after != before:
            ctx.hub.poke()
    return _done(ctx.hub, Answered(ctx.hub.session.seq))


@bp.post("/games/<game_id>/board/done")
def board_done(game_id: str) -> Response:
    """The table has done the step on its screen with the real pieces. Only the table's
    device says so; the same tap sent again changes nothing."""
    ctx = game_context(game_id)
    if not ctx.device.table:
        raise RuleError("board.table_only")
    step = body_as(BoardDoneBody)
    before, after = change_settings(game_id, lambda now: board.done(now, ctx.hub, step.seq, step.index,
                                                                    time.time()))
    if after != before:
        ctx.hub.poke()
    return _done(ctx.hub, Answered(ctx.hub.session.seq))


@bp.post("/games/<game_id>/end")
def end(game_id: str) -> Response:
    """The host ends the game early (the table has to leave); undo brings it back."""
    return _host_action(game_id, lambda hub, key: hub.execute({"type": "end_game"}, HOST, key))


@bp.post("/games/<game_id>/timer/<switch>")
def timer(game_id: str, switch: str) -> Response:
    """The host holds the planning timer (a break, a question about the rules) or lets it run
    on; the hold is kept with the table's settings, so it outlives a restart."""
    if switch not in ("pause", "resume"):
        abort(404)
    ctx = as_host(game_id)
    change_settings(game_id, lambda now: clock.held(now, ctx.hub.since, switch == "pause", time.time()))
    ctx.hub.poke()
    return _done(ctx.hub, Answered(ctx.hub.session.seq))


@bp.post("/games/<game_id>/claim")
def claim(game_id: str) -> Response:
    """Make this device the table (a new tablet, a cleared browser): the host PIN says so."""
    as_host(game_id)
    return remember_table(jsonify({"ok": True}), game_id)


@bp.get("/games/<game_id>/view")
def view(game_id: str) -> Response:
    """This device's own view: a phone's hand, or the public table."""
    ctx = game_context(game_id)
    if player_token() and ctx.device.colour is None:
        raise RuleError("device.bad_token")
    return jsonify(ctx.hub.snapshot(ctx.device.viewer).view)


@bp.get("/games/<game_id>/hand/<colour>")
def hand(game_id: str, colour: str) -> Response:
    """One player's hand, for that player's phone only."""
    ctx = game_context(game_id)
    if ctx.device.colour != colour:
        raise RuleError("device.not_your_hand", player=colour)
    return jsonify(ctx.hub.snapshot(colour).view)
