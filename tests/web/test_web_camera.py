"""The camera at the table: calibrated from two pictures, then the tray counted per throw,
from a photo or live from the frames the table's browser streams.

Real OpenCV on generated photos with known truth; the only thing not real is the camera.
"""
from __future__ import annotations

import io
import re
import threading
import time
from typing import Any, Callable

import cv2
import pytest

from devtools import tray_photos as synth
from vision.calibration import CalibrationError, calibrate
from vision.counter import Counter
from vision import table_counter
from web import create_app
from web.tray.routes import FRAME_MAX
from web.identity import table_cookie
from web.tray.watch import TrayWatch
from camera_photos import touching_reference
from web_devices import PIN, PLAYERS

pytestmark = pytest.mark.seed(4)


def jpeg(image) -> io.BytesIO:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return io.BytesIO(data.tobytes())


@pytest.fixture(scope="module")
def calibration_photos():
    session = synth.make_session(1)
    empty, reference = synth.calibration_pair(session)
    return session, empty, reference, table_counter.calibrate(empty, reference, synth.CUBE_COLOURS).calibration


@pytest.fixture(scope="module")
def photos(calibration_photos):
    session, empty, reference, calibration = calibration_photos
    tray = synth.scene(session, 7, total=6).image
    return empty, reference, tray, Counter(calibration.rules).count(tray)


def calibrated(app, calibration_photos) -> None:
    """The camera calibrated on the module's pictures, both counters as the table calibrates
    them, for a test about what comes after: the calibration is worked out once a module and
    saved where the camera keeps it (the calibrating request itself is tested on its own)."""
    calibration_photos[3].save(app.extensions["companion"].trays.camera.path)


@pytest.fixture
def camera_game(table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "tray": "camera"})
    assert r.status_code == 201, r.json
    return r.json["game_id"]


def calibrate_by_photos(table, game, empty, reference):
    return table.post(f"/api/games/{game}/camera/calibrate",
                      data={"empty": (jpeg(empty), "empty.jpg"),
                            "reference": (jpeg(reference), "reference.jpg")},
                      content_type="multipart/form-data")


def test_the_battle_screen_asks_for_calibration_first(table, camera_game):
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "data-calibrate" in page and "data-photo" not in page


@pytest.mark.parametrize("marks", ["[0.1, 0.2, 1.5, 0.9]", "[0.1, 0.2, 0.9]", '["a", 0, 1, 1]', "not json"])
def test_a_tray_marked_with_anything_but_four_fractions_is_refused_and_nothing_calibrated(
        table, camera_game, photos, marks):
    empty, reference, _, _ = photos
    r = table.post(f"/api/games/{camera_game}/camera/calibrate",
                   data={"empty": (jpeg(empty), "empty.jpg"), "reference": (jpeg(reference), "reference.jpg"),
                         "tray": marks}, content_type="multipart/form-data")
    assert r.status_code == 400 and r.json["error"]["key"].startswith("command.")
    assert "tray" in r.json["error"]["message"]
    assert "data-calibrate" in table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "data-photo" not in table.get(f"/table/{camera_game}").get_data(as_text=True)


