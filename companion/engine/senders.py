"""Who may send a command, for games whose phones act for one seat each.

Checked before the command's shape, so a phone learns nothing from a command it may not send.
"""
from __future__ import annotations

from typing import Any, Collection, Mapping

from companion.engine.game import Actor
from companion.errors import RuleError


def check(command: Mapping[str, Any], actor: Actor, table_only: Collection[str]) -> None:
    """The table alone sends ``table_only`` commands (making the game, telling printed values,
    entering what only the board shows); a phone acts only for its own seat, named by the
    command's ``player``; the table acts for anyone, since the group may pass the tablet."""
    kind = command.get("type") if isinstance(command, Mapping) else None
    if kind in table_only:
        if not actor.is_table:
            raise RuleError("device.table_only")
    elif actor.role == "onlooker":
        raise RuleError("device.unknown")
    elif not actor.is_table and isinstance(command, Mapping) and command.get("player") != actor.seat:
        raise RuleError("device.not_your_colour", player=actor.seat)
