"""The ICU MessageFormat subset the catalogues are written in: arguments, plural and select
with nested branches and ``#``, ICU's apostrophe quoting, and a clear refusal of anything
else, so a broken catalogue fails its test rather than a sentence at the table."""
import pytest

from companion.i18n import MessageSyntaxError, arguments, format_message, parse, plural_category

ARMIES = {"ru": "{n, plural, one {# армия} few {# армии} many {# армий} other {# армии}}",
          "cs": "{n, plural, one {# armáda} few {# armády} many {# armády} other {# armád}}",
          "en": "{n, plural, one {# army} other {# armies}}"}


@pytest.mark.parametrize("lang, n, expected", [
    ("ru", 0, "0 армий"), ("ru", 1, "1 армия"), ("ru", 2, "2 армии"), ("ru", 3, "3 армии"),
    ("ru", 4, "4 армии"), ("ru", 5, "5 армий"), ("ru", 11, "11 армий"), ("ru", 12, "12 армий"),
    ("ru", 21, "21 армия"), ("ru", 22, "22 армии"), ("ru", 25, "25 армий"), ("ru", 101, "101 армия"),
    ("cs", 0, "0 armád"), ("cs", 1, "1 armáda"), ("cs", 2, "2 armády"), ("cs", 4, "4 armády"),
    ("cs", 5, "5 armád"), ("cs", 11, "11 armád"), ("cs", 21, "21 armád"), ("cs", 22, "22 armád"),
    ("cs", 101, "101 armád"), ("cs", 1.5, "1.5 armády"),
    ("en", 0, "0 armies"), ("en", 1, "1 army"), ("en", 2, "2 armies"), ("en", 21, "21 armies"),
])
def test_a_plural_takes_the_branch_of_the_languages_cldr_category(lang, n, expected):
    assert format_message(ARMIES[lang], {"n": n}, lang) == expected


def test_the_cldr_categories_come_from_babel():
    assert [plural_category("ru", n) for n in (1, 2, 5, 21, 1.5)] == ["one", "few", "many", "one", "other"]
    assert [plural_category("cs", n) for n in (1, 2, 5, 21, 1.5)] == ["one", "few", "other", "other", "many"]
    assert [plural_category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]


def test_an_exact_branch_wins_over_the_category():
    text = "{n, plural, =0 {nobody} =1 {just one} one {# (one)} other {# people}}"
    assert [format_message(text, {"n": n}, "ru") for n in (0, 1, 21, 5)] == \
        ["nobody", "just one", "21 (one)", "5 people"]


def test_branches_nest_and_the_hash_is_the_innermost_plurals_number():
    text = ("{who, select, red {{n, plural, one {Red has # card} other {Red has # cards}}} "
            "other {{who} has {m, plural, one {# card, {n, plural, one {# left} other {# left}}} "
            "other {# cards}}}}.")
    assert format_message(text, {"who": "red", "n": 2}, "en") == "Red has 2 cards."
    assert format_message(text, {"who": "blue", "m": 1, "n": 7}, "en") == "blue has 1 card, 7 left."
    assert arguments(parse(text)) == {"who", "n", "m"}


def test_a_list_is_counted_by_its_length():
    text = "{ps, plural, =1 {{ps} revolts} other {{ps} revolt (#)}}"
    show = lambda name, value: ", ".join(value)
    assert format_message(text, {"ps": ["Kai"]}, "en", show) == "Kai revolts"
    assert format_message(text, {"ps": ["Kai", "Mino"]}, "en", show) == "Kai, Mino revolt (2)"


def test_a_value_that_is_no_number_takes_the_other_branch_and_shows_as_it_is():
    text = "{n, plural, one {one} other {some (#)}}"
    assert format_message(text, {"n": None}, "en") == "some (None)"
    assert format_message(text, {"n": "many"}, "en") == "some (many)"
    assert format_message(text, {"n": True}, "en") == "some (True)"
    assert format_message(text, {"n": float("inf")}, "en") == "some (inf)"
    assert format_message(text, {}, "en") == "some ({n})"


def test_select_falls_back_to_other():
    text = "{kind, select, revolt {Восстание} battle {Сражение} other {Бросок}}"
    assert format_message(text, {"kind": "revolt"}, "ru") == "Восстание"
    assert format_message(text, {"kind": "seed"}, "ru") == "Бросок"


def test_a_missing_parameter_stays_visible():
    assert format_message("{a} and {b}", {"a": 1}, "en") == "1 and {b}"


def test_apostrophes_quote_only_before_syntax_characters():
    assert format_message("the camera's calibration", {}, "en") == "the camera's calibration"
    assert format_message("a '{literal}' brace, it''s", {}, "en") == "a {literal} brace, it's"
    assert format_message("{n, plural, other {# is '#'}}", {"n": 3}, "en") == "3 is #"
    assert format_message("# outside a plural", {}, "en") == "# outside a plural"


def test_a_hash_outside_a_plural_is_text_even_inside_a_select():
    assert format_message("{x, select, other {#{x}}}", {"x": "a"}, "en") == "#a"


@pytest.mark.parametrize("text", [
    "{n, plural, one {# army}}",                      # no other
    "{n, plural, one {# army} other {# armies}",      # not closed
    "{n, plural, one {# army} other {# armies}}}",    # a brace too many
    "{n, plural, single {x} other {y}}",              # no CLDR category
    "{n, plural, =x {x} other {y}}",                  # an exact branch that is no number
    "{n, plural, other {a} other {b}}",               # a selector twice
    "{n, number}",                                    # outside the subset
    "{n plural}",                                     # no comma
    "{}",                                             # no name
    "{n, plural, one {a}, other {b}}",                # a stray comma
    "'{unclosed",                                     # a quotation never closed
    "{n, select, a {x} other {y",                     # a branch never closed
])
def test_a_broken_message_is_refused_with_where(text):
    with pytest.raises(MessageSyntaxError, match=r" at \d+"):
        parse(text)


def test_a_message_parses_once():
    assert parse("{a} b") is parse("{a} b")
