"""What a new-game form's fields mean, the same for every game and the shell."""
from __future__ import annotations

from typing import Any

YES = ("1", "on", "true", "yes")


def ticked(value: Any) -> bool:
    """A ticked box or chosen radio (the browser sends "on" or its value), or JSON's true."""
    return value is True or str(value or "").lower() in YES
