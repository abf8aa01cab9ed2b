"""The parts of a screen that change, rendered for one device from its own snapshot.

A page is its regions laid out once; afterwards the live stream sends the regions again
and the page swaps those whose HTML changed. The same templates draw both, so the first
paint and every update agree.
"""
from __future__ import annotations

import time
from typing import Any

from flask import render_template

from web.context import GameContext
from web.present import Scene

REGIONS = {
    "table": ("top", "strip", "specials", "map", "players", "tower", "log", "decision",
              "overlay"),
    "hand": ("top", "decision", "provinces", "log"),
}


def scene_for(ctx: GameContext) -> Scene:
    snap = ctx.hub.snapshot(ctx.device.viewer)
    return Scene(snap, ctx.hub.state, ctx.lang, ctx.device)


def payload(kind: str, ctx: GameContext, scene: Scene | None = None) -> dict[str, Any]:
    """Everything one device's screen needs at the current revision: its own view of the
    game, the log in its language, and its regions drawn from that view alone."""
    scene = scene or scene_for(ctx)
    regions = {name: render_template(f"{kind}/_{name}.html", s=scene, ctx=ctx)
               for name in REGIONS[kind]}
    pending = scene.v["pending"] or {}
    return {"rev": scene.snap.rev, "seq": scene.snap.seq, "now": time.time(),
            "since": scene.snap.since, "timer": ctx.settings.timer,
            "phase": scene.v["phase"], "pending": pending.get("kind"),
            "actor": pending.get("player"), "view": scene.v, "log": scene.log(len(scene.v["log"])),
            "regions": regions}
