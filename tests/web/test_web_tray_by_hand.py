"""The tray changed by hand, on the table: the cubes the Samurai bonus put in are named on the
tower panel in the players' language, and a photo of the resting tray is held against the
bookkeeping (real OpenCV on rendered photos; the camera is the only thing not real)."""
from __future__ import annotations

import time

import pytest

from devtools import tray_photos as synth
from expansion_games import client_past_the_specials, made_with_the_form
from test_web_camera import calibrated, calibration_photos, jpeg  # noqa: F401 (a fixture)
from test_web_samurai import give_red_a_fourth_region
from web.tray.watch import TrayWatch
from web_devices import Phone

pytestmark = pytest.mark.seed(4)


def told_the_printed_values(table, game) -> dict:
    """The table says its valour cards show the amounts offered pre-filled, when asked; the
    view after."""
    view = table.get(f"/api/games/{game}/view").json
    if view["pending"]["kind"] == "printed":
        told = {q["key"]: q["suggested"] for q in view["pending"]["questions"]}
        assert table.post(f"/api/games/{game}/commands",
                          json={"type": "printed", "values": told}).status_code == 200
        view = table.get(f"/api/games/{game}/view").json
    return view


def red_took_the_armies_bonus(app, table, db, tray: str) -> str:
    """«Поместите указанное количество армий из своего личного запаса в поддон башни
    сражений»: red's valour card 2 puts 1 red army into the tray; the game between battles."""
    game = made_with_the_form(table, expansion_samurai="1", tray=tray)
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {}}).status_code == 200
    give_red_a_fourth_region(db, game)
    client_past_the_specials(table, game)
    assert told_the_printed_values(table, game)["pending"]["player"] == "red"
    r = Phone(app, game, "red").send({"type": "valour", "player": "red", "take": "armies"})
    assert r.status_code == 200, r.json
    view = table.get(f"/api/games/{game}/view").json
    assert view["tray"] == {"red": 1} and view["pending"]["kind"] != "tray"
    return game


def photo_of(session, *cubes) -> dict:
    image, _ = synth.render(session, list(cubes), seed=3)
    return {"photo": (jpeg(image), "tray.jpg")}


def test_the_tower_panel_names_the_cube_put_in_by_hand(app, table, db):
    """Named on the table like a throw: "in the tray already: 1 red (the Samurai bonus)"."""
    game = red_took_the_armies_bonus(app, table, db, "manual")
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "Уже в лотке" in page
    assert "1 красный — положен рукой (бонус «Самураев»)" in page


