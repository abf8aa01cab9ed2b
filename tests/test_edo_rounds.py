"""Edo's round: secret planning, the reveal card by card, wages, income, the next round;
and the commands it refuses, each with a clear message and nothing changed."""
from __future__ import annotations

import json

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.edo.rules import GAME
from companion.games.edo.text import names_for
from companion.i18n import render
from edo_table import Table


def test_the_round_has_the_four_phases_in_order():
    """«Игра длится несколько раундов, каждый из которых состоит из 4 фаз»: planning, then
    execution, then wages and income, then the next round's planning."""
    table = Table(2)
    seen = [table.state.phase]
    table.all_plans_in()
    seen.append(table.state.phase)
    table.play_until_turn("nobody")
    seen.append(table.state.phase)
    assert seen == ["planning", "execution", "planning"]
    keys = [note["key"] for note in table.state.log]
    assert keys.index("edo.plans_fixed") < keys.index("edo.phase3") < len(keys) - 1 - keys[::-1].index("edo.round")


def test_phase_three_is_called_phase_three_in_russian():
    """D1: the rulebook heads wages and income «Фаза 1» by mistake; the table reads «Фаза 3»."""
    table = Table(2)
    line = render("edo.phase3", {}, names_for(table.state, "ru"))
    assert line == "Фаза 3: выплаты и доходы."


def test_cards_are_turned_up_left_cards_first_in_turn_order_then_middle_then_right():
    """«Первый игрок открывает свою первую карту ... Затем следующий по часовой стрелке
    игрок ... Эта же процедура повторяется для второй (центральной) и третьей (правой)»."""
    table = Table(3)
    seats = table.state.turn_order
    table.all_plans_in()
    order = []
    while table.state.phase == "execution":
        turn = table.state.turn
        order.append((turn["slot"], turn["player"]))
        table.do({"type": "reveal", "player": turn["player"]})
    assert order == [(slot, seat) for slot in range(3) for seat in seats]


def test_the_first_player_marker_passes_to_the_left_after_a_round():
    """«Первый игрок передает маркер первого игрока соседу слева»."""
    table = Table(3)
    first = table.state.first
    table.all_plans_in()
    table.play_until_turn("nobody")
    seating = table.state.seating
    assert table.state.first == seating[(seating.index(first) + 1) % 3]
    assert table.state.round == 2


def test_a_new_merchant_card_each_round():
    """«Текущая карта торговца убирается из игры, затем на ее место выкладывается новая»."""
    table = Table(2)
    current, deck = table.state.merchant_card, list(table.state.merchant_deck)
    table.all_plans_in()
    table.play_until_turn("nobody")
    assert table.state.merchant_card == deck[0] != current
    assert table.state.merchant_deck == deck[1:]


def test_a_plan_takes_exactly_three_cards():
    """«все игроки выбирают три действия»: a plan of two cards is refused."""
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "plan", "player": "blue", "slots": [
            {"card": "card1", "action": "money", "officials": 1},
            {"card": "card2", "action": "develop", "officials": 1}]})
    assert refused.value.key == "edo.plan_three"


def test_one_action_on_each_card():
    """«Игрок может выбрать только 1 действие на каждой карте»."""
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.plan("blue", ("card1", "money", 1), ("card1", "rice", 1), ("card3", "build", 0))
    assert refused.value.key == "edo.card_twice"


def test_an_action_takes_no_more_officials_than_its_limit():
    """«Выполняется 1-3x» for travel: four officials before it are refused."""
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.plan("blue", ("card1", "travel", 4), ("card2", "develop", 0), ("card3", "build", 0))
    assert refused.value.params == {"action": "travel", "n": 4, "most": 3}


def test_a_plan_uses_no_more_officials_than_the_player_has():
    """Five officials beside the planning board: six planned are refused."""
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.plan("blue", ("card1", "money", 4), ("card2", "develop", 1), ("card3", "build", 1))
    assert refused.value.key == "edo.not_enough_officials"


def test_a_refused_command_changes_nothing_and_says_why_in_the_players_language():
    table = Table(2)
    before = GAME.view(table.state, None)
    with pytest.raises(RuleError) as refused:
        table.plan("blue", ("card1", "build", 1), ("card2", "develop", 0), ("card3", "money", 0))
    assert GAME.view(table.state, None) == before
    assert render(refused.value.key, refused.value.params, names_for(table.state, "ru")) == \
        "На карте «карта 1» нет действия «Простое строительство»."


def test_a_phone_plans_only_for_its_own_colour():
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "plan", "player": "red", "slots": []}, Actor.of_seat("blue"))
    assert refused.value.key == "device.not_your_colour"


def test_a_plan_may_be_changed_until_the_last_one_is_in():
    table = Table(2)
    table.plan("blue", ("card1", "money", 1), ("card2", "develop", 0), ("card3", "build", 0))
    table.plan("blue", ("card1", "rice", 2), ("card2", "develop", 0), ("card3", "build", 0))
    assert table.state.plans["blue"][0]["action"] == "rice"
    assert table.state.log[-1]["key"] == "edo.plan_changed"


