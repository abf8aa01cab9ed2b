"""«Действия палат» and «Свободные действия»: the rulebook's examples I2 to I7 number for
number, and the limits each chamber's text sets."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from ivan_table import Table


def left(table: Table, seat: str, chamber: str, seal: bool = False, card: str = "colour1") -> None:
    """``seat`` alone in ``chamber``, and takes its boyar out (sealing if asked)."""
    table.favour(*([seat] + [s for s in table.state.favour if s != seat]))
    table.chambers((seat, chamber, 0), turn=seat, cards={chamber: card})
    table.do({"type": "leave", "player": seat, "chamber": chamber, "seal": seal})


def test_i2_income_from_three_cities_stone_paid_with_a_coin_just_taken():
    """«Они получают 2 ржи из Путивля, 2 монеты из Нижнего Новгорода и сразу меняют одну из них на
    камень в Москве»: +2 rye, +1 coin, +1 stone."""
    table = Table(4)
    left(table, "red", "income")
    table.coins("red", 0)
    table.goods("red", rye=0, wood=0, stone=0)
    table.do({"type": "income", "player": "red",
              "cities": [{"goods": {"rye": 2}}, {"coins": 2}, {"goods": {"stone": 1}}]})
    p = table.state.players["red"]
    assert (p.coins, p.goods["rye"], p.goods["stone"]) == (1, 2, 1)


def test_stone_needs_a_coin_to_pay_for_it():
    """«Чтобы получить с города камень, заплатите (верните в общий резерв) 1 монету»."""
    table = Table(4)
    left(table, "red", "income")
    table.coins("red", 0)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "income", "player": "red", "cities": [{"goods": {"stone": 1}}]})
    assert refused.value.key == "ivan.stone_costs"


def test_the_income_enhancement_repeats_one_chosen_city_and_its_stone_costs_again():
    """«Усиление позволяет вам ещё раз получить доход с одного из выбранных городов» (V5)."""
    table = Table(4)
    left(table, "red", "income", seal=True)
    table.coins("red", 3)
    table.goods("red", stone=0)
    table.do({"type": "income", "player": "red", "cities": [{"goods": {"stone": 1}}], "again": 0})
    p = table.state.players["red"]
    assert (p.coins, p.goods["stone"]) == (1, 2)


def test_the_income_enhancement_needs_the_seal():
    table = Table(4)
    left(table, "red", "income")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "income", "player": "red", "cities": [{"coins": 2}], "again": 0})
    assert refused.value.key == "ivan.enhancement_needs_seal"


def test_at_most_three_cities_give_income():
    """«Выберите до трёх разных городов»: a fourth is refused by the command's shape."""
    table = Table(4)
    left(table, "red", "income")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "income", "player": "red", "cities": [{"coins": 1}] * 4})
    assert refused.value.key == "command.too_long"


def test_manoeuvres_are_two_actions():
    """«Совершите до двух действий, каждым из которых вы можете либо выставить 1 воина, либо
    переместить 1 воина или 1 боярина»."""
    table = Table(4)
    left(table, "black", "manoeuvres")
    table.do({"type": "manoeuvre", "player": "black", "action": "move"})
    table.do({"type": "manoeuvre", "player": "black", "action": "place"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "manoeuvre", "player": "black", "action": "move"})
    assert refused.value.key == "ivan.chamber_used_up"


def test_i3_a_move_takes_a_trade_token_whose_warrior_is_placed_then_the_boyar_moves():
    """«Черниятинские передвигают воина из Чернигова в Новгород-Северский, забирая лежащий на
    этом пути торговый жетон. Его эффект сразу же разыгрывается, и Черниятинские выставляют
    воина в Курск. Вторым действием они перемещают боярина из Курска в Путивль»: two actions,
    one warrior from the supply, by the token and not by an action."""
    table = Table(4)
    left(table, "black", "manoeuvres")
    warriors = table.state.players["black"].warriors
    table.do({"type": "manoeuvre", "player": "black", "action": "move"})
    table.do({"type": "effect", "player": "black", "source": "trade_token", "warriors": 1})
    table.do({"type": "manoeuvre", "player": "black", "action": "move"})
    assert table.state.players["black"].warriors == warriors - 1
    assert table.state.turn["left"]["actions"] == 0


def test_the_manoeuvres_enhancement_is_a_third_action():
    """«Усиление даёт вам ещё одно из этих действий, то есть суммарно до трёх действий»."""
    table = Table(4)
    left(table, "black", "manoeuvres", seal=True)
    warriors = table.state.players["black"].warriors
    for _ in range(3):
        table.do({"type": "manoeuvre", "player": "black", "action": "place"})
    assert table.state.players["black"].warriors == warriors - 3


