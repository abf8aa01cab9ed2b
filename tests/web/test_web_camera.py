"""The camera at the table: calibrated from two photos, then a photo of the tray per throw.

Real OpenCV on generated photos with known truth; the only thing not real is the camera.
"""
from __future__ import annotations

import io

import cv2
import pytest

from vision import synth
from vision.calibration import calibrate
from vision.counter import Counter
from web_devices import PIN, PLAYERS


def jpeg(image) -> io.BytesIO:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return io.BytesIO(data.tobytes())


@pytest.fixture(scope="module")
def photos():
    session = synth.make_session(1)
    empty, reference = synth.calibration_pair(session)
    tray = synth.scene(session, 7, total=6).image
    return empty, reference, tray, Counter(calibrate(empty, reference)).count(tray)


@pytest.fixture
def camera_game(table):
    r = table.post("/api/games", json={"players": PLAYERS, "setup": "recommended", "pin": PIN,
                                       "tray": "camera", "seed": 4})
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


def test_a_broken_photo_is_refused_and_changes_nothing(table, camera_game, app, photos):
    empty, reference, _, _ = photos
    calibrate_by_photos(table, camera_game, empty, reference)
    r = table.post(f"/api/games/{camera_game}/camera/photo",
                   data={"photo": (io.BytesIO(b"not a jpeg"), "x.jpg")},
                   content_type="multipart/form-data")
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.bad_image")
    assert app.extensions["companion"].hubs.get(camera_game).live is None


def test_calibration_from_two_blank_pictures_is_refused_with_the_reason(table, camera_game):
    blank = synth.calibration_pair(synth.make_session(1))[0]
    r = calibrate_by_photos(table, camera_game, blank, blank)
    assert (r.status_code, r.json["error"]["key"]) == (400, "camera.calibration_failed")
    assert r.json["error"]["message"].strip()


def test_a_phone_cannot_send_the_tray_photo(phone, photos):
    red = phone("red")
    r = red.client.post(f"/api/games/{red.game_id}/camera/photo", headers={"X-Token": red.token},
                        data={"photo": (jpeg(photos[2]), "tray.jpg")},
                        content_type="multipart/form-data")
    assert r.status_code == 403
