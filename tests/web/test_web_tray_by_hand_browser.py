"""The tray changed by hand, in a real browser (Debian's Chromium driven by Playwright against
the app served on loopback): the table photographs the resting tray after the Samurai bonus,
reads what differs from the bookkeeping, and confirms the tray by hand."""
from __future__ import annotations

from pathlib import Path

from browser_devices import TABLET, api_post, device, new_game, phone_sends
from devtools import tray_photos as synth
from expansion_games import past_the_specials
from test_web_camera import calibration_photos, jpeg  # noqa: F401 (a fixture)
from test_web_samurai import give_red_a_fourth_region
from web.identity import token
from web.instance import load_secret


def test_the_table_checks_a_photo_of_the_tray_and_confirms_it_by_hand(server, db, browser,
                                                                      calibration_photos, artifacts: Path):
    """«Поместите указанное количество армий из своего личного запаса в поддон башни
    сражений»: the photo shows no red cube where the bookkeeping has one; the table says so,
    and "the tray is right" drops the check, the game unchanged."""
    tablet = device(browser, TABLET, "en", server)
    new_game(tablet, server, tray="camera", expansions=("samurai",))
    game = tablet.url.split("/table/")[1].split("#")[0]
    tokens = {c: token(load_secret(db), game, c) for c in ("red", "blue", "yellow")}
    assert api_post(tablet, f"{server}/api/games/{game}/commands",
                    {"type": "count_tray", "counts": {}}).ok
    give_red_a_fourth_region(db, game)
    view = lambda: tablet.request.get(f"{server}/api/games/{game}/view").json()  # noqa: E731
    past_the_specials(lambda colour, command: phone_sends(tablet, server, game, tokens[colour], command), view)
    asked = view()["pending"]
    assert asked["kind"] == "printed"
    told = {q["key"]: q["suggested"] for q in asked["questions"]}
    assert api_post(tablet, f"{server}/api/games/{game}/commands", {"type": "printed", "values": told}).ok
    phone_sends(tablet, server, game, tokens["red"], {"type": "valour", "player": "red", "take": "armies"})
    session, _, _, calibration = calibration_photos
    calibration.save(db.with_name(db.stem + ".camera.json"))
    tablet.reload()
    tablet.wait_for_selector("[data-by-hand] input[data-photo]", state="attached")
    before = view()

    empty_tray = jpeg(synth.render(session, [], seed=3)[0]).getvalue()
    tablet.set_input_files("[data-by-hand] input[data-photo]",
                           files=[{"name": "tray.jpg", "mimeType": "image/jpeg", "buffer": empty_tray}])
    said = tablet.wait_for_selector("[data-check] li")
    assert said.inner_text() == "The tray shows 0 red, 1 expected: put it in."
    tablet.locator("#r-tower").screenshot(path=str(artifacts / "table-tray-by-hand-check.png"))
    tablet.click("[data-tray-checked]")
    tablet.wait_for_selector("[data-check]", state="detached")
    assert "1 red cube put in by hand (the Samurai bonus)" in tablet.inner_text("[data-by-hand]")
    assert view()["log"] == before["log"] and view()["tray"] == {"red": 1}
    assert tablet.errors == []
