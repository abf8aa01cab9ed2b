"""Games with an expansion made as the tablet's form makes them, and brought through the
first spring's plans and special cards, for the expansions' web tests."""
from __future__ import annotations

import html
import json
import re
from typing import Any

from web_devices import PIN

FORM = {"seat1": "red", "name1": "Аня", "seat2": "blue", "name2": "Денис", "seat3": "yellow",
        "name3": "Женя", "setup": "recommended", "side": "sun", "pin": PIN, "timer": "0",
        "tray": "manual", "board": "off"}


def commands_on(page: str) -> list[dict[str, Any]]:
    """The commands the page's buttons would send."""
    return [json.loads(html.unescape(c)) for c in re.findall(r"data-cmd='([^']*)'", page)]


def made_with_the_form(table: Any, **more: str) -> str:
    """A game sent by the new-game form with these fields more; its id."""
    r = table.post("/new/shogun", data={**FORM, **more})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].split("/table/")[1].split("#")[0]


def past_the_specials(send: Any, view: Any) -> dict[str, Any]:
    """Everyone plans nothing and red bids highest, so red chooses a special card first; each
    takes the lowest free one. ``send(command)`` and ``view()`` reach the game as the caller
    does; the view once the special cards are chosen."""
    for colour in ("red", "blue", "yellow"):
        send(colour, {"type": "plan", "player": colour, "actions": {},
                      "bid": {"chests": 2 if colour == "red" else 0}})
    while (seen := view())["pending"]["kind"] == "special":
        player = seen["pending"]["player"]
        send(player, {"type": "choose_special", "player": player, "slot": min(seen["pending"]["free"])})
    return seen


def client_past_the_specials(table: Any, game: str) -> dict[str, Any]:
    """``past_the_specials`` through the table's Flask test client."""
    def send(_: str, command: dict[str, Any]) -> None:
        r = table.post(f"/api/games/{game}/commands", json=command)
        assert r.status_code == 200, r.json
    return past_the_specials(send, lambda: table.get(f"/api/games/{game}/view").json)
