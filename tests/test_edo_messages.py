"""Every Edo sentence in Russian, Czech and English filled for every count, with Edo's own
names (the catalogues' shape, the same in every language, is checked with the other owners'
in test_messages.py)."""
from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from companion.games.edo.rules import GAME
from companion.games.edo.text import CATALOGUES, names_for
from companion.i18n import LANGUAGES, arguments, catalog, parse, render

OWNER = CATALOGUES[0]
UNFILLED = re.compile(r"\{[a-z_]+\}")
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101)
SAMPLES = {"player": "blue", "waiting": "red", "winners": ["blue"], "action": "trade",
           "building": "house", "card": "card2", "province": "city2", "src": "post1",
           "dst": "edo", "resource": "wood", "side": "small", "kind": "forest",
           "figure": "blue2", "field": "gained", "provinces": ["edo", "city1"]}


def messages(lang):
    return catalog(lang, OWNER)["messages"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_for_every_count(lang):
    names = names_for(GAME.new_state(), lang)
    for key, text in messages(lang).items():
        params = arguments(parse(text))
        for n in COUNTS:
            filled = {p: SAMPLES.get(p, n) for p in params}
            line = render(key, filled, names)
            assert not UNFILLED.search(line) and "#" not in line, (key, n, line)


def test_places_are_named_as_the_table_reads_the_board():
    names = names_for(GAME.new_state(), "ru")
    assert render("edo.board.moved", {"player": "blue", "src": "post2", "dst": "field1"}, names) == \
        "Синий: передвиньте самурая из «Пограничный пост 2» в «Рисовое поле 1»."


def test_every_message_key_the_game_uses_is_worded_in_its_chain():
    root = Path(resources.files(OWNER))
    source = "".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py"))
    used = set(re.findall(r'(?:RuleError|note)\(\s*"([a-z_]+\.[a-z_.]+)"', source))
    names = names_for(GAME.new_state(), "ru")
    assert used and not {k for k in used if names.message(k) is None}
