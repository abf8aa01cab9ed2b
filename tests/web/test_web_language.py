"""Each device's language: the browser's on first visit, the device's own choice after it,
Russian when neither says; and the screens' own words count in the language's plural forms."""
from __future__ import annotations

import re

import pytest

from companion.i18n import LANGUAGES, arguments, parse
from web.screens import GameWords
from web.words import words
from web_devices import PIN, PLAYERS, Phone

PAGE_LANG = re.compile(r'<html lang="(\w+)">')


def page_language(client, **headers) -> str:
    page = client.get("/", headers=headers).get_data(as_text=True)
    return PAGE_LANG.search(page).group(1)


@pytest.mark.parametrize("accept, lang", [
    (None, "ru"),
    ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
    ("en-US,en;q=0.9", "en"),
    ("de-DE,de;q=0.9,en;q=0.5", "en"),
    ("de-DE,fr;q=0.5", "ru"),
    ("en;q=0.4,ru;q=0.8", "ru"),
])
def test_a_device_without_a_choice_starts_in_its_browsers_language(table, accept, lang):
    headers = {"Accept-Language": accept} if accept else {}
    assert page_language(table, **headers) == lang


def test_the_language_chosen_on_the_device_wins_over_the_browsers(table):
    czech_browser = {"Accept-Language": "cs-CZ,cs;q=0.9"}
    assert page_language(table, **czech_browser) == "cs"
    assert table.get("/lang/en?next=/", headers=czech_browser).status_code == 302
    assert page_language(table, **czech_browser) == "en"
    assert table.get("/lang/ru", headers=czech_browser).status_code == 302
    assert page_language(table, **czech_browser) == "ru"


def test_a_cookie_for_a_language_we_do_not_speak_falls_back_to_the_browsers(table):
    table.set_cookie("lang", "de")
    assert page_language(table, **{"Accept-Language": "cs"}) == "cs"
    assert page_language(table) == "ru"


def test_a_refusal_is_worded_in_the_browsers_language_before_any_choice(table):
    r = table.post("/api/games", json={"players": PLAYERS[:2], "setup": "recommended", "pin": PIN},
                   headers={"Accept-Language": "cs-CZ"})
    assert r.json["error"]["message"] == "Shogun je pro 3 až 5 hráčů, ne pro 2."


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
    assert GameWords("shogun", lang)("armies.count", n=n) == shown


@pytest.mark.seed(8)
def test_the_draft_offers_army_groups_counted_in_the_devices_language(table, app):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "draft", "pin": PIN})
    red = Phone(app, r.json["game_id"], "red")
    hand = red.client.get(f"/hand/{red.game_id}/{red.token}").get_data(as_text=True)
    groups = re.findall(r'data-armies="(\d+)">([^<]+)<', hand)
    shown = {int(n): text.strip() for n, text in groups}
    assert shown and all(text == GameWords("shogun", "ru")("armies.count", n=n) for n, text in shown.items())
    assert shown[5] == "5 армий" and shown[3] == "3 армии"
