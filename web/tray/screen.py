"""What the battle screen shows of the tray, worked out before its templates are drawn (they
never call the game): the live reading, what it would decide once settled, the camera, and
between battles what lies in the tray by hand and how a look at it compares."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import RuleError
from companion.kits.tower.check import differences
from web.context import GameContext
from web.services import services
from web.tray.camera import CameraState
from web.tray.verdict import verdict_lines


@dataclass(frozen=True)
class TrayScreen:
    live: dict[str, Any] | None
    verdict: list[str] | None
    camera: CameraState
    by_hand: list[dict[str, Any]] = field(default_factory=list)
    """Notes naming the cubes put into the tray (or taken out) by hand since the last throw."""
    check: list[dict[str, Any]] | None = None
    """What a look at the resting tray finds against the bookkeeping, as notes: empty when
    they agree, None when nobody has looked since the change (or the table confirmed it)."""
    blind: dict[str, Any] | None = None
    """Said instead of a check when the sensor board counts: it cannot see the resting tray."""


def changes_key(expected: dict[str, int], changes: list[dict[str, Any]]) -> str:
    """Names the tray as the bookkeeping has it after its changes by hand: what the table's
    "the tray is right" confirms, until the next change."""
    return repr((sorted(expected.items()), [sorted(c.items()) for c in changes]))


def tray_screen(ctx: GameContext) -> TrayScreen:
    """The tray as this device's battle screen shows it. ``verdict`` is what a settled live
    reading would decide, shown for one tap; None while cubes fall, without a live source,
    or when the bookkeeping rules the reading out."""
    tower = ctx.hub.game.tower
    with ctx.hub.lock:
        state = ctx.hub.state
        throwing = tower.throw(state) is not None
        changes = tower.by_hand(state)
        expected = tower.expected(state)
    live = ctx.hub.live
    verdict = None
    if live and live["stable"] and "between" not in live:
        try:
            verdict = verdict_lines(ctx.hub, live["counts"], ctx.names)
        except RuleError:
            verdict = None
    camera = services().trays.camera.state(tower.colours)
    if throwing or not changes:
        return TrayScreen(live, verdict, camera)
    notes = [{"key": "tray.lies_by_hand" if c["n"] > 0 else "tray.out_by_hand",
              "params": {"counts": {c["player"]: abs(c["n"])}, "n": abs(c["n"]), "cause": c["cause"],
                         "card": c["card"]}}
             for c in changes]
    check = None
    confirmed = services().trays.confirmed(ctx.game_id) == changes_key(expected, changes)
    if live and live.get("between") == expected and live["stable"] and not confirmed:
        check = [d.note() for d in differences(expected, live["counts"])]
    blind = {"key": "tray.sensor_blind", "params": {"counts": expected}} if ctx.settings.tray == "sensor" else None
    return TrayScreen(live, verdict, camera, notes, check, blind)
