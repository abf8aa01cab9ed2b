"""The tablet's own camera, live, in a real browser.

Debian's Chromium plays a video file as its camera: the tray after a throw, rendered by
``devtools.tray_photos`` with known truth (the cubes sliding to rest, then lying still). The page is
served on http://127.0.0.1, a secure context like http://localhost on the tablet that runs the
server, so the browser gives it the camera; the page posts its frames and the battle screen
settles on the count with no typing. Without a camera the page offers photos and says why.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import cv2
import numpy as np
import pytest

from browser_devices import TABLET, WAIT_MS, chromium, device, new_game
from camera_photos import touching_reference
from devtools import tray_photos as synth
from vision import table_counter
from vision.calibration import calibrate
from vision.counter import Counter

SESSION, THROW = 1, 13  # a table that calibrates, and a throw the counter gets right
LEARNED_THROW = 13  # a throw on ``touching_reference(4)``'s table the learned counter gets right
MOVING_REPEAT, STILL_REPEAT = 3, 40  # each rendered frame's length in the 30 fps video
RUSSIAN_CUBES = {"red": "красных", "blue": "синих", "yellow": "жёлтых", "purple": "фиолетовых", "black": "чёрных",
                 "green": "зелёных"}


def jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return data.tobytes()


class Camera:
    """What Chromium's camera sees: a video file (MJPEG: JPEG frames at 30 fps, in a loop) that
    it opens whenever a page starts the camera, so turning the camera to another scene is
    writing another file and starting the camera again."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def shows(self, video: bytes) -> None:
        part = self.path.with_suffix(".part")
        part.write_bytes(video)
        part.replace(self.path)


@pytest.fixture(scope="module")
def scenes() -> dict[str, Any]:
    """The camera's three scenes as videos: the empty tray, one cube of each colour, and the
    throw (the cubes sliding to rest, then the still tray: about 4.4 s); and the throw's truth."""
    session = synth.make_session(SESSION)
    empty, reference = synth.calibration_pair(session)
    frames = synth.settling(session, THROW, total=5, moving=4, still=3)
    truth = {c: n for c, n in frames[-1][1].counts.items() if n}
    counted = Counter(calibrate(empty, reference, synth.CUBE_COLOURS)).count(frames[-1][0]).counts
    assert {c: n for c, n in counted.items() if n} == truth  # the counter itself gets it right
    throw = b"".join(jpeg(image) * (MOVING_REPEAT if seen.moving else STILL_REPEAT)
                     for image, seen in frames)
    corners = np.vstack([synth.tray_floor(session), synth.tray_floor(session, synth.WALL_H)])
    return {"empty": jpeg(empty) * 10, "reference": jpeg(reference) * 10, "throw": throw,
            "truth": truth, "photos": {"empty": jpeg(empty), "reference": jpeg(reference)},
            "tray": (corners.min(axis=0) / empty.shape[1::-1], corners.max(axis=0) / empty.shape[1::-1])}


@pytest.fixture(scope="module")
def camera(tmp_path_factory: Any) -> Camera:
    return Camera(tmp_path_factory.mktemp("camera") / "camera.mjpeg")


@pytest.fixture(scope="module")
def camera_browser(playwright: Any, camera: Camera, scenes: dict[str, Any]) -> Iterator[Any]:
    """Chromium whose camera is ``camera``, allowed without asking."""
    camera.shows(scenes["empty"])
    with chromium(playwright, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                  f"--use-file-for-fake-video-capture={camera.path}") as browser:
        yield browser


def camera_game(table: Any, server: str) -> str:
    """A new three-player game counted by the camera, from the new-game form; its battle
    screen (the tower loading) is open."""
    new_game(table, server, tray="camera")
    table.wait_for_selector("[data-camera]")
    return table.url.rsplit("/", 1)[1]


def streaming(table: Any) -> None:
    """Until the camera plays in the battle screen's viewfinder."""
    table.wait_for_function("document.querySelector('[data-viewfinder] video')?.videoWidth > 0")


def grab(table: Any, name: str) -> bytes:
    """Tap the button that takes calibration picture ``name`` from the stream; the picture
    the page took."""
    streaming(table)
    table.click(f"[data-grab={name}]")
    table.wait_for_selector(f"[data-grab={name}].on")  # its tick: taken
    return bytes(table.evaluate(
        "async (name) => Array.from(new Uint8Array("
        "await document.querySelector(`input[name=${name}]`).files[0].arrayBuffer()))", name))


