"""Edo's actions carried out as the rulebook states them, and its worked examples number for
number (the spec's E1-E7): each test quotes the rule it checks."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from edo_table import Table, blue_first


def blue_plays(table: Table, *slots) -> None:
    table.everyone_idle_but("blue")
    table.plan("blue", *slots)


def test_blue_plans_the_first_action_twice_and_the_others_once_with_four_officials():
    """E1: «Синий игрок планирует выполнить первое действие дважды, а действия 2 и 3 по
    одному разу»: four officials stand before his cards, the fifth stays beside the board."""
    table = blue_first()
    blue_plays(table, ("card1", "money", 2), ("card2", "develop", 1), ("card3", "money", 1))
    blue = next(p for p in table.session.game.view(table.state, None)["players"] if p["seat"] == "blue")
    assert [slot["officials"] for slot in blue["before_cards"]] == [2, 1, 1]
    assert blue["officials"] == 5


def test_an_action_twice_is_carried_out_twice_in_a_row():
    """E2: «Если действие выполнено дважды или более, все эти действия выполняются подряд»:
    Деньги with two officials gives 2 × 5 Рё when the card is turned up."""
    table = blue_first()
    blue_plays(table, ("card1", "money", 2), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    assert table.state.players["blue"].ryo == 10 + 10


def test_moving_samurai_costs_one_ryo_a_step():
    """E3: «Синий игрок платит 1 Рё в запас, чтобы передвинуть самурая А... и 2 Рё, чтобы
    передвинуть самурая В»."""
    table = blue_first()
    a, b = table.samurai("blue", "post1", "post2")
    blue_plays(table, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "move", "player": "blue", "figure": a, "to": "forest1", "steps": 1})
    assert table.state.players["blue"].ryo == 9
    table.do({"type": "move", "player": "blue", "figure": b, "to": "city1", "steps": 2})
    assert table.state.players["blue"].ryo == 7
    assert table.state.players["blue"].samurai == {a: "forest1", b: "city1"}


def test_three_samurai_in_the_forest_give_blue_one_wood():
    """E4: «Поскольку в этой локации 3 самурая (2х синих, 1х желтый), синий игрок получает
    1 дерево»."""
    table = blue_first(4)
    table.samurai("blue", "forest1", "forest1")
    table.samurai("yellow", "forest1")
    blue_plays(table, ("card2", "produce_wood", 1), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    assert table.state.players["blue"].wood == 1 + 1


def test_two_blue_samurai_in_one_place_executing_twice_give_four_wood():
    """E4: «С двумя самураями в этой локации синий игрок может выполнить это действие
    дважды, получив 4 дерева, по 2 за каждого самурая»."""
    table = blue_first()
    table.samurai("blue", "forest1", "forest1")
    blue_plays(table, ("card2", "produce_wood", 2), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    table.do({"type": "act", "player": "blue", "samurai": "blue2"})
    assert table.state.players["blue"].wood == 1 + 4


def test_two_forests_give_three_and_two_wood():
    """E4: «синий игрок получает всего 5 дерева: 3 из локации А (1х синий) и 2 из локации В
    (1х синий, 1х желтый)»."""
    table = blue_first(4)
    table.samurai("blue", "forest1", "forest2")
    table.samurai("yellow", "forest2")
    blue_plays(table, ("card2", "produce_wood", 2), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    assert table.state.players["blue"].wood == 1 + 3
    table.do({"type": "act", "player": "blue", "samurai": "blue2"})
    assert table.state.players["blue"].wood == 1 + 5


def test_each_execution_needs_a_different_samurai():
    """«у игрока должны быть разные самураи на поле на каждого чиновника»."""
    table = blue_first()
    table.samurai("blue", "forest1")
    blue_plays(table, ("card2", "produce_wood", 2), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    assert refused.value.key == "edo.samurai_used"


def test_a_resource_action_needs_the_samurai_in_that_resources_place():
    """«у игрока должен быть один из его самураев в соответствующей ресурсу локации»."""
    table = blue_first()
    table.samurai("blue", "quarry1")
    blue_plays(table, ("card2", "produce_wood", 1), ("card1", "money", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1"})
    assert refused.value.key == "edo.wrong_location"


def test_simple_building_with_one_samurai_builds_one_house():
    """E5: «Синий игрок может построить 1 дом в этом городе»: he pays its cost and gains its
    power points at once («немедленно получает очки власти»)."""
    table = blue_first()
    table.samurai("blue", "city1")
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "house"})
    blue = table.state.players["blue"]
    assert table.state.cities["city1"] == [{"kind": "house", "owner": "blue"}]
    assert (blue.wood, blue.stone, blue.ryo, blue.power) == (1 - 1, 1 - 0, 10 - 2, 1)


def test_complex_building_takes_two_officials_for_each_samurai():
    """E5: «необходимо назначать двух чиновников на каждого самурая ... Синий игрок может
    построить только 1 дом в этом городе»: two officials, one samurai, one house."""
    table = blue_first()
    table.samurai("blue", "city1")
    table.give("blue", wood=5)
    blue_plays(table, ("card3", "build_complex", 2), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    assert table.state.turn["left"] == 1
    table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "house"})
    assert len(table.state.cities["city1"]) == 1
    assert (table.state.turn["player"], table.state.turn["slot"]) == ("red", 0)


def test_complex_building_refuses_an_odd_number_of_officials():
    """«двух чиновников на каждого самурая»: three officials cannot stand before it."""
    table = blue_first()
    table.everyone_idle_but("blue")
    with pytest.raises(RuleError) as refused:
        table.plan("blue", ("card3", "build_complex", 3), ("card1", "money", 0), ("card2", "develop", 0))
    assert refused.value.key == "edo.complex_pairs"


def test_either_player_with_a_house_may_build_a_fortress_among_two_houses():
    """E6: «В этом городе или Синий или Зеленый игрок может построить крепость, поскольку в
    городе есть два дома и у каждого из этих игроков есть здесь дом»."""
    table = blue_first(3)
    table.build("city1", ("house", "blue"), ("house", "green"))
    table.samurai("blue", "city1")
    table.give("blue", stone=5)
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "fortress"})
    assert table.state.cities["city1"][-1] == {"kind": "fortress", "owner": None}
    assert table.state.players["blue"].power == 3


def test_a_player_without_a_house_in_the_city_cannot_build_its_fortress():
    """«Игрок может построить крепость в городе только если у него есть хотя бы 1 дом»."""
    table = blue_first(3)
    table.build("city1", ("house", "red"), ("house", "green"))
    table.samurai("blue", "city1")
    table.give("blue", stone=5)
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "fortress"})
    assert refused.value.key == "edo.fortress_needs_house"


@pytest.mark.parametrize("houses, allowed", [(3, False), (4, True)])
def test_a_second_fortress_needs_four_houses(houses, allowed):
    """E6: «В этом городе есть одна крепость, поэтому вторая не может быть построена пока в
    городе не будет хотя бы четырех домов»."""
    table = blue_first(3)
    table.build("city1", ("house", "blue"), ("house", "green"), ("fortress", None),
                *[("house", "green")] * (houses - 2))
    table.samurai("blue", "city1")
    table.give("blue", stone=5)
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    command = {"type": "act", "player": "blue", "samurai": "blue1", "building": "fortress"}
    if allowed:
        table.do(command)
        assert [b["kind"] for b in table.state.cities["city1"]].count("fortress") == 2
    else:
        with pytest.raises(RuleError) as refused:
            table.do(command)
        assert refused.value.key == "edo.fortress_per_two_houses"


def test_a_city_holds_ten_buildings():
    """«Каждый город может вместить 10 зданий»."""
    table = blue_first(3)
    table.build("city1", *[("house", "green")] * 5, *[("house", "red")] * 5)
    table.samurai("blue", "city1")
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "house"})
    assert refused.value.key == "edo.city_full"


def test_a_new_building_takes_the_next_free_plot():
    """«Каждое новое здание должно помещаться на соседний свободный участок»: build order is
    kept, and the log names the plot."""
    table = blue_first(3)
    table.build("city1", ("house", "green"), ("house", "red"))
    table.samurai("blue", "city1")
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "house"})
    assert [b["owner"] for b in table.state.cities["city1"]] == ["green", "red", "blue"]
    assert table.state.log[-1]["params"]["plot"] == 3


def test_no_trading_post_in_edo():
    """«Исключение: Фактории нельзя строить в Эдо»."""
    table = blue_first()
    table.samurai("blue", "edo")
    table.give("blue", stone=5)
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "post"})
    assert refused.value.key == "edo.no_post_in_edo"


def test_only_one_trading_post_a_city():
    """«Только 1 фактория может быть построена в городе»."""
    table = blue_first()
    table.build("city1", ("post", "red"))
    table.samurai("blue", "city1")
    table.give("blue", stone=5)
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "building": "post"})
    assert refused.value.key == "edo.one_post_a_city"


def test_rice_beyond_ten_stays_in_the_supply():
    """«У игрока никогда не может быть больше 10 ресурсов одного вида» (D6: the rest is lost)."""
    table = blue_first()
    table.give("blue", rice=7)
    blue_plays(table, ("card1", "rice", 4), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    assert table.state.players["blue"].rice == 10
    assert table.state.log[-2]["key"] == "edo.cap_lost"


def test_a_trade_without_a_trading_post_gives_resources_or_a_point_not_both():
    """«Получить 1 или более ресурсов или Получить 1 очко власти»."""
    table = blue_first()
    table.samurai("blue", "edo")
    blue_plays(table, ("card3", "trade", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "got": {"wood": 1},
                  "points": 1})
    assert refused.value.key == "edo.trade_both_needs_post"


def test_a_trade_where_the_trader_has_a_trading_post_gives_resources_and_a_point():
    """«Если торговец и самурай игрока находятся в городе, где у игрока есть фактория, этот
    игрок может получить ресурсы и 1 очко власти одним действием»; twice, twice (D13)."""
    table = blue_first()
    table.build("city2", ("post", "blue"))
    table.samurai("blue", "city2", "city2")
    table.events({"type": "merchant", "merchant_at": "city2"})
    blue_plays(table, ("card3", "trade", 2), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    for figure in ("blue1", "blue2"):
        table.do({"type": "act", "player": "blue", "samurai": figure, "got": {"wood": 1},
                  "points": 1})
    blue = table.state.players["blue"]
    assert (blue.ryo, blue.wood, blue.power) == (10 - 2 * (2 + 3), 1 + 2, 2)


def test_a_trade_may_not_pass_ten_of_a_resource():
    """«При торговле игрок не может превышать ограничение количества ресурсов ни в какой
    момент»: refused, and nothing is paid."""
    table = blue_first()
    table.give("blue", wood=9)
    table.samurai("blue", "edo")
    blue_plays(table, ("card3", "trade", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "got": {"wood": 2}})
    assert refused.value.key == "edo.over_cap"
    assert table.state.players["blue"].ryo == 10


def test_a_trade_needs_the_samurai_with_the_merchant():
    """«у игрока в одной локации с фигуркой торговца должно находиться по самураю на каждого
    чиновника»."""
    table = blue_first()
    table.samurai("blue", "city1")
    blue_plays(table, ("card3", "trade", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "samurai": "blue1", "got": {"wood": 1}})
    assert refused.value.key == "edo.not_with_merchant"


def test_the_merchant_moves_for_one_ryo_a_step_before_the_card():
    """«Перед открытием карты возможностей игрок может переместить фигурку торговца на любое
    количество переходов, заплатив 1 Рё в общий запас за каждый переход»."""
    table = blue_first()
    blue_plays(table, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "move", "player": "blue", "figure": "merchant", "to": "city3", "steps": 3})
    assert (table.state.merchant_at, table.state.players["blue"].ryo) == ("city3", 7)


def test_samurai_move_only_before_the_card_is_turned_up():
    """«Перед открытием своей карты возможностей»: after it, the move is refused."""
    table = blue_first()
    (a,) = table.samurai("blue", "post1")
    blue_plays(table, ("card3", "build", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "blue", "figure": a, "to": "city1", "steps": 1})
    assert refused.value.key == "edo.move_before_reveal"


def test_travel_sends_the_official_to_a_border_post_as_a_samurai():
    """«Послать этого чиновника служить самураем, поместив его на один из пограничных
    постов»; «Чиновник, выставленный на игровое поле, становится самураем»."""
    table = blue_first()
    blue_plays(table, ("card1", "travel", 1), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "place": "post3"})
    blue = table.state.players["blue"]
    assert list(blue.samurai.values()) == ["post3"] and len(blue.officials) == 4


def test_travel_moves_up_to_two_samurai_free():
    """«Либо: Передвинуть до 2 своих самураев на игровом поле в новые локации» (D2: any
    distance, free)."""
    table = blue_first()
    a, b = table.samurai("blue", "post1", "post2")
    blue_plays(table, ("card1", "travel", 1), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "moves": [{"samurai": a, "to": "edo"},
                                                          {"samurai": b, "to": "forest2"}]})
    blue = table.state.players["blue"]
    assert blue.samurai == {a: "edo", b: "forest2"} and blue.ryo == 10


def test_a_shogun_official_never_goes_onto_the_board():
    """«Однако, его нельзя помещать на игровое поле в качестве самурая» (D10)."""
    table = blue_first()
    table.events({"type": "hired", "player": "blue"})
    table.events({"type": "round", "round": 1, "first": "blue",
                  "merchant_card": table.state.merchant_card,
                  "merchant_deck": table.state.merchant_deck})
    table.everyone_idle_but("blue")
    table.do({"type": "plan", "player": "blue", "slots": [
        {"card": "card1", "action": "travel", "officials": 1, "shogun": 1},
        {"card": "card2", "action": "develop", "officials": 0},
        {"card": "card3", "action": "build", "officials": 0}]})
    table.do({"type": "reveal", "player": "blue"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "act", "player": "blue", "place": "post1"})
    assert refused.value.key == "edo.shogun_never_samurai"


def test_a_hired_official_plans_only_from_the_next_round():
    """«Потратив 1 рис игрок нанимает 1 нового чиновника сёгуна ... Начиная со следующего
    раунда, нового чиновника можно использовать при планировании»."""
    table = blue_first()
    blue_plays(table, ("card1", "hire", 1), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    blue = table.state.players["blue"]
    assert (blue.rice, blue.shogun_new, blue.shogun) == (1, 1, 0)


def test_development_buys_a_special_card_and_the_display_is_refilled():
    """«Заплатив 5 Рё игрок получает 1 специальную карту возможностей ... Сразу же на место
    купленной кладется новая карта»; its actions are asked of the table when bought."""
    table = blue_first()
    blue_plays(table, ("card2", "develop", 1), ("card1", "money", 0), ("card3", "build", 0))
    shown = list(table.state.special_display)
    next_card = table.state.special_deck[0]
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "card": shown[1]})
    assert table.state.players["blue"].cards[-1] == shown[1]
    assert table.state.special_display == [shown[0], *shown[2:], next_card]
    assert table.state.players["blue"].ryo == 5
    asked = [q["key"] for q in table.state.pending["questions"]]
    assert asked == [f"edo.{shown[1]}.{what}{n}" for n in (1, 2) for what in ("action", "most")]


def test_a_card_with_no_official_is_skipped():
    """«Если карте не назначены чиновники, это действие пропускается»."""
    table = blue_first()
    blue_plays(table, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    table.do({"type": "reveal", "player": "blue"})
    assert table.state.players["blue"].ryo == 10
    assert table.state.log[-1]["key"] == "edo.no_officials"
