"""The host PIN through the real app: wrong PINs earn growing waits per device and per game
(429, said in the device's language), the table is told that someone is trying, and new
games take PINs long enough for the waits to matter. The guard runs on a clock the tests
move (nothing sleeps)."""
from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.__main__ import main
from web.host_pin import wait_words
from web.pin_guard import DEVICE_FREE, GAME_FREE, PinGuard
from web.settings import TableSettings, pin_hash
from web_devices import PIN, PLAYERS, Clock, Phone, open_stream

WRONG = "000000"


@pytest.fixture
def clock(app: Flask) -> Clock:
    """The app's guard on a clock the test moves."""
    clock = Clock()
    svc = app.extensions["companion"]
    svc.pins.close()
    svc.pins = PinGuard(svc.db, clock)
    return clock


def device(app: Flask, address: str, lang: str = "en") -> FlaskClient:
    """A device on the network that has not joined: its own address, its own language."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    client.set_cookie("lang", lang)
    return client


def claim(client: FlaskClient, game: str, pin: str, **kwargs: Any) -> Any:
    return client.post(f"/api/games/{game}/claim", json={"pin": pin}, **kwargs)


def test_wrong_pins_past_the_free_ones_earn_a_growing_wait(app, game, clock):
    guesser = device(app, "10.0.0.9")
    for _ in range(DEVICE_FREE):
        claim(guesser, game, WRONG)
    waits = []
    for _ in range(3):
        assert claim(guesser, game, WRONG).status_code == 403
        r = claim(guesser, game, WRONG)
        assert r.status_code == 429
        waits.append(r.json["error"]["params"]["n"])
        clock.now += waits[-1]
    assert waits == [5, 10, 20]


@pytest.mark.parametrize("lang, message", [
    ("en", "Too many wrong host PINs: try again in 5 seconds."),
    ("ru", "Слишком много неверных PIN ведущего: попробуйте снова через 5 секунд."),
    ("cs", "Příliš mnoho špatných PINů hostitele: zkuste to znovu za 5 sekund.")])
def test_a_device_that_must_wait_is_told_how_long_in_its_language(app, game, clock, lang, message):
    guesser = device(app, "10.0.0.9", lang)
    for _ in range(DEVICE_FREE + 1):
        claim(guesser, game, WRONG)
    assert claim(guesser, game, WRONG).json["error"]["message"] == message


def test_a_long_wait_is_told_in_minutes(app, game, clock):
    guesser = device(app, "10.0.0.9")
    for _ in range(DEVICE_FREE + 6):
        clock.now += 600  # past every wait so far
        claim(guesser, game, WRONG)
    assert claim(guesser, game, WRONG).json["error"]["message"] == \
        "Too many wrong host PINs: try again in 3 minutes."


def test_the_right_pin_during_a_wait_is_refused_and_claims_nothing(app, game, clock):
    guesser = device(app, "10.0.0.9")
    for _ in range(DEVICE_FREE + 1):
        claim(guesser, game, WRONG)
    r = claim(guesser, game, PIN)
    assert (r.status_code, r.json["error"]["key"]) == (429, "host.pin_wait")
    assert "set-cookie" not in r.headers
    assert 'data-join="red"' not in guesser.get(f"/table/{game}").get_data(as_text=True)


def test_the_right_pin_is_taken_once_the_wait_is_over(app, game, clock):
    guesser = device(app, "10.0.0.9")
    for _ in range(DEVICE_FREE + 1):
        claim(guesser, game, WRONG)
    clock.now += 5
    assert claim(guesser, game, PIN).status_code == 200


def test_another_device_waits_once_the_game_has_had_its_free_wrong_pins(app, game, clock):
    for i in range(GAME_FREE + 1):
        claim(device(app, f"10.0.1.{i}"), game, WRONG)
    r = claim(device(app, "10.0.2.1"), game, PIN)
    assert (r.status_code, r.json["error"]["key"]) == (429, "host.pin_wait")


def test_a_made_up_token_does_not_make_a_fresh_device(app, game, clock):
    guesser = device(app, "10.0.0.9")
    for i in range(DEVICE_FREE + 1):
        claim(guesser, game, WRONG, headers={"X-Token": f"{i:024x}"})
    assert claim(guesser, game, WRONG, headers={"X-Token": "f" * 24}).status_code == 429


def test_the_right_pin_clears_the_devices_count(app, game, clock):
    host = device(app, "10.0.0.9")
    for _ in range(DEVICE_FREE):
        claim(host, game, WRONG)
    assert claim(host, game, PIN).status_code == 200
    host.delete_cookie(f"tc_table_{game}")
    for _ in range(DEVICE_FREE):
        assert claim(host, game, WRONG).status_code == 403


def test_the_host_at_the_table_may_undo_while_the_game_makes_others_wait(app, table, game, clock):
    for i in range(GAME_FREE + 1):
        claim(device(app, f"10.0.1.{i}"), game, WRONG)
    assert table.post(f"/api/games/{game}/undo", json={"pin": PIN}).status_code == 200


def test_the_table_is_told_on_its_live_stream_that_someone_entered_wrong_pins(app, table, game,
                                                                            clock):
    table.set_cookie("lang", "en")
    stream = open_stream(table, f"/live/{game}")
    assert stream.next()["pin_notice"] is None
    guesser = device(app, "10.0.0.9")
    for _ in range(2):
        claim(guesser, game, WRONG)
    notice = stream.next()["pin_notice"]
    stream.close()
    assert notice == {"text": "Someone entered a wrong host PIN 2 times in the last 10 minutes.",
                      "last": clock.now, "until": clock.now + 600}


@pytest.mark.parametrize("lang, text", [
    ("ru", "Кто-то ввёл неверный PIN ведущего 6 раз за последние 10 минут."),
    ("cs", "Někdo zadal špatný PIN hostitele 6krát za posledních 10 minut."),
    ("en", "Someone entered a wrong host PIN 6 times in the last 10 minutes.")])
def test_the_table_page_says_that_someone_entered_wrong_pins(app, table, game, clock, lang, text):
    for i in range(6):
        claim(device(app, f"10.0.1.{i}"), game, WRONG)
    table.set_cookie("lang", lang)
    page = table.get(f"/table/{game}").get_data(as_text=True)
    notice = page.split('id="pin-notice"')[1].split("</div>")[0]
    assert f"<p>{text}</p>" in notice


def test_a_phone_is_not_told_of_wrong_pins(app, phone, game, clock):
    claim(device(app, "10.0.0.9"), game, WRONG)
    red = phone("red")
    assert open_stream(red.client, f"/live/{game}?token={red.token}").next()["pin_notice"] is None


def test_the_tables_own_wrong_pin_is_no_notice(table, game, clock):
    table.post(f"/api/games/{game}/undo", json={"pin": WRONG})
    assert open_stream(table, f"/live/{game}").next()["pin_notice"] is None


@pytest.mark.parametrize("lang, message", [
    ("en", "The host PIN is 6 to 8 digits: a shorter one is guessed too quickly."),
    ("ru", "PIN ведущего — от 6 до 8 цифр: более короткий слишком быстро подбирается."),
    ("cs", "PIN hostitele má 6 až 8 číslic: kratší se uhodne příliš rychle.")])
def test_a_new_game_with_a_four_digit_pin_is_refused_saying_how_long_a_pin_is(table, lang,
                                                                               message):
    table.set_cookie("lang", lang)
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": "2468"})
    assert (r.status_code, r.json["error"]["message"]) == (409, message)


def test_the_new_game_form_refuses_a_four_digit_pin_on_the_page(table):
    table.set_cookie("lang", "en")
    r = table.post("/new/shogun", data={"pin": "2468"})
    assert r.status_code == 409
    assert "The host PIN is 6 to 8 digits" in r.get_data(as_text=True)


def test_the_new_game_form_suggests_a_six_digit_pin_and_says_so(table):
    table.set_cookie("lang", "en")
    page = table.get("/new/shogun").get_data(as_text=True)
    field = next(line for line in page.splitlines() if 'name="pin"' in line)
    assert 'pattern="[0-9]{6,8}"' in field
    suggested = field.split('value="')[1].split('"')[0]
    assert len(suggested) == 6 and suggested.isdigit()
    assert "6 to 8 digits." in page


def test_a_game_made_with_a_four_digit_pin_still_takes_it(app, game):
    svc = app.extensions["companion"]
    four = TableSettings(pin_hash=pin_hash(svc.secret, "2468"))
    svc.settings.change(game, lambda _: four, four)
    assert claim(app.test_client(), game, "2468").status_code == 200


def test_the_server_refuses_a_suggested_pin_shorter_than_six_digits(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--pin", "2468", "--port", "0"])
    assert stopped.value.code == 2
    assert "6 to 8 digits" in capsys.readouterr().err


def test_a_phone_is_counted_apart_from_a_device_without_a_token_at_the_same_address(app, game,
                                                                                   clock):
    red = Phone(app, game, "red")
    for _ in range(DEVICE_FREE + 1):
        red.post("claim", {"pin": WRONG})
    assert red.post("claim", {"pin": WRONG}).status_code == 429
    assert claim(app.test_client(), game, WRONG).status_code == 403


@pytest.mark.parametrize("seconds, words", [(0.2, {"n": 1, "unit": "seconds"}),
                                            (4.2, {"n": 5, "unit": "seconds"}),
                                            (90, {"n": 90, "unit": "seconds"}),
                                            (91, {"n": 2, "unit": "minutes"}),
                                            (900, {"n": 15, "unit": "minutes"})])
def test_a_wait_is_said_in_whole_seconds_up_to_a_minute_and_a_half_then_minutes(seconds, words):
    assert wait_words(seconds) == words
