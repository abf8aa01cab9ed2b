"""Every log line and refusal reads as a sentence in Russian, Czech and English, with the
counts in the language's own plural forms and no sentence that needs a player's gender."""
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from companion.games.shogun.simulate import play_game
from companion.games.shogun.text import CATALOGUES as SHOGUN, describe
from companion.i18n import LANGUAGES, PLATFORM, Names, arguments, catalog, categories, parse, render
from companion.i18n.pattern import Choice

UNFILLED = re.compile(r"\{[a-z_]+\}")
OWNERS = (PLATFORM, "companion.games.shogun", "companion.kits.tower", "companion.games.edo",
          "companion.games.ivan", "companion.games.little_empires")
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101)
SAMPLES = {
    "player": "red", "attacker": "red", "defender": "blue", "by": "blue", "winner": "red",
    "province": "kai", "src": "kai", "dst": "mino", "action": "castle", "building": "castle",
    "card": "chest", "season": "spring", "event": "e01", "source": "deck", "reason": "tie",
    "parts": [{"colour": "red", "n": 2, "from": "supply"}, {"colour": "green", "n": 1, "from": "kai"}],
    "counts": {"red": 2, "green": 1}, "inside": {"blue": 3}, "provinces": ["kai", "mino"],
    "face_up": ["kai"], "players": ["red", "blue"], "order": ["red", "blue"],
    "winners": ["red"], "actions": ["castle"], "events": ["e01"], "why": ["event_cap"],
    "bids": {"red": {"chests": 2}, "blue": {"province": "kai"}}, "colour": "red", "cube": "red",
    "colours": ["red"], "numbers": [4], "groups": [1, 3], "field": "type", "type": "x",
    "expected": "planning", "phase": "planning", "mode": "x", "device": "/dev/video0",
    "got": "640×480", "calibrated": "1280×720", "board": "1", "host": "2",
}


def messages(owner, lang):
    return catalog(lang, owner)["messages"]


def every_message():
    return [(owner, lang, key, text) for owner in OWNERS for lang in LANGUAGES
            for key, text in messages(owner, lang).items()]


def plurals(pattern):
    """Every plural choice in a parsed message, nested ones too."""
    for part in pattern:
        if isinstance(part, Choice):
            if part.kind == "plural":
                yield part
            for branch in part.branches.values():
                yield from plurals(branch)


def sample(params, **counts):
    return {p: counts.get(p, SAMPLES.get(p, 3)) for p in params}