def test_a_photo_of_the_tray_is_counted_outlined_and_shown_for_one_tap(table, camera_game, app,
                                                                      photos):
    empty, reference, tray, expected = photos
    assert calibrate_by_photos(table, camera_game, empty, reference).status_code == 200
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "data-photo" in page
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (jpeg(tray), "tray.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    hub = app.extensions["companion"].hubs.get(camera_game)
    assert hub.live["counts"] == {c: n for c, n in expected.counts.items() if n}
    picture = table.get(f"/api/games/{camera_game}/camera/picture")
    assert picture.status_code == 200 and picture.data[:2] == b"\xff\xd8"
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "camera/picture?rev=" in page


def test_a_photographed_tray_holding_more_than_the_throw_can_leave_is_a_doubt(table, camera_game, app,
                                                                            photos, calibration_photos):
    """Purple is no player's colour here: two purple cubes cannot have fallen out, whether the
    tray is seen live or photographed."""
    empty, reference, tray, expected = photos
    assert expected.counts["purple"] == 2
    calibrated(app, calibration_photos)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (jpeg(tray), "tray.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    live = app.extensions["companion"].hubs.get(camera_game).live
    assert {"key": "doubt.too_many", "params": {"colours": ["purple"]}} in live["doubts"]
    screen = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "Проверьте подсчёт: фиолетовых кубиков больше, чем могло выпасть" in screen


def test_a_table_where_black_looks_like_a_shadow_is_advised_in_the_players_language(table, camera_game):
    """Calibrated on black felt, the battle screen keeps saying what would make the black
    counts surer (something light under the tray); calibrated elsewhere, it says nothing."""
    table.set_cookie("lang", "ru")
    empty, reference = synth.calibration_pair(synth.make_session(2001))
    assert calibrate_by_photos(table, camera_game, empty, reference).status_code == 200
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert 'class="advice"' in page and "Подложите под лоток что-нибудь светлое" in page


def test_a_table_where_black_casts_its_own_shadow_gets_no_advice(table, camera_game, photos):
    empty, reference, _, _ = photos
    assert calibrate_by_photos(table, camera_game, empty, reference).status_code == 200
    assert 'class="advice"' not in table.get(f"/table/{camera_game}").get_data(as_text=True)


def test_a_calibration_for_other_cube_colours_is_refused_for_this_game(table, camera_game, app, photos):
    """One camera serves the install. Calibrated for a game whose cubes have four colours, it
    cannot count Shogun's six: the battle screen says so and asks for the two pictures again,
    and a photo of the tray is refused with the same words."""
    four = synth.make_session(1004, ("red", "blue", "yellow", "green"))
    calibrate(*synth.calibration_pair(four), four.colours).save(app.extensions["companion"].trays.camera.path)
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "data-calibrate" in page and "data-photo" not in page
    assert ("Камера откалибрована для кубиков других цветов, а этой игре нужна калибровка для красных, "
            "синих, жёлтых, фиолетовых, чёрных, зелёных кубиков") in page
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (jpeg(photos[2]), "tray.jpg")}, content_type="multipart/form-data")
    assert (r.status_code, r.json["error"]["key"]) == (400, "calibration.other_colours")


def test_a_broken_photo_is_refused_and_changes_nothing(table, camera_game, app, photos, calibration_photos):
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (io.BytesIO(b"not a jpeg"), "x.jpg")},
                   content_type="multipart/form-data")
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.bad_image")
    assert app.extensions["companion"].hubs.get(camera_game).live is None


def test_a_refused_calibration_says_why_in_the_tables_language(table, camera_game, app):
    blank = synth.calibration_pair(synth.make_session(1))[0]
    r = calibrate_by_photos(table, camera_game, blank, blank)
    assert (r.status_code, r.json["error"]["key"]) == (400, "calibration.cube_count")
    assert r.json["error"]["message"].startswith(
        "Между фотографиями не найдено ни одного изменения размером с кубик, а должно быть шесть.")
    table.set_cookie("lang", "cs")
    r = calibrate_by_photos(table, camera_game, blank, blank)
    assert r.json["error"]["message"].startswith("Mezi fotkami není žádná změna o velikosti kostky")
    assert not app.extensions["companion"].trays.camera.calibrated()


def test_cubes_the_rules_cannot_part_are_found_by_the_learned_counter_which_the_table_names(table, camera_game,
                                                                                           app):
    """«the six reference cubes found by colour, however close together»: the rules refuse two
    touching cubes, the network finds them, and the table counts with it and says so."""
    session, empty, reference = touching_reference(4)
    with pytest.raises(CalibrationError):
        calibrate(empty, reference, session.colours)
    table.set_cookie("lang", "ru")
    assert calibrate_by_photos(table, camera_game, empty, reference).status_code == 200
    page = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "data-photo" in page and "считает только обученный счётчик (нейросеть)" in page
    sample = synth.scene(session, 300, total=1)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (jpeg(sample.image), "tray.jpg")}, content_type="multipart/form-data")
    assert r.status_code == 200, r.json
    live = app.extensions["companion"].hubs.get(camera_game).live
    assert live["counts"] == {c: n for c, n in sample.truth.counts.items() if n}


