"""The JSON API: commands from the table and the phones, each checked for who sent it.

The engine does not know who sent a command, so the door does: a phone may act only as
its own colour, only the table may count the tray, and undo needs the host PIN. Every
refusal is the engine's (or this door's) reason in the device's language, and changes
nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from flask import Blueprint, Response, jsonify, make_response, request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.errors import RuleError
from companion.games.shogun.battle import throw_of
from companion.games.shogun.tray import count_command, start_throw
from companion.i18n import Names
from companion.kits.tower.simulated import SimulatedTower
from web import setup_form
from web.app import services
from web.context import GameContext, game_context, player_token, refused
from web.hub import GameHub
from web.identity import TABLE, table_cookie, token
from web.settings import pin_ok
from web.verdict import verdict_lines
from web.words import language

bp = Blueprint("api", __name__, url_prefix="/api")

TABLE_ONLY = {"create", "count_tray", "cubes_fell"}
HOST_ONLY = {"end_game"}
COOKIE_AGE = 60 * 60 * 24 * 365
FRAME_MAX = 2 * 2**20  # bytes; a browser's 1920x1080 JPEG frame is a few hundred kB
PHOTOS_MAX = 40 * 2**20  # bytes per request: two full-resolution phone photos (a 48 MP JPEG is ~15 MB)


def _status(err: RuleError) -> int:
    return 400 if err.key.startswith("command.") else 409


def _body() -> Any:
    return request.get_json(silent=True)


def create_game(data: Any) -> tuple[str, Response | None]:
    """Make a game from the new-game form or JSON; the device that makes it is its table."""
    lang = language(request)
    try:
        new = setup_form.read(data if isinstance(data, dict) else {})
        game_id = services().hubs.create(new.command)
    except RuleError as err:
        return "", refused(_status(err), err.key, err.params, Names(lang))
    svc = services()
    if new.tray == "auto":
        new = replace(new, tray=svc.trays.best())
    svc.settings.put(game_id, new.settings(svc.secret))
    return game_id, None


def remember_table(response: Response, game_id: str) -> Response:
    """This device is now the game's table (a long-lived cookie, HTTP only)."""
    response.set_cookie(table_cookie(game_id), token(services().secret, game_id, TABLE),
                        max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return response


@bp.post("/games")
def create() -> Response:
    game_id, refusal = create_game(_body())
    if refusal is not None:
        return refusal
    response = make_response(jsonify({"game_id": game_id, "table": f"/table/{game_id}"}), 201)
    return remember_table(response, game_id)


def _check_sender(ctx: GameContext, command: Any) -> Response | None:
    """Why this device may not send this command, or None."""
    kind = command.get("type") if isinstance(command, dict) else None
    if player_token() and ctx.device.colour is None:
        return ctx.refuse(403, "device.bad_token")
    if kind in HOST_ONLY:
        return ctx.refuse(403, "host.bad_pin")
    if kind in TABLE_ONLY:
        return None if ctx.device.table else ctx.refuse(403, "device.table_only")
    if ctx.device.table:
        return None
    if ctx.device.colour is None:
        return ctx.refuse(403, "device.unknown")
    if isinstance(command, dict) and command.get("player") != ctx.device.colour:
        return ctx.refuse(403, "device.not_your_colour", player=ctx.device.colour)
    return None


@bp.post("/games/<game_id>/commands")
def command(game_id: str) -> Response:
    ctx = game_context(game_id)
    cmd = _body()
    refusal = _check_sender(ctx, cmd)
    if refusal is not None:
        return refusal
    try:
        ctx.hub.execute(cmd)
    except RuleError as err:
        return ctx.refuse(_status(err), err.key, **err.params)
    return jsonify({"ok": True, "seq": ctx.hub.session.seq, "rev": ctx.hub.rev})


def _as_host(game_id: str) -> tuple[GameContext, Response | None]:
    """The game, and a refusal unless the request carries the host's PIN."""
    ctx = game_context(game_id)
    if not pin_ok(services().secret, ctx.settings, (_body() or {}).get("pin")):
        return ctx, ctx.refuse(403, "host.bad_pin")
    return ctx, None


def _host_action(game_id: str, action: Callable[[GameHub], object]) -> Response:
    ctx, refusal = _as_host(game_id)
    if refusal is not None:
        return refusal
    try:
        action(ctx.hub)
    except RuleError as err:
        return ctx.refuse(409, err.key, **err.params)
    return jsonify({"ok": True, "seq": ctx.hub.session.seq, "rev": ctx.hub.rev})


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    """The host's undo of the last command: a miscount, a wrong tap."""
    return _host_action(game_id, lambda hub: hub.undo())


@bp.post("/games/<game_id>/end")
def end(game_id: str) -> Response:
    """The host ends the game early (the table has to leave); undo brings it back."""
    return _host_action(game_id, lambda hub: hub.execute({"type": "end_game"}))


@bp.post("/games/<game_id>/claim")
def claim(game_id: str) -> Response:
    """Make this device the table (a new tablet, a cleared browser): the host PIN says so."""
    _, refusal = _as_host(game_id)
    return refusal or remember_table(jsonify({"ok": True}), game_id)


@bp.get("/games/<game_id>/view")
def view(game_id: str) -> Response:
    """This device's own view: a phone's hand, or the public table."""
    ctx = game_context(game_id)
    if player_token() and ctx.device.colour is None:
        return ctx.refuse(403, "device.bad_token")
    return jsonify(ctx.hub.snapshot(ctx.device.viewer).view)


@bp.get("/games/<game_id>/hand/<colour>")
def hand(game_id: str, colour: str) -> Response:
    """One player's hand, for that player's phone only."""
    ctx = game_context(game_id)
    if ctx.device.colour != colour:
        return ctx.refuse(403, "device.not_your_hand", player=colour)
    return jsonify(ctx.hub.snapshot(colour).view)


def _as_table(game_id: str) -> tuple[GameContext, Response | None]:
    """The game, and a refusal unless this device is its table (which counts the tray)."""
    ctx = game_context(game_id)
    return ctx, None if ctx.device.table else ctx.refuse(403, "device.table_only")


@bp.post("/games/<game_id>/tray/simulated")
def simulated(game_id: str) -> Response:
    """The simulated tower throws the cubes the battle names; the table then confirms."""
    ctx, refusal = _as_table(game_id)
    if refusal is not None:
        return refusal
    state = ctx.hub.state
    if state.battle is None:
        return ctx.refuse(409, "tray.no_throw")
    tower = SimulatedTower(seed=state.seed * 7919 + ctx.hub.session.seq)
    start_throw(state, tower)
    return jsonify({"counts": count_command(tower)["counts"]})


def _uploads(*names: str) -> list[bytes] | None:
    """The uploaded photos' bytes (empty when missing: the camera refuses it with a reason),
    or None when the request is longer than ``PHOTOS_MAX`` (the rest is never read)."""
    request.max_content_length = PHOTOS_MAX
    try:
        files = request.files
    except RequestEntityTooLarge:
        return None
    return [files[name].read() if name in files else b"" for name in names]


@bp.post("/games/<game_id>/camera/calibrate")
def camera_calibrate(game_id: str) -> Response:
    """The two photos the camera learns from: the empty tray, one cube of each colour."""
    ctx, refusal = _as_table(game_id)
    if refusal is not None:
        return refusal
    photos = _uploads("empty", "reference")
    if photos is None:
        return ctx.refuse(413, "camera.photo_too_big", mb=PHOTOS_MAX // 2**20)
    try:
        services().trays.camera.calibrate(*photos, forget_reading=lambda: ctx.hub.set_live(None))
    except RuleError as err:
        return ctx.refuse(400, err.key, **err.params)
    ctx.hub.poke()
    return jsonify({"ok": True})


@bp.post("/games/<game_id>/camera/photo")
def camera_photo(game_id: str) -> Response:
    """A photo of the settled tray: counted, outlined, and shown for one tap to confirm."""
    ctx, refusal = _as_table(game_id)
    if refusal is not None:
        return refusal
    battle = ctx.hub.throw_in_progress()[0]
    if battle is None:
        return ctx.refuse(409, "tray.no_throw")
    photo = _uploads("photo")
    if photo is None:
        return ctx.refuse(413, "camera.photo_too_big", mb=PHOTOS_MAX // 2**20)
    try:
        reading = services().trays.camera.count_photo(*photo, throw_of(battle), show=ctx.hub.set_live)
    except RuleError as err:
        return ctx.refuse(400, err.key, **err.params)
    return jsonify({"ok": True, "reading": reading})


def _body_up_to(limit: int) -> bytes | None:
    """The request's raw body, or None as soon as it is longer than ``limit`` bytes (the
    rest is never read into memory)."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = request.stream.read(limit + 1 - size)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return None


@bp.post("/games/<game_id>/camera/frame")
def camera_frame(game_id: str) -> Response:
    """One JPEG frame of the table's live camera (its browser streams it while a throw waits
    for its count): counted at once; the reading reaches the battle screen as the sensor
    board's does, settling once the cubes stop."""
    ctx, refusal = _as_table(game_id)
    if refusal is not None:
        return refusal
    frame = _body_up_to(FRAME_MAX)
    if frame is None:
        return ctx.refuse(413, "camera.frame_too_big", mb=FRAME_MAX // 2**20)
    if ctx.hub.throw_in_progress()[0] is None:
        return ctx.refuse(409, "tray.no_throw")
    try:
        services().trays.camera.push_frame(frame)
    except RuleError as err:
        return ctx.refuse(400, err.key, **err.params)
    return jsonify({"ok": True})


@bp.get("/games/<game_id>/camera/picture")
def camera_picture(game_id: str) -> Response:
    """The newest outlined picture of the tray (the tray is public: any device may look)."""
    game_context(game_id)
    picture = services().trays.camera.picture()
    if picture is None:
        return Response(status=404)
    return Response(picture, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.post("/games/<game_id>/tray/preview")
def preview(game_id: str) -> Response:
    """What a tray count would decide, and why, before the table confirms it."""
    ctx, refusal = _as_table(game_id)
    if refusal is not None:
        return refusal
    counts = (_body() or {}).get("counts")
    if not isinstance(counts, dict):
        return ctx.refuse(400, "command.bad_field", field="counts")
    try:
        lines = verdict_lines(ctx.hub, counts, ctx.names)
    except RuleError as err:
        return ctx.refuse(_status(err), err.key, **err.params)
    return jsonify({"lines": lines})
