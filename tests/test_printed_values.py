"""Values printed on the expansions' cards but not in the rulebook are asked from the table
the first time they matter, with only the values a card could show, kept with the game and
remembered for the install (issue: «Values printed only on cards and boards ... are asked
from the table the first time they matter ... and remembered for the install»)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import EventStore, Session
from companion.engine.game import Actor
from companion.engine.printed import Question, declared
from companion.errors import RuleError
from companion.games.shogun.samurai import regions_held
from test_shogun_samurai import REVIEWED, SamuraiTable, red_in_four_regions, to_the_check

CARD_2 = ["samurai.card2.chests", "samurai.card2.rice", "samurai.card2.armies", "samurai.card2.score"]


@pytest.fixture
def asked() -> SamuraiTable:
    """A table that was never told the valour cards' amounts, red about to turn up card 2."""
    table = SamuraiTable(known={})
    red_in_four_regions(table)
    to_the_check(table)
    return table


def told(**changed: int) -> dict:
    return {"type": "printed", "values": {k: changed.get(k.split(".")[-1], REVIEWED[k]) for k in CARD_2}}


def test_the_amounts_on_a_valour_card_are_asked_before_it_is_first_turned_up(asked):
    """«...может получить один из бонусов на новой верхней карте стопки»: the rulebook does
    not print card 2's amounts, so the table is asked them before red's card turns."""
    pending = asked.state.pending
    assert pending["kind"] == "printed"
    assert [q["key"] for q in pending["questions"]] == CARD_2
    assert asked.top("red") == 1


def test_a_public_sources_amount_is_offered_pre_filled_with_where_it_comes_from(asked):
    question = asked.state.pending["questions"][0]
    assert question["suggested"] == REVIEWED["samurai.card2.chests"]
    assert question["source"] == "regatuljocurilor.ro"
    assert question["options"] == list(range(0, 11))


def test_nothing_is_asked_while_nobody_turns_a_card_up():
    """A player in fewer than 4 regions turns no card, so no amount matters yet."""
    table = SamuraiTable(known={})
    for colour in ("blue", "yellow"):
        for province in table.state.owned(colour):
            if table.state.board.provinces[province].region == "purple":
                table.give(province, None)
    assert all(len(regions_held(table.state, c)) == 3 for c in ("red", "blue", "yellow"))
    events = to_the_check(table)
    assert [n["player"] for n in table.notes(events, "samurai.stays")] == ["red", "blue", "yellow"]
    assert not [e for e in events if e["type"] == "pending" and (e["pending"] or {}).get("kind") == "printed"]


def test_the_told_amounts_are_what_the_card_gives(asked):
    asked.do(told(chests=5))
    assert asked.top("red") == 2
    assert asked.state.pending["offers"]["chests"] == 5


def test_an_amount_no_card_could_show_is_refused_and_changes_nothing(asked):
    before = len(asked.session.history)
    with pytest.raises(RuleError) as refused:
        asked.do(told(chests=11))
    assert refused.value.key == "printed.not_possible"
    assert len(asked.session.history) == before and asked.state.pending["kind"] == "printed"


def test_every_value_asked_must_be_told(asked):
    command = told()
    del command["values"]["samurai.card2.rice"]
    with pytest.raises(RuleError) as refused:
        asked.do(command)
    assert refused.value.key == "printed.unanswered"


def test_a_value_not_asked_is_refused(asked):
    command = told()
    command["values"]["samurai.card3.chests"] = 4
    with pytest.raises(RuleError) as refused:
        asked.do(command)
    assert refused.value.key == "printed.unknown"


def test_only_the_table_tells_printed_values(asked):
    with pytest.raises(RuleError) as refused:
        asked.session.execute(told(), Actor.of_seat("red"))
    assert refused.value.key == "device.table_only"


def test_the_store_remembers_told_values_for_the_install_in_the_same_write(tmp_path: Path):
    """The values a game's events tell are kept for the install with the command that told
    them (one transaction), and stay after the file is opened again."""
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    session = Session.create(SamuraiTable(known={}).session.game,
                             {"type": "create", "seed": 1, "setup": "recommended",
                              "players": [{"colour": c} for c in ("red", "blue", "yellow")],
                              "expansions": ["samurai"]}, store)
    assert store.printed("shogun") == {}
    loaded = store.load(session.game_id)
    store.append(session.game_id, loaded.writes, 2, {"type": "printed"},
                 [{"type": "printed", "values": {"samurai.card2.chests": 5}}], {})
    store.close()
    reopened = EventStore(db)
    assert reopened.printed("shogun") == {"samurai.card2.chests": 5}
    reopened.remember("shogun", {"samurai.card2.rice": 1}, forget=("samurai.card2.chests",))
    assert reopened.printed("shogun") == {"samurai.card2.rice": 1}


def test_a_suggestion_must_be_a_value_the_card_could_show():
    with pytest.raises(ValueError):
        declared([{"key": "x.card.chests", "label": "l", "range": [0, 3], "suggested": 4,
                   "source": "s"}], "x")


def test_a_question_is_declared_once():
    entry = {"key": "x.card.chests", "label": "l", "range": [0, 3]}
    with pytest.raises(ValueError):
        declared([entry, entry], "x")


def test_a_word_is_not_a_number_and_true_is_not_one():
    question = Question(key="x.card.chests", label="l", range=(0, 3))
    for wrong in ("1", True, 1.0):
        with pytest.raises(RuleError):
            question.check(wrong)