def test_a_phone_cannot_send_the_tray_photo(phone, photos):
    red = phone("red")
    r = red.client.post(f"/api/games/{red.game_id}/camera/photo", headers={"X-Token": red.token},
                        data={"photo": (jpeg(photos[2]), "tray.jpg")},
                        content_type="multipart/form-data")
    assert r.status_code == 403


def post_frame(client: Any, game: str, data: bytes, headers: dict | None = None) -> Any:
    return client.post(f"/api/games/{game}/camera/frame", data=data, content_type="image/jpeg",
                       headers=headers or {})


def stream_until(table: Any, app: Any, game: str, image: Any,
                 shown: Callable[[dict], bool], seconds: float = 10.0) -> dict:
    """Post the same frame a few times a second, as the tablet's browser does, until the
    battle screen's live reading satisfies ``shown``; returns that reading."""
    hub = app.extensions["companion"].hubs.get(game)
    frame = jpeg(image).getvalue()
    deadline = time.monotonic() + seconds
    while True:
        r = post_frame(table, game, frame)
        assert r.status_code == 200, r.json
        if hub.live is not None and shown(hub.live):
            return hub.live
        assert time.monotonic() < deadline, hub.live
        time.sleep(0.05)


def test_live_frames_settle_on_the_count_shown_with_its_verdict_for_one_tap(table, camera_game,
                                                                            app, photos, calibration_photos):
    """Tower loading (7 of each player's armies, 10 peasants) counted from the live stream."""
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    sample = synth.scene(synth.make_session(1), 13, total=6)
    live = stream_until(table, app, camera_game, sample.image, lambda live: live["stable"])
    assert live["counts"] == {c: n for c, n in sample.truth.counts.items() if n}
    assert live["source"] == "camera" and live["doubts"] == []
    table.set_cookie("lang", "en")
    screen = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "the cubes have stopped" in screen
    assert "The tower is loaded" in screen
    assert re.search(r'data-colour="blue".*<output>3</output>', screen)  # the steppers hold it
    picture = table.get(f"/api/games/{camera_game}/camera/picture")
    assert picture.status_code == 200 and picture.data[:2] == b"\xff\xd8"


def test_a_doubt_on_the_live_reading_is_worded_in_the_tables_language(table, camera_game, app,
                                                                     photos, calibration_photos):
    """Purple is no player's colour here: two purple cubes cannot have fallen out."""
    empty, reference, tray, expected = photos
    assert expected.counts["purple"] == 2
    calibrated(app, calibration_photos)
    live = stream_until(table, app, camera_game, tray, lambda live: live["doubts"])
    assert {"key": "doubt.too_many", "params": {"colours": ["purple"]}} in live["doubts"]
    assert not live["stable"]
    screen = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "Проверьте подсчёт: фиолетовых кубиков больше, чем могло выпасть" in screen
    table.set_cookie("lang", "cs")
    screen = table.get(f"/table/{camera_game}").get_data(as_text=True)
    assert "Zkontrolujte počet: fialových kostek je víc, než mohlo vypadnout" in screen


def test_a_broken_frame_is_refused_and_changes_nothing(table, camera_game, app, photos, calibration_photos):
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    r = post_frame(table, camera_game, b"\xff\xd8 not a jpeg")
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.bad_image")
    assert r.json["error"]["message"].startswith("Это не фотография")
    assert app.extensions["companion"].hubs.get(camera_game).live is None


def test_a_frame_larger_than_the_cap_is_refused_unread(table, camera_game, photos, app, calibration_photos):
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    r = post_frame(table, camera_game, b"\xff" * (FRAME_MAX + 1))
    assert (r.status_code, r.json["error"]["key"]) == (413, "camera.frame_too_big")


def test_a_frame_of_another_size_than_the_calibration_asks_to_calibrate_again(table, camera_game,
                                                                            photos, app, calibration_photos):
    empty, reference, tray, _ = photos
    calibrated(app, calibration_photos)
    r = post_frame(table, camera_game, jpeg(cv2.resize(tray, (640, 360))).getvalue())
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.wrong_size")
    assert r.json["error"]["params"] == {"got": "640×360", "calibrated": "1280×720"}


def test_frames_before_calibration_are_refused(table, camera_game, photos):
    r = post_frame(table, camera_game, jpeg(photos[2]).getvalue())
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.not_calibrated")


