"""The screens' own words count in the language's plural forms."""
from __future__ import annotations

import re

import pytest

from companion.i18n import LANGUAGES, arguments, parse
from web.words import Words, words
from web_devices import PIN, PLAYERS, Phone


def test_the_screens_words_are_the_same_keys_and_parameters_in_every_language():
    ru, cs, en = (words(lang) for lang in LANGUAGES)
    assert set(ru) == set(cs) == set(en)
    for key in ru:
        assert arguments(parse(ru[key])) == arguments(parse(cs[key])) == arguments(parse(en[key])), key


@pytest.mark.parametrize("lang, n, shown", [
    ("ru", 1, "1 армия"), ("ru", 3, "3 армии"), ("ru", 5, "5 армий"), ("ru", 21, "21 армия"),
    ("cs", 1, "1 armáda"), ("cs", 3, "3 armády"), ("cs", 5, "5 armád"),
    ("en", 1, "1 army"), ("en", 5, "5 armies"),
])
def test_an_army_group_is_counted_in_the_languages_plural_form(lang, n, shown):
    assert Words(lang)("armies.count", n=n) == shown


def test_the_draft_offers_army_groups_counted_in_the_devices_language(table, app):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "draft", "pin": PIN, "seed": 8})
    red = Phone(app, r.json["game_id"], "red")
    hand = red.client.get(f"/hand/{red.game_id}/{red.token}").get_data(as_text=True)
    groups = re.findall(r'data-armies="(\d+)">([^<]+)<', hand)
    shown = {int(n): text.strip() for n, text in groups}
    assert shown and all(text == Words("ru")("armies.count", n=n) for n, text in shown.items())
    assert shown[5] == "5 армий" and shown[3] == "3 армии"
