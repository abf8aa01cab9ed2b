"""The one error a refused command raises.

A refusal carries a message key and its parameters rather than a sentence, so every device
can say, in its own language, exactly why ("Kozuke is not next to Mino"). Nothing changes
when a command is refused.
"""
from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A command the rules (or the table's bookkeeping) do not allow, and why."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.key}({args})"
