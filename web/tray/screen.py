"""What the battle screen shows of the tray, worked out before its templates are drawn (they
never call the game): the live reading, what it would decide once settled, the camera."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import RuleError
from web.context import GameContext
from web.services import services
from web.tray.camera import CameraState
from web.tray.verdict import verdict_lines


@dataclass(frozen=True)
class TrayScreen:
    live: dict[str, Any] | None
    verdict: list[str] | None
    camera: CameraState


def tray_screen(ctx: GameContext) -> TrayScreen:
    """The tray as this device's battle screen shows it. ``verdict`` is what a settled live
    reading would decide, shown for one tap; None while cubes fall, without a live source,
    or when the bookkeeping rules the reading out."""
    live = ctx.hub.live
    verdict = None
    if live and live["stable"]:
        try:
            verdict = verdict_lines(ctx.hub, live["counts"], ctx.names)
        except RuleError:
            verdict = None
    return TrayScreen(live, verdict, services().trays.camera.state(ctx.hub.game.tower.colours))
