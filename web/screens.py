"""A game's screens mounted in the shell: its templates, static files and words, from the
``Screens`` description the game gives (``companion.engine.game.Screens``, no Flask).

The shell draws the page around them (title, languages, the join codes, the host's sheet,
the live stream) and the game draws its regions from its scene of the device's view.
"""
from __future__ import annotations

import importlib.util
import json
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, render_template, url_for

from companion.engine import Game, find_game, names
from companion.engine.board import has_board
from companion.i18n import sentence
from web import board, clock, host_pin
from web.context import GameContext, table_settings
from web.tray.screen import tray_screen
from web.words import Words


def folder(game: Game) -> Path:
    spec = importlib.util.find_spec(game.screens.package)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"{game.name}: no screens package {game.screens.package}")
    return Path(next(iter(spec.submodule_search_locations)))


def mount(app: Flask) -> None:
    """A blueprint for every registered game: its templates join the
    shell's (under ``templates/<game>/``), its static files are served at
    ``/games/<game>/static/``."""
    for name in names():
        game = find_game(name)
        where = folder(game)
        app.register_blueprint(Blueprint(
            f"game_{name}", game.screens.package, template_folder=str(where / "templates"),
            static_folder=str(where / "static"), static_url_path=f"/games/{name}/static"))


@lru_cache(maxsize=None)
def _game_words(name: str, lang: str) -> dict[str, str]:
    path = folder(find_game(name)) / "words" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


class GameWords(Words):
    """``t("key", **params)``: the game's own screen words first, then the shell's."""

    def __init__(self, game: str, lang: str) -> None:
        super().__init__(lang)
        self.game = game

    def text(self, key: str) -> str:
        return (_game_words(self.game, self.lang).get(key) or _game_words(self.game, "en").get(key)
                or super().text(key))

    def js(self) -> dict[str, str]:
        """The strings the pages' scripts show by themselves, the game's with the shell's."""
        own = {k[3:]: self(k) for k in _game_words(self.game, "en") if k.startswith("js.")}
        return {**super().js(), **own}


def scene_of(ctx: GameContext) -> Any:
    """The device's scene: its own snapshot and the game's public facts, worded for it."""
    game = ctx.hub.game
    snap = ctx.hub.snapshot(ctx.device.viewer)
    return game.screens.scene(snap, ctx.lang, ctx.device.viewer, game.facts(ctx.hub.state),
                              GameWords(game.name, ctx.lang))


def scripts(game: Game, kind: str) -> list[str]:
    """The game's own scripts for this kind of page, those its package has."""
    return _static(game, "game.js", f"{kind}.js")


def styles(game: Game) -> list[str]:
    """The tray's style sheet when the game has the tower, then the game's own."""
    tray = [url_for("tray.static", filename="tray.css")] if "tower" in game.capabilities else []
    return tray + _static(game, "game.css")


def _static(game: Game, *names: str) -> list[str]:
    found = folder(game) / "static"
    return [f"/games/{game.name}/static/{name}" for name in names if (found / name).exists()]


def page(kind: str, ctx: GameContext, **more: Any) -> str:
    """A whole page ("table" or "hand") of a game: the shell's frame around its body."""
    game = ctx.hub.game
    scene = scene_of(ctx)
    return render_template(
        f"shell/{kind}.html", kind=kind, ctx=ctx, s=scene, t=GameWords(game.name, ctx.lang),
        lang=ctx.lang, first=payload(kind, ctx, scene), game=game.name,
        title=game.titles().get(ctx.lang, game.name), tower="tower" in game.capabilities,
        scripts=scripts(game, kind), styles=styles(game), player=ctx.names.player(ctx.device.colour), **more)


def payload(kind: str, ctx: GameContext, scene: Any = None) -> dict[str, Any]:
    """Everything one device's screen needs at the current revision: its own view, and its
    regions drawn from that view alone."""
    game = ctx.hub.game
    scene = scene if scene is not None else scene_of(ctx)
    snap = scene.snap
    t = GameWords(game.name, ctx.lang)
    kits = {"tray": tray_screen(ctx)} if "tower" in game.capabilities else {}
    regions = {region: render_template(f"{game.name}/{kind}/_{region}.html", s=scene, ctx=ctx, t=t,
                                       **kits)
               for region in game.screens.regions[kind]}
    settings = table_settings(ctx.game_id)  # as now: a live stream outlives the host's changes
    steps = board.screen(ctx.hub, settings)
    if kind == "table" and has_board(game):
        names = ctx.names
        regions["board"] = render_template("shell/_board.html", board=steps, ctx=ctx, t=t,
                                           names=names, say=lambda line: sentence(line, names))
    decision = ctx.hub.decision()
    more = scene.live() if hasattr(scene, "live") else {}
    now = time.time()
    holds = scene.holds_clock() if hasattr(scene, "holds_clock") else None
    holds = holds if holds not in settings.seen else None
    timer = clock.shown(settings, snap.since, now, steps["step"] is not None or holds is not None)
    return {**more, "rev": snap.rev, "seq": snap.seq, "now": now, "since": timer.since,
            "paused_left": timer.paused_left,
            "timer": settings.timer if decision is not None and decision.timed else 0,
            "pending": decision.kind if decision else None,
            "awaits": list(decision.seats) if decision else [], "view": snap.view,
            "regions": regions, "pin_notice": host_pin.notice(ctx), "holds": holds,
            "joined": sorted(ctx.hub.joined())}