def test_i4_a_military_project_pays_scores_and_sends_a_warrior_to_the_wild_field():
    """«Бельские выполняют военный проект с руки: тратят 3 ржи и 2 дерева, получают 5 очков и
    ставят воина в Дикое поле, забирая оттуда жетон и сразу же получая ещё 3 очка ... Вторым
    действием Бельские берут на руку карту с верха колоды проектов»."""
    table = Table(4)
    left(table, "white", "projects")
    table.goods("white", rye=3, wood=2)
    trophies = table.state.trophies
    table.do({"type": "complete", "player": "white", "kind": "military", "paid": {"rye": 3, "wood": 2}, "vp": 5})
    table.do({"type": "effect", "player": "white", "source": "trophy", "vp": 3})
    table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "deck"})
    p = table.state.players["white"]
    assert (p.goods["rye"], p.goods["wood"], p.vp, p.wild) == (0, 0, 8, 1)
    assert table.state.trophies == trophies - 1 and p.hand == ["trade"]


def test_a_project_is_not_completed_without_its_goods():
    """«Нельзя выполнить проект, если вам не хватает товаров для его оплаты»."""
    table = Table(4)
    left(table, "white", "projects")
    table.goods("white", rye=2)
    history = list(table.session.history)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "complete", "player": "white", "kind": "military", "paid": {"rye": 3}, "vp": 5})
    assert refused.value.key == "ivan.not_enough_goods"
    assert table.session.history == history


def test_a_project_completed_is_one_held():
    table = Table(4)
    left(table, "white", "projects")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "complete", "player": "white", "kind": "trade", "paid": {}, "vp": 2})
    assert refused.value.key == "ivan.project_not_in_hand"


def test_i5_exchange_with_its_enhancement():
    """«Они берут два иноземных товара ... — порох и ткань. Также они обменивают 2 ржи на 1
    камень, а 1 монету и 1 дерево — на 1 металл»."""
    table = Table(4)
    left(table, "green", "exchange", seal=True)
    table.coins("green", 1)
    table.goods("green", rye=2, wood=1, stone=0)
    table.do({"type": "take_foreign", "player": "green", "good": "gunpowder"})
    table.do({"type": "take_foreign", "player": "green", "good": "cloth"})
    table.do({"type": "exchange", "player": "green", "paid": {"rye": 2}, "got": {"stone": 1}})
    table.do({"type": "exchange", "player": "green", "paid": {"wood": 1}, "paid_coins": 1,
              "got": {"metal": 1}})
    p = table.state.players["green"]
    assert p.coins == 0
    assert {g: p.goods[g] for g in ("rye", "wood", "stone", "gunpowder", "cloth", "metal")} == \
        {"rye": 0, "wood": 0, "stone": 1, "gunpowder": 1, "cloth": 1, "metal": 1}


def test_exchange_is_two_for_one():
    """«по курсу 2:1»."""
    table = Table(4)
    left(table, "green", "exchange")
    table.goods("green", rye=3)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "exchange", "player": "green", "paid": {"rye": 3}, "got": {"metal": 2}})
    assert refused.value.key == "ivan.exchange_rate"


def test_one_free_foreign_good_without_the_seal():
    table = Table(4)
    left(table, "green", "exchange")
    table.do({"type": "take_foreign", "player": "green", "good": "metal"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "take_foreign", "player": "green", "good": "metal"})
    assert refused.value.key == "ivan.chamber_used_up"


def test_i6_an_estate_taken_and_used_at_once():
    """«Пожарские берут из доступных карт поместье, приносящее 2 монеты. Они тут же используют
    его ... чтобы получить 2 монеты»."""
    table = Table(4)
    left(table, "red", "grants")
    coins = table.state.players["red"].coins
    table.do({"type": "grant", "player": "red", "card": "estate"})
    table.do({"type": "effect", "player": "red", "source": "estate", "coins": 2})
    p = table.state.players["red"]
    assert (p.estates, p.coins) == (1, coins + 2)


def test_the_grants_enhancement_is_one_more_estate_not_a_title():
    """«Усиление даёт вам ещё 1 поместье (но не титул)»."""
    table = Table(4)
    left(table, "red", "grants", seal=True)
    table.do({"type": "grant", "player": "red", "card": "title"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "grant", "player": "red", "card": "title"})
    assert refused.value.key == "ivan.enhancement_estate_only"
    table.do({"type": "grant", "player": "red", "card": "estate"})
    assert (table.state.players["red"].titles, table.state.players["red"].estates) == (1, 1)


