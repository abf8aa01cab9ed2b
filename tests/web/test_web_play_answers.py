"""One answer to a question, in Chromium: once a choice is tapped, the other answers to the
same question on that screen are held until the screen shows the result, so a second tap
while the update is on its way sends no second answer (which the rules would refuse)."""
from __future__ import annotations

from browser_devices import TABLET, api_post, device, planning_on_the_table


def test_the_other_special_cards_are_held_while_the_first_choice_goes_in(server, browser):
    tablet = device(browser, TABLET, "ru", server)
    game = planning_on_the_table(tablet, server)
    for colour in ("red", "blue", "yellow"):
        api_post(tablet, f"{server}/api/games/{game}/commands",
                 {"type": "plan", "player": colour, "actions": {}, "bid": {"chests": 0}})
    tablet.wait_for_selector("#r-decision [data-cmd*=choose_special]")
    held = tablet.evaluate("""() => {
        const buttons = [...document.querySelectorAll('#r-decision [data-cmd*=choose_special]')];
        buttons[0].click();
        return buttons.map((b) => b.disabled);
    }""")
    assert len(held) >= 2 and all(held)
    tablet.wait_for_function("() => [...document.querySelectorAll('#r-decision button')].every((b) => !b.disabled)")
    assert tablet.errors == []
