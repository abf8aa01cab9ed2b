"""The tray's routes: the simulated tower's throw, the camera's calibration photos, tray
photos and live frames, and the verdict a count would give. Only the table counts the tray;
the tray itself is public, so any device may look at its outlined picture."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.errors import RuleError
from companion.kits.tower.simulated import SimulatedTower
from companion.kits.tower.source import Throw
from web.context import GameContext, game_context
from web.requests import PreviewBody, body_as, request_id, tray_marks
from web.services import services
from web.tray.screen import changes_key
from web.tray.verdict import verdict_lines

bp = Blueprint("tray", __name__, url_prefix="/api", template_folder="templates",
               static_folder="static", static_url_path="/tray/static")

FRAME_MAX = 2 * 2**20  # bytes; a browser's 1920x1080 JPEG frame is a few hundred kB
PHOTOS_MAX = 40 * 2**20  # bytes per request: two full-resolution phone photos (a 48 MP JPEG is ~15 MB)


def as_table(game_id: str) -> GameContext:
    """The game, if this device is its table (which counts the tray)."""
    ctx = game_context(game_id)
    if not ctx.device.table:
        raise RuleError("device.table_only")
    return ctx


def _throw(ctx: GameContext):
    throw = ctx.hub.throw_in_progress()[0]
    if throw is None:
        raise RuleError("tray.no_throw")
    return throw


@bp.post("/games/<game_id>/tray/simulated")
def simulated(game_id: str) -> Response:
    """The simulated tower throws the cubes the battle names; the table then confirms."""
    ctx = as_table(game_id)
    throw = _throw(ctx)
    tower = SimulatedTower(seed=ctx.hub.session.draws.aside(ctx.hub.session.seq).randrange(2**32))
    tower.begin_throw(throw)
    reading = tower.poll()
    return jsonify({"counts": {c: n for c, n in reading.counts.items() if n}})


def _uploads(*names: str) -> list[bytes]:
    """The uploaded photos' bytes (empty when missing: the camera refuses it with a reason);
    a request longer than ``PHOTOS_MAX`` is refused unread."""
    request.max_content_length = PHOTOS_MAX
    try:
        files = request.files
    except RequestEntityTooLarge:
        raise RuleError("camera.photo_too_big", mb=PHOTOS_MAX // 2**20) from None
    return [files[name].read() if name in files else b"" for name in names]


@bp.post("/games/<game_id>/camera/calibrate")
def camera_calibrate(game_id: str) -> Response:
    """The two photos the camera learns from: the empty tray, one cube of each of the game's
    colours; and the frame the table drew round the tray, where its outline was not found."""
    ctx = as_table(game_id)
    photos = _uploads("empty", "reference")
    services().trays.camera.calibrate(*photos, ctx.hub.game.tower.colours, forget_reading=lambda: ctx.hub.set_live(None),
                                      marked=tray_marks())
    ctx.hub.poke()
    return jsonify({"ok": True})


def _resting(ctx: GameContext) -> Throw:
    """Between battles, the tray a photo should show: what the bookkeeping says lies there
    (and what may have fallen out of the tower by itself). Only worth a photo after the
    players changed the tray by hand: otherwise there is nothing to check."""
    tower = ctx.hub.game.tower
    with ctx.hub.lock:
        changes, expected = tower.by_hand(ctx.hub.state), tower.expected(ctx.hub.state)
    if not changes:
        raise RuleError("tray.no_throw")
    return Throw(expected, ctx.hub.throw_in_progress()[2])


@bp.post("/games/<game_id>/camera/photo")
def camera_photo(game_id: str) -> Response:
    """A photo of the settled tray: counted, outlined, and shown for one tap to confirm; or,
    between battles after a change by hand, held against the bookkeeping's tray."""
    ctx = as_table(game_id)
    throw = ctx.hub.throw_in_progress()[0]
    resting = _resting(ctx) if throw is None else None
    show = ctx.hub.set_live if resting is None else \
        (lambda reading: ctx.hub.set_live({**reading, "between": dict(resting.thrown)}))
    photo = _uploads("photo")
    reading = services().trays.camera.count_photo(*photo, throw or resting, ctx.hub.game.tower.colours, show=show)
    return jsonify({"ok": True, "reading": reading})


@bp.post("/games/<game_id>/tray/checked")
def checked(game_id: str) -> Response:
    """The table says the tray holds what the bookkeeping expects, though the camera saw
    otherwise: the check is dropped until the next change by hand. The game is unchanged."""
    ctx = as_table(game_id)
    request_id()
    tower = ctx.hub.game.tower
    with ctx.hub.lock:
        state = ctx.hub.state
        throwing, changes = tower.throw(state) is not None, tower.by_hand(state)
        key = changes_key(tower.expected(state), changes)
    if throwing or not changes:
        raise RuleError("tray.nothing_to_check")
    services().trays.confirm(game_id, key)
    ctx.hub.poke()
    return jsonify({"ok": True})


def _body_up_to(limit: int) -> bytes:
    """The request's raw body; refused as soon as it is longer than ``limit`` bytes (the
    rest is never read into memory)."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = request.stream.read(limit + 1 - size)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise RuleError("camera.frame_too_big", mb=limit // 2**20)


@bp.post("/games/<game_id>/camera/frame")
def camera_frame(game_id: str) -> Response:
    """One JPEG frame of the table's live camera (its browser streams it while a throw waits
    for its count): counted at once; the reading reaches the battle screen as the sensor
    board's does, settling once the cubes stop."""
    ctx = as_table(game_id)
    frame = _body_up_to(FRAME_MAX)
    _throw(ctx)
    services().trays.camera.push_frame(frame, ctx.hub.game.tower.colours)
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
    ctx = as_table(game_id)
    counts = body_as(PreviewBody).counts
    return jsonify({"lines": verdict_lines(ctx.hub, counts, ctx.names)})