def settled_throw(table: Any, camera: Camera, videos: dict[str, bytes], truth: dict[str, int]) -> dict[str, Any]:
    """Calibrate from pictures grabbed off the stream (the empty tray, then the reference
    cubes), turn the camera to the throw and wait until the battle screen has settled on
    ``truth``; what the live line and the verdict said in that moment."""
    camera.shows(videos["empty"])
    table.reload()
    empty = grab(table, "empty")
    camera.shows(videos["reference"])  # one cube of each colour laid in the tray
    table.reload()
    reference = grab(table, "reference")
    camera.shows(videos["throw"])
    table.reload()
    streaming(table)
    for name, picture in (("empty", empty), ("reference", reference)):
        table.set_input_files(f"input[name={name}]", files=[
            {"name": f"{name}.jpg", "mimeType": "image/jpeg", "buffer": picture}])
    table.click("[data-calibrate]")
    # read in the same moment as the settled counts: the video loops, and each time the cubes
    # slide again the reading is no longer settled and the verdict goes (under load, between
    # two reads of the page)
    return table.wait_for_function(
        """(want) => {
          const verdict = document.querySelector('.verdict');
          const counted = verdict && !verdict.hidden && [...document.querySelectorAll('.counter')].every(
            (c) => Number(c.querySelector('output').textContent) === (want[c.dataset.colour] || 0));
          return counted && {
            live: document.querySelector('[data-live]').textContent,
            verdict: [...verdict.querySelectorAll('.lines li')].map((li) => li.textContent),
          };
        }""", arg=truth, timeout=4 * WAIT_MS).json_value()


def confirmed_counts(table: Any, server: str, game: str) -> dict[str, int]:
    """Confirm the settled count; what the game's log then says the tray held."""
    table.click("[data-confirm]")
    table.wait_for_selector("[data-counting]", state="detached")
    log = table.request.get(f"{server}/api/games/{game}/view").json()["log"]
    counted = next(n for n in log if n["key"] == "tray.counted")
    return {c: n for c, n in counted["params"]["counts"].items() if n}


def photo_game(browser: Any, lang: str, server: str, photos: dict[str, bytes]) -> Any:
    """A table with no live camera (the network's plain-HTTP address) in a new camera game,
    the two calibration photos chosen, not yet sent; the table's page."""
    table = device(browser, TABLET, lang, server)
    table.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'mediaDevices', {get: () => undefined})")
    camera_game(table, server)
    for name, picture in photos.items():
        table.set_input_files(f"input[name={name}]", files=[
            {"name": f"{name}.jpg", "mimeType": "image/jpeg", "buffer": picture}])
    return table


def test_the_tablets_live_camera_counts_the_throw_with_no_typing(camera_browser, camera, scenes,
                                                               server, artifacts: Path):
    table = device(camera_browser, TABLET, "en", server)
    camera.shows(scenes["empty"])
    game = camera_game(table, server)
    assert table.is_hidden("input[name=empty]")
    settled = settled_throw(table, camera, scenes, scenes["truth"])
    assert "the cubes have stopped" in settled["live"]
    assert any("The tower is loaded" in line for line in settled["verdict"]), settled["verdict"]
    table.wait_for_function(  # the outlined picture, at the camera's size
        "document.querySelector('img.tray-picture')?.naturalWidth === 1280")
    table.screenshot(path=str(artifacts / "table-live-camera.png"))
    assert confirmed_counts(table, server, game) == scenes["truth"]
    assert table.errors == []


def test_the_learned_counter_settles_the_live_throw_as_the_rules_do(camera_browser, camera, server,
                                                                  artifacts: Path):
    """Issue 36: "the web's calibration and live/photo flows stay as they are". Two reference
    cubes touching, so the table calibrates the learned counter; the throw streamed after it
    settles on the table's count, in Czech, and confirming it is what the game records."""
    session, empty, reference = touching_reference(4)
    frames = synth.settling(session, LEARNED_THROW, total=5, moving=4, still=3)
    truth = {c: n for c, n in frames[-1][1].counts.items() if n}
    videos = {"empty": jpeg(empty) * 10, "reference": jpeg(reference) * 10,
              "throw": b"".join(jpeg(image) * (MOVING_REPEAT if seen.moving else STILL_REPEAT)
                                for image, seen in frames)}
    table = device(camera_browser, TABLET, "cs", server)
    camera.shows(videos["empty"])
    game = camera_game(table, server)
    settled = settled_throw(table, camera, videos, truth)
    assert table.inner_text(".advice").startswith("Pravidla na fotkách kostky nenašla")
    assert "kostky se zastavily" in settled["live"], settled["live"]
    table.screenshot(path=str(artifacts / "table-live-learned-counter.png"))
    assert confirmed_counts(table, server, game) == truth
    assert table.errors == []


def test_calibration_pictures_grabbed_from_the_stream_are_refused_in_russian(camera_browser,
                                                                           camera, scenes,
                                                                           server):
    """Both pictures show the empty tray: no cube was laid in between, and the table says so."""
    table = device(camera_browser, TABLET, "ru", server)
    camera.shows(scenes["empty"])
    camera_game(table, server)
    grab(table, "empty")
    grab(table, "reference")
    assert table.locator("[data-grab].on").count() == 2
    with table.expect_response(re.compile(r"/camera/calibrate$")) as answer:
        table.click("[data-calibrate]")
    error = answer.value.json()["error"]
    assert error["key"].startswith("calibration.")
    table.wait_for_selector("#toast:not([hidden])")
    assert table.inner_text("#toast") == error["message"]
    assert re.search("[а-я]{4}", error["message"]), error["message"]
    assert table.errors == []


