"""What is hidden stays hidden: a player's project hand is in his own view only, never in
another seat's or the table's, nor in the log; the sixth assignment card is in no view."""
from __future__ import annotations

import json

from companion.games.ivan.rules import GAME
from companion.games.ivan.text import describe
from ivan_table import Table


def secret_table() -> Table:
    table = Table(3, keep=False)
    for seat, kind in zip(table.state.seating, ("construction", "trade", "military")):
        table.do({"type": "keep", "player": seat, "kind": kind})
    return table


def test_the_kept_project_is_in_its_owners_view():
    """«выбирает из них одну и оставляет на руке (не показывая остальным)»."""
    table = secret_table()
    mine = GAME.view(table.state, "white")
    assert next(p for p in mine["players"] if p["seat"] == "white")["hand"] == ["construction"]


def test_no_other_seat_and_not_the_table_sees_a_hand():
    table = secret_table()
    for viewer in (None, "black", "green"):
        seen = GAME.view(table.state, viewer)
        assert [p["hand"] is not None for p in seen["players"]] == \
            [p["seat"] == viewer for p in seen["players"]]
        assert all(p["hand_size"] == 1 for p in seen["players"])
        assert '["construction"]' not in json.dumps(seen)


def test_a_project_drawn_from_the_deck_is_not_named_in_the_log():
    table = secret_table()
    table.chambers(("white", "projects", 0), turn="white")
    table.do({"type": "leave", "player": "white", "chamber": "projects"})
    table.do({"type": "take_project", "player": "white", "kind": "military", "source": "deck"})
    line = describe(table.state, table.state.log[-1], "ru")
    assert "военн" not in line and "military" not in json.dumps(GAME.view(table.state, "green")["log"])
    assert GAME.view(table.state, "white")["players"][0]["hand"] == ["construction", "military"]


def test_the_sixth_assignment_card_is_in_no_view():
    """«а шестую положите рядом лицом вниз»."""
    table = secret_table()
    hidden = table.state.hidden_assignment
    for viewer in (None, "white", "black"):
        assert hidden not in GAME.view(table.state, viewer)["assignments"].values()
        assert "hidden" not in json.dumps(GAME.view(table.state, viewer))


def test_a_completed_project_is_shown_to_all():
    """«выложите перед собой 1 проект с руки»: face up once completed."""
    table = secret_table()
    table.chambers(("white", "projects", 0), turn="white")
    table.do({"type": "leave", "player": "white", "chamber": "projects"})
    table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 3})
    public = next(p for p in GAME.view(table.state, None)["players"] if p["seat"] == "white")
    assert public["completed"]["construction"] == 1 and public["hand_size"] == 0