def test_a_card_turned_up_cannot_be_undone():
    table = Table(2)
    table.all_plans_in()
    first = table.state.turn["player"]
    table.do({"type": "reveal", "player": first})
    with pytest.raises(RuleError) as refused:
        table.session.undo()
    assert refused.value.key == "undo.after_reveal"


# -- the secret plans -----------------------------------------------------------------------

def hidden_plan(table: Table) -> None:
    """Blue's plan holds the one action nobody else plans: stone."""
    table.plan("blue", ("card2", "produce_stone", 1), ("card1", "money", 1), ("card3", "build", 0))
    for seat in table.state.seating[1:]:
        table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))


@pytest.mark.parametrize("viewer", [None, "red", "green"])
def test_no_other_view_holds_a_face_down_action(viewer):
    """«втайне друг от друга»: before its card is turned up, Blue's action is in no view but
    his own, not even once every plan is in and the officials stand before the cards."""
    table = Table(3)
    hidden_plan(table)
    assert "produce_stone" not in json.dumps(GAME.view(table.state, viewer))
    assert "produce_stone" in json.dumps(GAME.view(table.state, "blue"))


def test_the_table_sees_who_is_ready_while_the_others_plan():
    table = Table(3)
    table.plan("blue", ("card1", "money", 2), ("card2", "develop", 0), ("card3", "build", 0))
    players = GAME.view(table.state, None)["players"]
    assert [p["plan_in"] for p in players] == [True, False, False]
    assert all(p["before_cards"] is None for p in players)


def test_the_officials_before_the_cards_are_shown_once_every_plan_is_in():
    table = Table(3)
    hidden_plan(table)
    blue = GAME.view(table.state, "red")["players"][0]
    assert blue["before_cards"] == [{"officials": 1, "shogun": 0}, {"officials": 1, "shogun": 0},
                                    {"officials": 0, "shogun": 0}]


def test_a_turned_up_card_is_public():
    table = Table(3)
    hidden_plan(table)
    table.play_until_turn("blue", 0)
    table.do({"type": "reveal", "player": "blue"})
    assert "produce_stone" in json.dumps(GAME.view(table.state, "red"))


# -- wages and income ---------------------------------------------------------------------

def test_blue_keeps_two_of_three_samurai_for_two_rice():
    """E7: «У синего игрока 3 самурая на поле. Он решает оставить 2 на месте, а 1 вернуть.
    Синий должен заплатить 2 риса в общий запас»."""
    table = Table(2)
    a, b, c = table.samurai("blue", "post1", "city1", "forest1")
    table.give("blue", rice=1)
    table.to_wages()
    if table.state.queue[0] != "blue":
        table.do({"type": "wages", "player": "red", "keep": []})
    table.do({"type": "wages", "player": "blue", "keep": [a, b]})
    blue = table.state.players["blue"]
    assert blue.rice == 3 - 2
    assert blue.samurai == {a: "post1", b: "city1"} and c in blue.officials


def test_without_rice_every_samurai_leaves_the_board():
    """«Если у игрока нет риса, он должен убрать всех своих самураев с игрового поля»."""
    table = Table(2)
    table.samurai("blue", "post1", "city1")
    table.give("blue", rice=-2)
    table.to_wages()
    assert table.state.players["blue"].samurai == {}
    assert any(n["key"] == "edo.wages_no_rice" for n in table.state.log)


def test_no_samurai_kept_beyond_the_rice_paid():
    """D4: a player keeps only as many samurai as he pays rice for."""
    table = Table(2)
    figures = table.samurai("blue", "post1", "city1", "forest1")
    table.to_wages()
    if table.state.queue[0] != "blue":
        table.do({"type": "wages", "player": "red", "keep": []})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "wages", "player": "blue", "keep": figures})
    assert refused.value.key == "edo.wages_too_many"


def test_ryo_are_kept_covered_from_the_table_and_the_other_phones():
    """«Игроки могут хранить деньги тайно, складывая их в стопки»: a player's ryo are on his
    own phone only, until the final table."""
    table = Table(2)
    ryo = {viewer: [p["ryo"] for p in GAME.view(table.state, viewer)["players"]]
           for viewer in (None, "blue", "red")}
    assert ryo == {None: [None, None], "blue": [10, None], "red": [None, 10]}


def test_a_player_may_open_his_ryo_on_the_table_and_cover_them_again():
    """«Игроки могут хранить деньги тайно»: may, not must; a player who opens his stack has
    its count on the table and the other phones until he covers it again."""
    table = Table(2)
    table.do({"type": "cover", "player": "blue", "covered": False}, Actor("seat", "blue"))
    assert [p["ryo"] for p in GAME.view(table.state, "red")["players"]] == [10, 10]
    table.do({"type": "cover", "player": "blue", "covered": True}, Actor("seat", "blue"))
    assert [p["ryo"] for p in GAME.view(table.state, None)["players"]] == [None, None]


def test_only_the_player_opens_his_own_ryo():
    table = Table(2)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "cover", "player": "blue", "covered": False}, Actor("seat", "red"))
    assert refused.value.key == "device.not_your_colour"
    assert table.state.players["blue"].covered