def test_without_a_live_camera_the_battle_screen_offers_photos_and_says_why(camera_browser,
                                                                          server):
    """On the network's plain-HTTP address the browser has no ``navigator.mediaDevices``."""
    table = device(camera_browser, TABLET, "cs", server)
    table.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'mediaDevices', {get: () => undefined})")
    game = camera_game(table, server)
    table.wait_for_selector(".why-insecure", state="visible")
    why = table.inner_text(".why-insecure")
    assert why.startswith("Na této adrese živá kamera není")
    assert why.endswith(f"http://localhost:{server.rsplit(':', 1)[1]}/table/{game}")
    assert table.is_visible("label.photo >> nth=0") and table.is_hidden("[data-grab=empty]")
    assert table.errors == []


def test_the_tray_marked_with_two_taps_on_the_empty_photo_is_what_is_calibrated(camera_browser, scenes,
                                                                               server, artifacts: Path):
    """Issue 36: "the tray found or, failing that, asked for with two taps on the picture".
    A frame that leaves cubes out is refused with what to do, in Czech; two taps round the
    whole tray calibrate."""
    table = photo_game(camera_browser, "cs", server, scenes["photos"])
    table.click("[data-mark-tray] summary")
    table.wait_for_function("document.querySelector('[data-marking] img').naturalWidth === 1280")
    photo = table.locator("[data-marking] img")
    box = photo.bounding_box()
    (x0, y0), (x1, y1) = scenes["tray"]

    def tap(x: float, y: float) -> None:
        photo.click(position={"x": x * box["width"], "y": y * box["height"]})

    tap(x0, y0)
    tap((x0 + x1) / 2, y1)  # half the tray: cubes lie outside
    assert table.is_visible("[data-marking] .marked")
    with table.expect_response(re.compile(r"/camera/calibrate$")) as answer:
        table.click("[data-calibrate]")
    assert answer.value.json()["error"]["key"] == "calibration.cubes_outside_marks"
    table.wait_for_selector("#toast:not([hidden])")
    assert table.inner_text("#toast").startswith("Některé kostky leží mimo označený rámeček")

    tap(x1, y1)  # the other pair of corners, the other way round
    tap(x0, y0)
    table.screenshot(path=str(artifacts / "table-tray-marked.png"))
    with table.expect_response(re.compile(r"/camera/calibrate$")) as answer:
        table.click("[data-calibrate]")
    assert answer.value.ok
    table.wait_for_selector("input[data-photo]", state="attached")
    assert table.errors == []


def test_cubes_the_rules_cannot_part_are_counted_by_the_learned_counter_which_the_table_names(camera_browser,
                                                                                             server, artifacts: Path):
    """Two reference cubes touching: the rules see five pieces, the network six cubes; the
    group calibrates by photos as usual and the battle screen says, in Russian, who counts."""
    session, empty, reference = touching_reference(4)
    table = photo_game(camera_browser, "ru", server, {"empty": jpeg(empty), "reference": jpeg(reference)})
    with table.expect_response(re.compile(r"/camera/calibrate$")) as answer:
        table.click("[data-calibrate]")
    assert answer.value.ok
    table.wait_for_selector("input[data-photo]", state="attached")
    advice = table.inner_text(".advice")
    assert advice.startswith("Правила не нашли кубики на снимках, поэтому за этим столом считает только обученный счётчик")
    table.screenshot(path=str(artifacts / "table-learned-counter.png"))
    assert table.errors == []


def test_a_photo_the_two_counters_read_differently_names_the_colours_to_check_in_russian(camera_browser, scenes,
                                                                                        server, artifacts: Path):
    """Where both counters calibrate, the network checks each count: a throw the two read
    differently keeps the rules' count and asks the players to check the colours they differ
    on, as the table's camera does (``vision.table_counter``)."""
    photos = {name: cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) for name, data in scenes["photos"].items()}
    counter = table_counter.calibrate(photos["empty"], photos["reference"], synth.CUBE_COLOURS)  # as the server will
    session = synth.make_session(SESSION)
    throw, differ = next((shot, doubt.params["colours"]) for k in range(200, 260)
                         for shot in [jpeg(synth.scene(session, k).image)]
                         for doubt in counter.count(cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_COLOR)).doubts
                         if doubt.key == "doubt.counters_disagree")
    table = photo_game(camera_browser, "ru", server, scenes["photos"])
    with table.expect_response(re.compile(r"/camera/calibrate$")) as answer:
        table.click("[data-calibrate]")
    assert answer.value.ok
    table.set_input_files("input[data-photo]", files=[{"name": "tray.jpg", "mimeType": "image/jpeg", "buffer": throw}])
    said = table.wait_for_selector("[data-doubts]").inner_text()
    assert "у второго, независимого счётчика другое число" in said, said
    assert all(word in said for word in (RUSSIAN_CUBES[c] for c in differ)), (said, differ)
    table.screenshot(path=str(artifacts / "table-counters-disagree.png"))
    assert table.errors == []