def test_i7_free_actions_before_the_removal_make_the_boyar_most_significant():
    """«Бельские тратят 3 ржи и 1 дерево, чтобы взять 2 монеты ... и используют поместье, дающее
    им царскую милость за 2 монеты. Теперь они обладают наибольшей значимостью в палате»; then
    the sealed Projects chamber's three actions, a warrior and a building placed."""
    table = Table(4)
    table.favour("red", "white", "black", "green")
    table.chambers(("white", "projects", 0), ("black", "projects", 0), ("red", "projects", 0),
                   turn="white", cards={"projects": "colour1"})
    table.coins("white", 0)
    table.goods("white", rye=3, wood=1)
    table.events({"type": "tokens", "player": "white", "n": 1}, {"type": "cards", "player": "white", "estates": 2})
    table.do({"type": "free", "player": "white", "paid": {"rye": 2}})
    table.do({"type": "free", "player": "white", "paid": {"rye": 1, "wood": 1}})
    assert table.state.players["white"].coins == 2
    table.do({"type": "effect", "player": "white", "source": "estate", "coins": -2, "favour": 1})
    assert table.state.favour[0] == "white"
    table.do({"type": "leave", "player": "white", "chamber": "projects", "seal": True})
    assert table.state.seals["projects"] == "white"
    table.do({"type": "take_project", "player": "white", "kind": "military", "source": "display"})
    table.do({"type": "complete", "player": "white", "kind": "military", "paid": {}, "vp": 0})
    table.do({"type": "effect", "player": "white", "source": "trade_token", "coins": 1, "goods": {"rye": 1},
              "taken": True})
    table.do({"type": "tokens_for_project", "player": "white", "kind": "construction", "source": "display"})
    table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 0})
    warriors = table.state.players["white"].warriors
    table.do({"type": "effect", "player": "white", "source": "estate", "coins": -1, "goods": {"rye": -1},
              "warriors": 1})
    table.do({"type": "done", "player": "white"})
    p = table.state.players["white"]
    assert (p.wild, p.buildings, p.completed["military"], p.completed["construction"]) == (1, 5, 1, 1)
    assert (p.coins, p.goods["rye"], p.warriors, p.tokens) == (0, 0, warriors - 1, 0)


def test_free_actions_are_two_local_goods_or_one_foreign_for_a_coin():
    """«потратьте 2 местных товара, чтобы получить 1 монету»; «потратьте 1 иноземный товар, чтобы
    получить 1 монету»."""
    table = Table(4)
    table.chambers(turn="white")
    table.goods("white", rye=3, metal=1)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "free", "player": "white", "paid": {"rye": 3}})
    assert refused.value.key == "ivan.free_rate"
    coins = table.state.players["white"].coins
    table.do({"type": "free", "player": "white", "paid": {"metal": 1}})
    assert table.state.players["white"].coins == coins + 1


def test_free_actions_only_in_your_own_turn():
    """«свободные действия нельзя совершать в чужой ход, в фазе планирования и в фазе конца
    раунда»."""
    table = Table(4)
    table.chambers(turn="white")
    table.goods("black", metal=1)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "free", "player": "black", "paid": {"metal": 1}})
    assert refused.value.key == "ivan.not_your_turn"


def test_a_chambers_actions_only_after_its_boyar_left():
    table = Table(4)
    table.chambers(("white", "projects", 0), turn="white")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "deck"})
    assert refused.value.key == "ivan.not_this_chamber"


def test_a_military_project_without_warriors_gives_its_points_only():
    """«Если у вас не осталось воинов, вы просто получаете очки за проект»."""
    table = Table(4)
    left(table, "white", "projects")
    table.events({"type": "pieces", "player": "white", "warriors": -8})
    trophies = table.state.trophies
    table.do({"type": "complete", "player": "white", "kind": "military", "paid": {}, "vp": 4})
    p = table.state.players["white"]
    assert (p.vp, p.wild, table.state.trophies) == (4, 0, trophies)


def test_a_warrior_sent_to_an_empty_wild_field_takes_no_trophy():
    """«заберите оттуда в свой запас 1 жетон трофея (если он там есть)»."""
    table = Table(2)
    left(table, "white", "projects")
    table.events({"type": "pieces", "player": "black", "warriors": -3, "wild": 3, "trophies": 3})
    table.do({"type": "complete", "player": "white", "kind": "military", "paid": {}, "vp": 2})
    p = table.state.players["white"]
    assert (p.wild, p.trophies, table.state.trophies) == (1, 0, 0)


def test_a_construction_project_without_buildings_gives_its_points_only():
    """«Если таких городов нет или у вас не осталось зданий, вы не ставите здание (но всё равно
    получаете очки за проект)»."""
    table = Table(4)
    left(table, "white", "projects")
    table.events({"type": "pieces", "player": "white", "buildings": -6},
                 {"type": "hand", "player": "white", "hand": ["construction"]})
    table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 3})
    p = table.state.players["white"]
    assert (p.vp, p.buildings, p.completed["construction"]) == (3, 0, 1)


def test_the_projects_enhancement_is_a_third_action():
    """«Усиление даёт вам ещё одно из этих действий, то есть суммарно до трёх действий»."""
    table = Table(4)
    left(table, "white", "projects", seal=True)
    for _ in range(3):
        table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "display"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "take_project", "player": "white", "kind": "trade", "source": "display"})
    assert refused.value.key == "ivan.chamber_used_up"
    assert table.state.players["white"].hand == ["military", "trade", "trade", "trade"]


def test_grants_without_the_seal_give_one_card():
    """«Возьмите 1 поместье или 1 титул»."""
    table = Table(4)
    left(table, "white", "grants")
    table.do({"type": "grant", "player": "white", "card": "title"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "grant", "player": "white", "card": "estate"})
    assert refused.value.key == "ivan.chamber_used_up"
