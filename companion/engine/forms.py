"""What a new-game form's fields mean, the same for every game and the shell."""
from __future__ import annotations

from typing import Any, Collection, Mapping, Sequence

from companion.errors import RuleError

YES = ("1", "on", "true", "yes")


def ticked(value: Any) -> bool:
    """A ticked box or chosen radio (the browser sends "on" or its value), or JSON's true."""
    return value is True or str(value or "").lower() in YES


def seated(options: Mapping[str, Any], most: int = 4) -> list[dict[str, str]]:
    """The players a new game seats: ``players`` as the API sends them, else the form's
    ``seat1``.. (a seat's colour or family) with ``name1``.. in seating order, empty rows
    left out, a name cut to the 24 characters a screen has room for."""
    players = options.get("players")
    if isinstance(players, list):
        return players
    return [{"seat": str(options[f"seat{n}"]).strip(), "name": str(options.get(f"name{n}") or "").strip()[:24]}
            for n in range(1, most + 1) if str(options.get(f"seat{n}") or "").strip()]


def check_seats(seats: Sequence[str], allowed: Collection[str], players: Mapping[str, int],
                game: str, unknown: str = "unknown_colour") -> None:
    """Refuses a create command whose seats the box cannot seat: fewer or more players than
    ``players`` (``least``, ``most``), a seat not ``allowed`` (a colour or family the box
    has), or one seat twice; the message keys are the game's (``<game>.player_count``,
    ``<game>.<unknown>``, ``<game>.seat_twice``)."""
    least, most = players["least"], players["most"]
    if not least <= len(seats) <= most:
        raise RuleError(f"{game}.player_count", count=len(seats), least=least, most=most)
    for seat in seats:
        if seat not in allowed:
            raise RuleError(f"{game}.{unknown}", player=seat)
        if seats.count(seat) > 1:
            raise RuleError(f"{game}.seat_twice", player=seat)