def test_frames_are_refused_while_no_throw_waits_for_its_count(table, camera_game, photos, app, calibration_photos):
    empty, reference, tray, _ = photos
    calibrated(app, calibration_photos)
    table.post(f"/api/games/{camera_game}/commands", json={"type": "count_tray", "counts": {}})
    r = post_frame(table, camera_game, jpeg(tray).getvalue())
    assert (r.status_code, r.json["error"]["key"]) == (409, "tray.no_throw")


def test_a_phone_cannot_send_camera_frames(phone, photos):
    red = phone("red")
    r = post_frame(red.client, red.game_id, jpeg(photos[2]).getvalue(), {"X-Token": red.token})
    assert r.status_code == 403


def test_the_camera_never_puts_cubes_into_the_tray_between_battles(table, camera_game, app,
                                                                  photos, calibration_photos):
    """The camera sees the whole tray, peasants the last battle left there included: it cannot
    tell that a cube fell out by itself, so it never says one did."""
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    hub = app.extensions["companion"].hubs.get(camera_game)
    hub.execute({"type": "count_tray", "counts": {"green": 2}})
    source = app.extensions["companion"].trays.camera.live_source(hub.game.tower.colours)
    watch = TrayWatch(hub, source)
    watch.step()  # the watch sees the battle is over
    tray = jpeg(synth.scene(synth.make_session(1), 11, total=4).image).getvalue()  # 4 green
    for _ in range(6):
        source.push_frame(tray)
        time.sleep(0.03)
    assert source.poll().stable
    watch.step()
    assert "tray.fell" not in [n["key"] for n in hub.state.log]


def test_a_photos_reading_stays_for_its_throw_and_goes_with_it(table, camera_game, app, photos, calibration_photos):
    """The camera is followed from the first request after calibration, maybe just after the
    photo was counted: following it must not wipe that photo's reading, only a past throw's."""
    empty, reference, tray, _ = photos
    calibrated(app, calibration_photos)
    table.post(f"/api/games/{camera_game}/camera/photo",
               data={"photo": (jpeg(tray), "tray.jpg")}, content_type="multipart/form-data")
    hub = app.extensions["companion"].hubs.get(camera_game)
    watch = TrayWatch(hub, app.extensions["companion"].trays.camera.live_source(hub.game.tower.colours))
    watch.step()
    assert hub.live is not None and hub.live["counts"]["yellow"] == 4
    hub.execute({"type": "count_tray", "counts": {"yellow": 4}})
    watch.step()
    assert hub.live is None


def test_a_photo_sent_while_the_camera_recalibrates_is_counted_with_the_new_calibration(
        table, camera_game, app, photos):
    """Calibrating takes a second or more. A photo taken meanwhile (the camera moved, the table
    calibrates again and photographs the tray at once) waits for the new calibration and its
    count stays on the screen; it is neither counted with the old table's calibration nor
    wiped when the new one lands."""
    empty, reference, tray, expected = photos
    other_table = synth.calibration_pair(synth.make_session(4))
    assert calibrate_by_photos(table, camera_game, *other_table).status_code == 200
    second_request = app.test_client()  # the same tablet: the table's cookie, another connection
    second_request.set_cookie(table_cookie(camera_game), table.get_cookie(table_cookie(camera_game)).value)
    calibrating = threading.Thread(target=calibrate_by_photos, args=(second_request, camera_game, empty, reference))
    calibrating.start()
    camera = app.extensions["companion"].trays.camera
    while calibrating.is_alive() and not camera._calibration_lock.locked():  # the photo is sent while the new calibration is worked out
        time.sleep(0.005)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (jpeg(tray), "tray.jpg")}, content_type="multipart/form-data")
    calibrating.join()
    assert r.status_code == 200, r.json
    hub = app.extensions["companion"].hubs.get(camera_game)
    assert hub.live is not None and hub.live["counts"] == {c: n for c, n in expected.counts.items() if n}


