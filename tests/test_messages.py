"""Every log line and refusal reads as a sentence in Russian, Czech and English."""
import json
import re
from importlib import resources

import pytest

from companion.games.shogun.simulate import play_game
from companion.games.shogun.text import describe
from companion.i18n import LANGUAGES

UNFILLED = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(scope="module")
def finished_games():
    return [play_game(players, seed).session.state for players, seed in ((3, 1), (4, 2), (5, 3))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_of_whole_games_renders_with_nothing_left_unfilled(finished_games, lang):
    for state in finished_games:
        for note in state.log:
            line = describe(state, note, lang)
            assert not UNFILLED.search(line), (note, line)


def test_the_three_languages_have_the_same_messages_and_terms():
    def load(lang):
        return json.loads((resources.files("companion") / "messages" / f"{lang}.json").read_text())
    ru, cs, en = (load(lang) for lang in ("ru", "cs", "en"))
    assert set(ru["messages"]) == set(cs["messages"]) == set(en["messages"])
    for group in ru["terms"]:
        if isinstance(ru["terms"][group], dict):
            assert set(ru["terms"][group]) == set(cs["terms"][group]) == set(en["terms"][group])


def test_every_message_key_the_engine_uses_is_translated():
    source = "".join(p.read_text() for p in resources.files("companion").rglob("*.py"))
    used = set(re.findall(r'(?:RuleError|note)\(\s*"([a-z_]+\.[a-z_]+)"', source))
    messages = json.loads((resources.files("companion") / "messages" / "ru.json").read_text())
    assert used and not used - set(messages["messages"]), used - set(messages["messages"])


@pytest.mark.parametrize("lang, counts", [
    ("ru", {1: "армию", 2: "армии", 5: "армий", 11: "армий", 21: "армию", 24: "армии"}),
    ("cs", {1: "armádu", 3: "armády", 5: "armád"}),
    ("en", {1: "army", 2: "armies"}),
])
def test_counts_take_the_languages_plural_form(lang, counts):
    from companion.i18n import Names, render
    for n, word in counts.items():
        line = render("action.moved", {"player": "red", "armies": n, "src": "kai", "dst": "mino"},
                      Names(lang))
        assert f" {n} {word} " in line, line
