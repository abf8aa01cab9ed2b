"""Every Edo sentence in Russian, Czech and English: the same messages with the same
parameters, a plural for every category of its language, and each one filled for every
count."""
from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from companion.games.edo.rules import GAME
from companion.games.edo.text import CATALOGUES, names_for
from companion.i18n import LANGUAGES, arguments, catalog, categories, parse, render
from companion.i18n.pattern import Choice

OWNER = CATALOGUES[0]
UNFILLED = re.compile(r"\{[a-z_]+\}")
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101)
SAMPLES = {"player": "blue", "waiting": "red", "winners": ["blue"], "action": "trade",
           "building": "house", "card": "card2", "province": "city2", "src": "post1",
           "dst": "edo", "resource": "wood", "side": "small", "kind": "forest",
           "figure": "blue2", "field": "gained"}


def messages(lang):
    return catalog(lang, OWNER)["messages"]


def plurals(pattern):
    for part in pattern:
        if isinstance(part, Choice):
            if part.kind == "plural":
                yield part
            for branch in part.branches.values():
                yield from plurals(branch)


def test_the_three_languages_have_the_same_messages_with_the_same_parameters():
    ru, cs, en = (messages(lang) for lang in LANGUAGES)
    assert ru and set(ru) == set(cs) == set(en)
    for key in ru:
        assert arguments(parse(ru[key])) == arguments(parse(cs[key])) == arguments(parse(en[key])), key


def test_the_three_languages_have_the_same_terms():
    ru, cs, en = (catalog(lang, OWNER)["terms"] for lang in LANGUAGES)
    assert set(ru) == set(cs) == set(en)
    for group in ru:
        assert set(ru[group]) == set(cs[group]) == set(en[group]), group


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_by_category_has_a_branch_for_every_category(lang):
    for key, text in messages(lang).items():
        for choice in plurals(parse(text)):
            named = {s for s in choice.branches if not s.startswith("=")}
            if named != {"other"}:
                assert categories(lang) <= named, (key, choice.name)


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
