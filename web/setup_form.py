"""The new-game form read into the engine's create command and the table's settings.

Kept apart from the page so the JSON API and the HTML form build games the same way.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from companion.engine import find_game, forms, names
from companion.errors import RuleError
from web.settings import BOARD_MODES, TRAY_SOURCES, TableSettings, pin_hash

TIMERS = (0, 60, 120, 180, 300)


SHELL_FIELDS = ("game", "pin", "tray", "timer", "pass_tablet", "board", "request", "printed")
"""Fields the shell reads itself; ``printed`` is the install's, never a device's to send."""


@dataclass(frozen=True)
class NewGame:
    game: str
    command: dict[str, Any]
    pin: str
    tray: str
    timer: int
    pass_tablet: bool
    board: str = "off"

    def settings(self, secret: bytes) -> TableSettings:
        """A new game's settings: its board steps start at its first command (the set-up)."""
        return TableSettings(pin_hash=pin_hash(secret, self.pin), tray=self.tray,
                             timer=self.timer, pass_tablet=self.pass_tablet,
                             board_done=(1, 0), board=self.board)


PIN_DIGITS = (6, 8)  # least, most: see web.pin_guard for what 6 digits cost a guesser


def suggested_pin() -> str:
    """A random PIN of the fewest digits a new game takes."""
    least = PIN_DIGITS[0]
    return f"{secrets.randbelow(10 ** least):0{least}d}"


def pin_fits(pin: str) -> bool:
    """Whether a new game may have ``pin``: digits only, ``PIN_DIGITS`` long. Games made
    with shorter PINs keep them; the guard's waits hold those too."""
    least, most = PIN_DIGITS
    return least <= len(pin) <= most and pin.isascii() and pin.isdigit()


def read(data: Mapping[str, Any],
         known: Callable[[str], Mapping[str, Any]] = lambda game: {}) -> NewGame:
    """A new game from the form (or JSON): ``game`` (by its registry name, Shogun unless
    said) and the table's settings (``pin``, ``tray``, ``timer`` in seconds, 0 for none,
    ``pass_tablet``, ``board``: how the board steps are shown, none unless asked); the game
    makes its create command from the rest, with the values printed on its cards that the
    install ``known`` (``companion.engine.printed``). No device chooses how the cards are
    shuffled: a ``seed`` is refused."""
    game = data.get("game") or names()[0]
    if not isinstance(game, str):
        raise RuleError("command.bad_field", field="game")
    pin = str(data.get("pin") or "").strip()
    if not pin_fits(pin):
        raise RuleError("setup.bad_pin", least=PIN_DIGITS[0], most=PIN_DIGITS[1])
    tray = str(data.get("tray") or "auto")
    if tray not in TRAY_SOURCES + ("auto",):
        raise RuleError("setup.bad_tray", source=tray)
    try:
        timer = int(data.get("timer") or 0)
    except (TypeError, ValueError):
        raise RuleError("command.bad_field", field="timer") from None
    if not 0 <= timer <= 3600:
        raise RuleError("command.bad_field", field="timer")
    if "seed" in data:
        raise RuleError("setup.no_seed")
    options = {k: v for k, v in data.items() if k not in SHELL_FIELDS}
    options["printed"] = dict(known(game))
    command = find_game(game).create_command(options)
    board = str(data.get("board") or "off")
    if board not in BOARD_MODES:
        raise RuleError("command.bad_field", field="board")
    return NewGame(game, command, pin, tray, timer, forms.ticked(data.get("pass_tablet")), board)

