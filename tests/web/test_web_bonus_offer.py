"""A special card's "may" bonus on the table's own screen, for a seat played on the table."""
from __future__ import annotations

import html
import json
import re
from typing import Any

from companion.games.shogun.catalog import load_catalog

COLOURS = ("red", "blue", "yellow")


def to_the_attack_offer(table: Any, game: str) -> str:
    """Blue plans "battle/move I" from a province of two or more armies, bids highest and
    takes "+1 army attacking" (nobody takes "+1 army defending"), and attacks another
    player's neighbour from the table; returns the province attacked."""
    url = f"/api/games/{game}/commands"
    view = table.get(f"/api/games/{game}/view").json
    neighbours = load_catalog().board.neighbours
    src, dst = next((p, n) for p in sorted(view["provinces"]) for n in sorted(neighbours[p])
                    if view["provinces"][p]["owner"] == "blue"
                    and view["provinces"][p]["armies"] >= 2 and n in view["provinces"]
                    and view["provinces"][n]["owner"] not in ("blue", None))
    for colour in COLOURS:
        plan = {"battle1": src} if colour == "blue" else {}
        r = table.post(url, json={"type": "plan", "player": colour, "actions": plan,
                                  "bid": {"chests": 4 if colour == "blue" else 0}})
        assert r.status_code == 200, r.json
    while (view := table.get(f"/api/games/{game}/view").json)["pending"]["kind"] == "special":
        colour = view["pending"]["player"]
        slots = view["special_slots"]
        slot = slots.index("attack") + 1 if colour == "blue" else \
            next(s for s in view["pending"]["free"] if slots[s - 1] != "defence")
        assert table.post(url, json={"type": "choose_special", "player": colour,
                                     "slot": slot}).status_code == 200
    assert view["pending"] == {"kind": "move", "player": "blue", "action": "battle1",
                               "province": src, "attack": True}
    r = table.post(url, json={"type": "move", "player": "blue", "to": dst, "armies": 1})
    assert r.status_code == 200, r.json
    return dst


def test_plus_one_army_attacking_is_offered_on_the_table_for_its_seat(table, game):
    """«Атакующий игрок ... может бросить 1 свою дополнительную армию в башню сражений»: the
    table, playing blue's seat, shows the question with a yes and a no, and "yes" throws it."""
    to_the_attack_offer(table, game)
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert 'data-bonus="attack"' in page
    commands = [json.loads(html.unescape(c)) for c in re.findall(r"data-cmd='([^']*)'", page)]
    assert {"type": "bonus", "player": "blue", "take": True} in commands
    assert {"type": "bonus", "player": "blue", "take": False} in commands
    r = table.post(f"/api/games/{game}/commands",
                   json={"type": "bonus", "player": "blue", "take": True})
    assert r.status_code == 200, r.json
    view = table.get(f"/api/games/{game}/view").json
    assert view["pending"]["kind"] == "tray", view["pending"]
    parts = view["battle"]["parts"]
    assert {"colour": "blue", "n": 1, "from": "supply", "role": "special_attack"} in parts
