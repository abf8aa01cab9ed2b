"""A game's screens rendered from scenes alone, with Jinja as the web shell renders them: the
game's templates and words beside the shell's, so a template that names a missing word or
breaks on a moment of the game fails without a server."""
from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import jinja2

from companion.i18n import format_message

SHELL = Path(__file__).resolve().parents[1] / "web" / "templates"
SHELL_WORDS = {"new.players", "new.name"}  # the shell's words a game's templates may use
UNFILLED = re.compile(r"\{[a-z_]+\}")


class Screens:
    """One game's templates (``env``) and words (``words``, ``t_for``)."""

    def __init__(self, game: Any):
        self.web = Path(str(resources.files(game.screens.package)))
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader([self.web / "templates", SHELL]),
                                      autoescape=True, undefined=jinja2.StrictUndefined)

    def words(self, lang: str) -> dict[str, str]:
        return json.loads((self.web / "words" / f"{lang}.json").read_text(encoding="utf-8"))

    def t_for(self, lang: str) -> Callable[..., str]:
        """The game's words as the shell's ``t`` gives them."""
        words = self.words(lang)

        def t(key: str, **params: Any) -> str:
            return format_message(words.get(key) or key, params, lang)
        return t

    def templates(self) -> list[Path]:
        return sorted((self.web / "templates").rglob("*.html"))
