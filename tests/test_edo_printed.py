"""What Edo's box prints but its rulebook does not say: asked of the table the first time it
matters, offering only what a card could show, a public source's value pre-filled with its
source; or, in referee mode, the table enters what was paid and gained instead."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.edo import catalog
from companion.games.edo.rules import GAME
from companion.games.edo.text import names_for
from companion.i18n import render
from edo_table import BUILDING, PRINTED, ROADS, YIELDS, Table


def asked(table: Table) -> list[str]:
    return [q["key"] for q in table.state.pending["questions"]]


def test_a_new_install_is_asked_the_set_up_values_before_the_first_round():
    table = Table(3, printed={})
    assert GAME.decision(table.state).kind == "printed" and GAME.decision(table.state).table
    assert "edo.start.officials" in asked(table) and "edo.map.small.city" in asked(table)
    assert not any(key.startswith(("edo.cost", "edo.yield")) for key in asked(table))


def test_the_board_side_asked_is_the_one_for_the_player_count():
    assert "edo.map.large.city" in asked(Table(4, printed={}))
    assert "edo.map.large.city" not in asked(Table(3, printed={}))


def test_a_public_sources_value_is_offered_with_its_source():
    table = Table(2, printed={})
    officials = next(q for q in table.state.pending["questions"] if q["key"] == "edo.start.officials")
    assert (officials["suggested"], officials["source"]) == (5, "ludorium.at/SPIELE/queen/edo_e2.htm")


def test_the_yields_of_the_rulebooks_example_are_offered_for_one_to_three_samurai():
    """«3 из локации А (1х синий) и 2 из локации В (1х синий, 1х желтый)», «3 самурая ...
    получает 1 дерево»: 3, 2, 1; four or more samurai: not in the text, nothing offered."""
    questions = catalog.questions()
    assert [questions[f"edo.yield.samurai{n}"].suggested for n in (1, 2, 3, 4)] == [3, 2, 1, None]


def test_only_values_a_card_could_show_are_accepted_and_nothing_changes_otherwise():
    table = Table(2, printed={})
    before = dict(table.state.printed)
    values = {key: q["suggested"] if q["suggested"] is not None else q["options"][0]
              for key, q in ((q["key"], q) for q in table.state.pending["questions"])}
    with pytest.raises(RuleError) as refused:
        table.do({"type": "printed", "values": {**values, "edo.start.officials": 40}})
    assert refused.value.key == "printed.not_possible"
    assert table.state.printed == before


def test_a_card_cannot_show_one_action_twice():
    """«Каждая карта позволяет выполнить 4 различных действия»."""
    table = Table(2, printed={k: v for k, v in PRINTED.items() if not k.startswith("edo.card2")})
    repeated = {f"edo.card2.action{n}": "money" for n in range(1, 5)}
    with pytest.raises(RuleError) as refused:
        table.do({"type": "printed", "values": repeated})
    assert refused.value.key == "edo.card_repeats"
    assert render(refused.value.key, refused.value.params, names_for(table.state, "ru")) == \
        "Каждая карта позволяет выполнить 4 различных действия: на карте «карта 2» действие не может повторяться."


def test_once_told_the_game_lays_out_the_board_and_starts_planning():
    table = Table(2, printed={**{k: v for k, v in PRINTED.items() if k != "edo.start.ryo"}, **ROADS})
    assert asked(table) == ["edo.start.ryo"]
    table.do({"type": "printed", "values": {"edo.start.ryo": 12}})
    assert table.state.phase == "planning"
    assert [p.ryo for p in table.state.players.values()] == [12, 12]


def test_the_yields_are_asked_when_a_resource_card_is_turned_up():
    table = Table(2, printed={**PRINTED, **BUILDING})
    first = table.state.first
    table.plan(first, ("card2", "produce_wood", 1), ("card1", "money", 0), ("card3", "build", 0))
    other = next(s for s in table.state.seating if s != first)
    table.plan(other, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    assert table.state.pending is None
    table.do({"type": "reveal", "player": first})
    assert asked(table) == list(YIELDS)


def referee_turn(action: str, officials: int = 1) -> Table:
    table = Table(2, printed=PRINTED, referee=True)
    first = table.state.first
    table.samurai(first, "forest1" if action == "produce_wood" else "city1")
    card = "card2" if action == "produce_wood" else "card3"
    rest = [c for c in (("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0)) if c[0] != card]
    table.plan(first, (card, action, officials), *rest)
    table.plan(next(s for s in table.state.seating if s != first),
               ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": first})
    return table


def test_in_referee_mode_the_table_enters_the_resources_gained():
    table = referee_turn("produce_wood")
    first = table.state.turn["player"]
    assert table.state.pending is None
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1"})
    assert refused.value.params == {"field": "gained"}
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "gained": 2})
    assert table.state.players[first].wood == 1 + 2


def test_in_referee_mode_the_table_enters_what_a_building_cost_and_scored():
    table = referee_turn("build")
    first = table.state.turn["player"]
    table.do({"type": "act", "player": first, "samurai": f"{first}1", "building": "house",
              "paid": {"wood": 1, "ryo": 3}, "points": 1})
    p = table.state.players[first]
    assert (p.wood, p.ryo, p.power) == (0, 7, 1)


def test_in_referee_mode_the_rules_on_buildings_still_hold():
    table = referee_turn("build")
    first = table.state.turn["player"]
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": first, "samurai": f"{first}1", "building": "fortress",
                  "paid": {}, "points": 3})
    assert refused.value.key == "edo.fortress_needs_house"


def test_the_game_declares_every_question_for_the_install_page():
    questions = GAME.printed_questions()
    assert set(PRINTED) | set(BUILDING) | set(YIELDS) <= set(questions)
    assert all(render(q.label, q.params, names_for(GAME.new_state(), lang))
               for q in questions.values() for lang in ("ru", "cs", "en"))