def test_a_still_tray_does_not_redraw_the_screens_frame_after_frame(table, camera_game, app,
                                                                   photos, calibration_photos):
    """Each frame's noise moves the counter's confidence a little; the screens (and a correction
    being made on the steppers) are redrawn only when what they show changes."""
    empty, reference, _, _ = photos
    calibrated(app, calibration_photos)
    frames = synth.settling(synth.make_session(1), 13, total=5, moving=1, still=6)
    still = [image for image, seen in frames if not seen.moving]
    stream_until(table, app, camera_game, still[0], lambda live: live["stable"])
    hub = app.extensions["companion"].hubs.get(camera_game)
    time.sleep(0.3)  # the watch has handed on the last reading
    shown = hub.rev
    for image in still[1:]:
        assert post_frame(table, camera_game, jpeg(image).getvalue()).status_code == 200
        time.sleep(0.15)  # the watch looks at each frame's reading
    assert hub.live["stable"] and hub.rev == shown


def test_a_webcam_that_gives_no_picture_is_said_on_the_battle_screen(db, tmp_path, calibration_photos):
    """A webcam configured on the server but unplugged: every page still opens, and the battle
    screen says what is wrong, in the table's language, until the camera gives frames."""
    from web import create_app

    app = create_app({"DB": str(db), "TESTING": True, "SEED": 4,
                      "CAMERA_DEVICE": str(tmp_path / "unplugged.avi")})
    try:
        table = app.test_client()
        r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                           "tray": "camera"})
        game = r.json["game_id"]
        calibrated(app, calibration_photos)
        assert table.get(f"/table/{game}").status_code == 200
        hub = app.extensions["companion"].hubs.get(game)
        deadline = time.monotonic() + 10
        while not (hub.live and hub.live["doubts"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hub.live["doubts"][0]["key"] == "doubt.camera_unavailable" and not hub.live["stable"]
        screen = table.get(f"/table/{game}").get_data(as_text=True)
        assert "unplugged.avi не даёт изображения: проверьте кабель" in screen
    finally:
        app.extensions["companion"].close()


def test_photos_larger_than_the_cap_are_refused_unread_and_change_nothing(table, camera_game, app, photos,
                                                                         calibration_photos, monkeypatch):
    import web.tray.routes

    _, reference, _, _ = photos
    monkeypatch.setattr(web.tray.routes, "PHOTOS_MAX", 2**20)
    big = io.BytesIO(b"\xff" * (2**20 + 1))
    r = table.post(f"/api/games/{camera_game}/camera/calibrate",
                   data={"empty": (big, "empty.jpg"), "reference": (jpeg(reference), "reference.jpg")},
                   content_type="multipart/form-data")
    assert (r.status_code, r.json["error"]["key"]) == (413, "camera.photo_too_big")
    assert r.json["error"]["message"] == "Фото может весить не больше 1 МБ (два снимка для калибровки — вместе)."
    assert not app.extensions["companion"].trays.camera.calibrated()
    calibrated(app, calibration_photos)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (io.BytesIO(b"\xff" * (2**20 + 1)), "tray.jpg")},
                   content_type="multipart/form-data")
    assert (r.status_code, r.json["error"]["key"]) == (413, "camera.photo_too_big")
    assert app.extensions["companion"].hubs.get(camera_game).live is None


def test_a_damaged_calibration_file_asks_the_table_to_calibrate_again(table, camera_game, app, db,
                                                                     photos, calibration_photos):
    """After a restart the calibration is read from its file; one damaged on disk is no
    calibration (the battle screen asks for the two pictures again), never a broken screen."""
    tray = photos[2]
    calibrated(app, calibration_photos)
    path = app.extensions["companion"].trays.camera.path
    path.write_bytes(path.read_bytes()[:1000])
    restarted = create_app({"DB": str(db), "TESTING": True})
    try:
        again = restarted.test_client()
        again.set_cookie(table_cookie(camera_game), table.get_cookie(table_cookie(camera_game)).value)
        page = again.get(f"/table/{camera_game}").get_data(as_text=True)
        assert "data-calibrate" in page and "data-photo" not in page
        r = again.post(f"/api/games/{camera_game}/camera/photo",
                       data={"photo": (jpeg(tray), "tray.jpg")}, content_type="multipart/form-data")
        assert r.status_code == 400 and r.json["error"]["key"] == "camera.not_calibrated"
    finally:
        restarted.extensions["companion"].close()
