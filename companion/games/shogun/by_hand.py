"""Cubes put into the tower's tray or taken out of it by hand, between battles.

Samurai: «Поместите указанное количество армий из своего личного запаса в поддон башни
сражений». Tenno's Court, favours №3, 8, 14: «Игрок помещает указанное на карте количество
армий из своего личного запаса в поддон башни сражений»; an official card in an exchange
cell: «он должен вытащить из поддона башни сражений (осторожно!) столько своих армий,
сколько указано в ячейке действия, и вернуть их в свой личный запас».

Such cubes are named to the table as a board step, as a throw is, and the log says why they
are there. The base rules then throw them with the next battle like any cube lying in the
tray («а также все кубики, лежащие в поддоне башни в начале сражения, и одновременно бросает
их в башню»), so the battle's throw list names them with their cause, and a tray source
counts them only if they fall out again. The bookkeeping is the only record of them: a
camera that sees the resting tray is held against it (``companion.kits.tower.check``),
while the sensor board, which sees only what passes its chute, never sees them at all.

For an expansion's rules: ``put_in`` and ``take_out`` move the cubes, write the note, and
make the board step; ``can_take_out`` tells a rule that is done "in full or not at all"
whether it can be. A cause is ``samurai``, ``favour`` (with the card's number) or
``official``.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.errors import RuleError
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, TRAY, ShogunState

CAUSES = ("samurai", "favour", "official")
THROWN = "battle.throw"
PUT_IN, TAKEN_OUT = "tray.put_in", "tray.taken_out"


def _cause(cause: str) -> None:
    if cause not in CAUSES:
        raise ValueError(f"no cause {cause!r} puts cubes into the tray by hand (known: {', '.join(CAUSES)})")


def put_in(play: Play, player: str, n: int, cause: str, card: int | None = None) -> None:
    """``n`` of ``player``'s armies from the supply into the tray, all or none: the rules
    say «из своего личного запаса», so a supply short of them is refused."""
    _cause(cause)
    have = play.state.players[player].supply
    if n < 1 or n > have:
        raise RuleError("tray.supply_short", player=player, n=n, have=have)
    play.emit({"type": "cubes", "colour": player, "n": n, "from": SUPPLY, "to": TRAY,
               "by_hand": {"cause": cause, "card": card}})
    play.note(PUT_IN, player=player, n=n, cause=cause, card=card)


def can_take_out(state: ShogunState, player: str, n: int) -> bool:
    """Whether the tray holds ``n`` of ``player``'s own cubes: «Если действие не может быть
    выполнено полностью (например, у игрока недостаточно армий ... в поддоне башни
    сражений ...), игрок не выполняет такое действие»."""
    return 0 < n <= state.tray[player]


def take_out(play: Play, player: str, n: int, cause: str, card: int | None = None) -> None:
    """``n`` of ``player``'s own cubes from the tray back to the supply; refused (nothing
    changes) when the tray holds fewer, since a rule done in part is not done."""
    _cause(cause)
    if not can_take_out(play.state, player, n):
        raise RuleError("tray.too_few", player=player, n=n, have=play.state.tray[player])
    play.emit({"type": "cubes", "colour": player, "n": n, "from": TRAY, "to": SUPPLY,
               "by_hand": {"cause": cause, "card": card}})
    play.note(TAKEN_OUT, player=player, n=n, cause=cause, card=card)


def _change(player: str, n: int, cause: str, card: int | None = None) -> dict[str, Any]:
    return {"player": player, "n": n, "cause": cause, "card": card}


NOTES: dict[str, Callable[[dict[str, Any]], dict[str, Any] | None]] = {
    PUT_IN: lambda p: _change(p["player"], p["n"], p["cause"], p["card"]),
    TAKEN_OUT: lambda p: _change(p["player"], -p["n"], p["cause"], p["card"]),
    "samurai.took": lambda p: _change(p["player"], p["n"], "samurai") if p["bonus"] == "armies" else None,
}
"""The log notes that say cubes went into the tray (or out of it) by hand, each read as a
change (``n`` below 0 for cubes taken out): this module's own, and those of a rule that
moves the cubes itself and says so in its own words."""


def since_last_throw(state: ShogunState) -> list[dict[str, Any]]:
    """Every change made to the tray by hand since the last throw emptied it, oldest first:
    what lies in it by hand now (a throw takes them all into the tower)."""
    found: list[dict[str, Any]] = []
    for note in reversed(state.log):
        if note["key"] == THROWN:
            break
        read = NOTES.get(note["key"])
        change = read(note["params"]) if read is not None else None
        if change is not None:
            found.append(change)
    return found[::-1]


def expected_tray(state: ShogunState) -> dict[str, int]:
    """The tray as the bookkeeping has it: what a device looking at it should see."""
    return {c: n for c, n in state.tray.items() if n}