def test_a_photo_short_of_the_cube_put_in_by_hand_says_to_put_it_in(app, table, db, calibration_photos):
    """The camera sees the whole resting tray: an empty one, where the bookkeeping has the
    bonus's red cube, is said plainly, and nothing in the game changes."""
    game = red_took_the_armies_bonus(app, table, db, "camera")
    calibrated(app, calibration_photos)
    before = table.get(f"/api/games/{game}/view").json
    r = table.post(f"/api/games/{game}/camera/photo", data=photo_of(calibration_photos[0]),
                   content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    table.set_cookie("lang", "en")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "The tray shows 0 red, 1 expected: put it in." in page
    assert table.get(f"/api/games/{game}/view").json == before


def test_a_photo_that_agrees_with_the_bookkeeping_says_so(app, table, db, calibration_photos):
    game = red_took_the_armies_bonus(app, table, db, "camera")
    calibrated(app, calibration_photos)
    session = calibration_photos[0]
    r = table.post(f"/api/games/{game}/camera/photo", data=photo_of(session, synth.lying(session, "red", 0, 0)),
                   content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    table.set_cookie("lang", "cs")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "V zásobníku je vše, jak má být." in page


def test_the_table_confirms_the_tray_by_hand_when_the_camera_misreads(app, table, db, calibration_photos):
    """A miscount is the players' to settle: "the tray is right" drops the check until the
    next change by hand, and the game stays as it was."""
    game = red_took_the_armies_bonus(app, table, db, "camera")
    calibrated(app, calibration_photos)
    table.post(f"/api/games/{game}/camera/photo", data=photo_of(calibration_photos[0]),
               content_type="multipart/form-data")
    assert "data-tray-checked" in table.get(f"/table/{game}").get_data(as_text=True)
    before = table.get(f"/api/games/{game}/view").json
    assert table.post(f"/api/games/{game}/tray/checked").status_code == 200
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "data-check" not in page and "data-by-hand" in page
    assert table.get(f"/api/games/{game}/view").json == before


def test_a_photo_between_battles_with_nothing_put_in_by_hand_is_refused(table, calibration_photos, app):
    """With no change by hand there is nothing to check, and no throw to count."""
    game = made_with_the_form(table, tray="camera")
    assert table.post(f"/api/games/{game}/commands",
                      json={"type": "count_tray", "counts": {}}).status_code == 200
    calibrated(app, calibration_photos)
    r = table.post(f"/api/games/{game}/camera/photo", data=photo_of(calibration_photos[0]),
                   content_type="multipart/form-data")
    assert r.status_code >= 400


def test_the_live_camera_checks_the_resting_tray_after_a_change_by_hand(app, table, db, calibration_photos):
    """Live, the camera's settled look at the tray is held against the bookkeeping as a
    photo is: the red cube of the bonus missing from the tray is said, nothing changes."""
    game = red_took_the_armies_bonus(app, table, db, "camera")
    calibrated(app, calibration_photos)
    hub = app.extensions["companion"].hubs.get(game)
    source = app.extensions["companion"].trays.camera.live_source(hub.game.tower.colours)
    watch = TrayWatch(hub, source)
    watch.step()
    frame = jpeg(synth.render(calibration_photos[0], [], seed=3)[0]).getvalue()
    for _ in range(6):
        source.push_frame(frame)
        time.sleep(0.03)
    assert source.poll().stable
    seq = hub.session.seq
    watch.step()
    assert hub.live["between"] == {"red": 1}
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "В лотке красных: 0, а должно быть 1 — положите ещё 1." in page
    assert hub.session.seq == seq


def attack_after_the_bonus(app, table, db) -> str:
    """Red takes the armies bonus, then blue attacks red's Kozuke from Shimotsuke with 3
    armies (blue's only plan): the battle's throw waits for its count."""
    game = made_with_the_form(table, expansion_samurai="1")
    send = lambda command: table.post(f"/api/games/{game}/commands", json=command)  # noqa: E731
    assert send({"type": "count_tray", "counts": {}}).status_code == 200
    give_red_a_fourth_region(db, game)
    for colour in ("red", "blue", "yellow"):
        plan = {"battle1": "shimotsuke"} if colour == "blue" else {}
        assert send({"type": "plan", "player": colour, "actions": plan,
                     "bid": {"chests": 2 if colour == "red" else 0}}).status_code == 200
    while (pending := told_the_printed_values(table, game)["pending"])["kind"] != "move":
        player = pending["player"]
        if pending["kind"] == "special":
            command = {"type": "choose_special", "player": player, "slot": min(pending["free"])}
        else:
            take = "armies" if player == "red" else "nothing"
            command = {"type": "valour", "player": player, "take": take}
        assert Phone(app, game, player).send(command).status_code == 200
    assert pending["player"] == "blue"
    assert send({"type": "move", "player": "blue", "to": "kozuke", "armies": 3}).status_code == 200
    while (pending := table.get(f"/api/games/{game}/view").json["pending"])["kind"] == "bonus":
        answer = {"type": "bonus", "player": pending["player"], "take": False}
        assert Phone(app, game, pending["player"]).send(answer).status_code == 200
    assert pending["kind"] == "tray"
    return game


def test_the_battle_screen_names_the_thrown_cube_put_in_by_hand_and_asks_for_the_whole_tray(app, table, db):
    """«...а также все кубики, лежащие в поддоне башни в начале сражения»: the red cube the
    bonus put into the tray is thrown, named with its cause, and the steppers ask for every
    cube in the tray."""
    game = attack_after_the_bonus(app, table, db)
    table.set_cookie("lang", "en")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    throw_list = page[page.index('<ul class="throw">'):]
    assert "1 red cube put in by hand (the Samurai bonus)" in throw_list[:throw_list.index("</ul>")]
    assert "Count every cube now in the tray: the cubes put in by hand were thrown with the rest." in page


def test_confirming_the_tray_with_nothing_put_in_by_hand_is_refused(table, game):
    """No change by hand since the last battle: "the tray is right" has nothing to confirm,
    says so in the table's language, and changes nothing."""
    before = table.get(f"/api/games/{game}/view").json
    table.set_cookie("lang", "ru")
    r = table.post(f"/api/games/{game}/tray/checked")
    assert r.status_code >= 400
    assert r.json["error"]["message"].startswith("Нечего проверять")
    assert table.get(f"/api/games/{game}/view").json == before