@pytest.fixture(scope="module")
def finished_games():
    return [play_game(players, seed).session.state for players, seed in ((3, 1), (4, 2), (5, 3))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_of_whole_games_renders_with_nothing_left_unfilled(finished_games, lang):
    for state in finished_games:
        for note in state.log:
            line = describe(state, note, lang)
            assert not UNFILLED.search(line), (note, line)


@pytest.mark.parametrize("owner", OWNERS)
def test_the_three_languages_have_the_same_messages_with_the_same_parameters(owner):
    ru, cs, en = (messages(owner, lang) for lang in LANGUAGES)
    assert ru and set(ru) == set(cs) == set(en)
    for key in ru:
        assert arguments(parse(ru[key])) == arguments(parse(cs[key])) == arguments(parse(en[key])), key


@pytest.mark.parametrize("owner", OWNERS)
def test_the_three_languages_have_the_same_terms(owner):
    """The same terms and parameters, but for English colour words, which do not change
    with the count of cubes."""
    ru, cs, en = (catalog(lang, owner)["terms"] for lang in LANGUAGES)
    assert set(ru) == set(cs) == set(en)
    for group, words in ru.items():
        if isinstance(words, dict):
            assert set(words) == set(cs[group]) == set(en[group]), group
            for value, text in words.items():
                uses = arguments(parse(text))
                assert uses == arguments(parse(cs[group][value])), (group, value)
                assert arguments(parse(en[group][value])) == (set() if group == "cubes" else uses)


def test_every_message_and_term_parses():
    for owner in OWNERS:
        for lang in LANGUAGES:
            for text in messages(owner, lang).values():
                parse(text)
            for words in catalog(lang, owner)["terms"].values():
                for text in words.values() if isinstance(words, dict) else [words]:
                    parse(text)


def test_a_plural_by_category_has_a_branch_for_every_category_of_its_language():
    for owner, lang, key, text in every_message():
        for choice in plurals(parse(text)):
            named = {s for s in choice.branches if not s.startswith("=")}
            if named != {"other"}:
                assert categories(lang) <= named, (owner, lang, key, choice.name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_renders_for_every_count(lang):
    shogun = Names(lang, catalogues=SHOGUN)
    rendered = 0
    for owner in OWNERS:
        for key, text in messages(owner, lang).items():
            pattern = parse(text)
            params = arguments(pattern)
            for choice in plurals(pattern):
                for n in COUNTS:
                    value = ["kai"] * n if choice.name == "provinces" else \
                        ["red"] * n if choice.name == "winners" else list(range(1, n + 1)) \
                        if choice.name == "numbers" else n
                    line = render(key, sample(params, **{choice.name: value}), shogun)
                    assert not UNFILLED.search(line) and "#" not in line, (key, n, line)
                    rendered += 1
    assert rendered > 200


def said(key, lang, **params):
    return render(key, sample(arguments(parse(Names(lang, catalogues=SHOGUN).message(key))), **params),
                  Names(lang, catalogues=SHOGUN))


@pytest.mark.parametrize("lang, n, words", [
    ("ru", 1, "(1 армия)"), ("ru", 2, "(2 армии)"), ("ru", 4, "(4 армии)"), ("ru", 5, "(5 армий)"),
    ("ru", 11, "(11 армий)"), ("ru", 12, "(12 армий)"), ("ru", 21, "(21 армия)"),
    ("ru", 22, "(22 армии)"), ("ru", 25, "(25 армий)"), ("ru", 101, "(101 армия)"),
    ("cs", 1, "(1 armáda)"), ("cs", 2, "(2 armády)"), ("cs", 5, "(5 armád)"), ("cs", 21, "(21 armád)"),
    ("en", 1, "with 1 army."), ("en", 2, "with 2 armies."), ("en", 21, "with 21 armies."),
])
def test_an_attack_names_its_armies_in_the_languages_plural_form(lang, n, words):
    assert words in said("battle.declared", lang, armies=n)


@pytest.mark.parametrize("lang, n, words", [
    ("ru", 1, "1 крестьянин"), ("ru", 2, "2 крестьянина"), ("ru", 5, "5 крестьян"),
    ("ru", 21, "21 крестьянин"),
    ("cs", 1, "1 rolník"), ("cs", 2, "2 rolníci"), ("cs", 4, "4 rolníci"), ("cs", 5, "5 rolníků"),
    ("cs", 0, "0 rolníků"),
    ("en", 1, "1 peasant "), ("en", 2, "2 peasants"), ("en", 0, "0 peasants"),
])
def test_a_revolt_counts_its_peasants_in_the_languages_plural_form(lang, n, words):
    assert words in said("revolt.started", lang, unrest=n)


@pytest.mark.parametrize("lang, n, words", [
    ("ru", 1, "+1 крестьянин."), ("ru", 3, "+3 крестьянина."), ("ru", 5, "+5 крестьян."),
    ("cs", 1, "+1 rolník."), ("cs", 2, "+2 rolníci."), ("cs", 7, "+7 rolníků."),
    ("en", 1, "+1 peasant."), ("en", 2, "+2 peasants."),
])
def test_winters_revolts_add_peasants_in_the_languages_plural_form(lang, n, words):
    assert words in said("winter.revolts_drawn", lang, peasants=n)


@pytest.mark.parametrize("lang, n, words", [
    ("ru", 1, " 1 армию "), ("ru", 2, " 2 армии "), ("ru", 5, " 5 армий "), ("ru", 11, " 11 армий "),
    ("ru", 21, " 21 армию "), ("ru", 24, " 24 армии "),
    ("cs", 1, " 1 armádu "), ("cs", 3, " 3 armády "), ("cs", 5, " 5 armád "),
    ("en", 1, " 1 army "), ("en", 2, " 2 armies "),
])
def test_a_move_takes_the_languages_plural_form(lang, n, words):
    assert words in said("action.moved", lang, armies=n)


@pytest.mark.parametrize("lang, n, words", [
    ("ru", 1, "остаётся 1 армия"), ("ru", 3, "остаются 3 армии"), ("ru", 5, "остаётся 5 армий"),
    ("cs", 1, "zůstává 1 armáda"), ("cs", 3, "zůstávají 3 armády"), ("cs", 5, "zůstává 5 armád"),
    ("en", 1, "1 army stays"), ("en", 3, "3 armies stay"),
])
def test_the_armies_left_after_a_revolt_agree_with_their_verb(lang, n, words):
    assert words in said("revolt.crushed", lang, stand=n)


@pytest.mark.parametrize("lang, waiting, sentence", [
    ("en", 0, "All plans are in."), ("en", 1, "Still waiting for 1 player."),
    ("en", 2, "Still waiting for 2 players."),
    ("ru", 0, "Все планы сданы."), ("ru", 1, "Ждём ещё 1 игрока."), ("ru", 3, "Ждём ещё 3 игроков."),
    ("cs", 0, "Všechny plány jsou odevzdané."), ("cs", 1, "Čeká se ještě na 1 hráče."),
    ("cs", 5, "Čeká se ještě na 5 hráčů."),
])
def test_the_last_plan_in_says_so_rather_than_waiting_for_nobody(lang, waiting, sentence):
    assert said("plan.ready", lang, waiting=waiting).endswith(" " + sentence)


@pytest.mark.parametrize("lang, winners, start", [
    ("ru", ["red"], "Победитель: красный"), ("ru", ["red", "blue"], "Победители: красный, синий"),
    ("cs", ["red"], "Vítěz: červený"), ("cs", ["red", "blue"], "Vítězové: červený, modrý"),
    ("en", ["red"], "Winner: red"), ("en", ["red", "blue"], "Winners: red, blue"),
])
def test_a_list_of_winners_is_counted_by_its_length(lang, winners, start):
    assert start in said("game.over", lang, winners=winners)


def test_the_cubes_colour_agrees_with_its_count():
    cubes = {lang: render("tray.counted", {"counts": {"red": 1, "blue": 3, "green": 5}},
                          Names(lang, catalogues=SHOGUN)) for lang in LANGUAGES}
    assert cubes["ru"] == "В лотке: 1 красный, 3 синих, 5 зелёных."
    assert cubes["cs"] == "V zásobníku: 1 červená, 3 modré, 5 zelených."
    assert cubes["en"] == "In the tray: 1 red, 3 blue, 5 green."
    assert render("tray.counted", {"counts": {}}, Names("en", catalogues=SHOGUN)) == "In the tray: nothing."


PAST_BY_GENDER = {"ru": re.compile(r"\{(player|attacker|defender|by)\} \w+(л|ла)\b"),
                  "cs": re.compile(r"\{(player|attacker|defender|by)\} (\w+ )?\w+(l|la)\b")}


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_no_sentence_puts_a_player_before_a_past_tense_that_would_need_their_gender(lang):
    for owner in OWNERS:
        for key, text in messages(owner, lang).items():
            assert not PAST_BY_GENDER[lang].search(text), (key, text)
    assert said("revolt.crushed", "cs").startswith("červený: vzpoura v kai potlačena")


def test_every_message_key_the_engine_uses_is_worded_in_its_games_chain():
    root = Path(resources.files("companion"))
    others = [d for d in (root / "games").iterdir() if d.is_dir() and d.name != "shogun"]
    source = "".join(p.read_text() for p in root.rglob("*.py")
                     if not any(d in p.parents for d in others))
    used = set(re.findall(r'(?:RuleError|note)\(\s*"([a-z_]+\.[a-z_]+)"', source))
    names = Names("ru", catalogues=SHOGUN)
    assert used and not {k for k in used if names.message(k) is None}


def test_a_game_sees_its_own_catalogue_then_its_kits_then_the_platforms(tmp_path, monkeypatch):
    other = tmp_path / "othergame"
    (other / "messages").mkdir(parents=True)
    (other / "__init__.py").write_text("")
    for lang in LANGUAGES:
        (other / "messages" / f"{lang}.json").write_text(json.dumps(
            {"messages": {"battle.declared": "{attacker, select, red {Red} other {Someone}} charges."}}))
    monkeypatch.syspath_prepend(str(tmp_path))
    theirs = Names("en", catalogues=("othergame",))
    ours = Names("en", catalogues=SHOGUN)
    params = {"attacker": "red", "src": "kai", "dst": "mino", "armies": 2}
    assert render("battle.declared", params, theirs) == "Red charges."
    assert render("battle.declared", params, ours) == "red attacks mino from kai with 2 armies."
    assert render("undo.nothing", {}, theirs) == render("undo.nothing", {}, ours) == "Nothing to undo."
    assert render("setup.created", {"count": 3, "chests": 5}, theirs) == "setup.created"
    assert render("doubt.jam", {}, theirs) == "doubt.jam"
    assert render("doubt.jam", {}, ours) == "a cube is stuck in the chute"


def test_the_catalogues_live_beside_their_owners_modules():
    root = Path(resources.files("companion"))
    for folder in ("i18n", "games/shogun", "kits/tower"):
        assert sorted(p.name for p in (root / folder / "messages").glob("*.json")) == \
            sorted(f"{lang}.json" for lang in LANGUAGES)
