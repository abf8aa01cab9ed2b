"""Дополнение №1 «Двор Тэнно»: officials, the favour cards laid out, the exchange cells and
the palace's two steps (rulebook seed 000, lines 860-1042; rulings in docs/shogun-rulings.md),
with the worked examples number for number."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from tenno_table import TennoTable, notes


def test_each_player_has_seven_officials_in_the_supply_at_first():
    """«каждый игрок получает: ... 7 фигурок чиновников своего цвета»."""
    table = TennoTable()
    for colour in ("blue", "red", "purple", "yellow"):
        assert sum(table.officials(colour).values()) == 7


def test_the_seeding_throw_puts_as_many_officials_in_the_waiting_hall_as_armies_fell():
    """«каждый игрок берёт из своего личного запаса столько чиновников, сколько его армий
    выпало в поддон башни, размещает их в зале ожидания ... и забирает свои армии из поддона
    в личный запас.» The example: 2 green, 2 blue (Zhenya), 2 red (Denis), 1 purple (Anya)."""
    table = TennoTable(seeded={"green": 2, "blue": 2, "red": 2, "purple": 1})
    waiting = {c: table.officials(c)["waiting"] for c in ("blue", "red", "purple", "yellow")}
    assert waiting == {"blue": 2, "red": 2, "purple": 1, "yellow": 0}
    assert table.officials("purple") == {"supply": 6, "waiting": 1, "audience": 0}


def test_the_armies_that_fell_go_back_to_the_supply_after_the_officials_are_counted():
    """«...и забирает свои армии из поддона в личный запас» — the tray is empty after it."""
    table = TennoTable(seeded={"green": 2, "blue": 2, "red": 2, "purple": 1})
    assert not any(table.state.tray.values())
    assert table.state.tower["blue"] == 5 and table.state.tower["purple"] == 6


def test_the_highest_favour_card_goes_to_the_four_official_slot():
    """«Карта благосклонности с номером «10» размещается в ячейке с 4 чиновниками, карта с
    номером «8» — в ячейке с 3 чиновниками, а карта с номером «2» — с 2 чиновниками.»"""
    table = TennoTable(deck=[2, 10, 8])
    assert table.state.tenno.offered == [10, 8, 2]
    assert len(table.state.tenno.deck) == 18


def test_the_favour_cards_are_laid_out_right_after_the_special_cards():
    """«Размещение особых карт» then «Размещение карт благосклонности», then planning."""
    table = TennoTable()
    kinds = [e["type"] for e in table.session.history[-1]]
    assert kinds.index("round") < kinds.index("favours_laid") < \
        max(i for i, k in enumerate(kinds) if k == "pending")


def test_a_province_card_returns_its_armies_and_puts_as_many_officials_in_the_waiting_hall():
    """«Варвара разместила карту провинции Кай ... в ячейке с действием «Обменять 3 армии на 3
    чиновников», поэтому она забирает 3 армии из Кай в свой личный запас, берёт 3 чиновников
    ... В Кай осталась 1 армия Варвары.»"""
    table = TennoTable()
    table.give("kai", "yellow", armies=4)
    supply = table.state.players["yellow"].supply
    table.to_the_palace(courts={"yellow": {"3": "kai"}})
    assert table.state.provinces["kai"].armies == 1
    assert table.state.players["yellow"].supply == supply + 3
    assert table.officials("yellow")["waiting"] + table.officials("yellow")["audience"] == 3


def test_a_province_must_keep_one_army_or_the_exchange_is_not_done():
    """«Важно! В провинции должна остаться хотя бы 1 армия.» «Если действие не может быть
    выполнено полностью ..., игрок не выполняет такое действие.» Kai with 3: nothing."""
    table = TennoTable()
    table.give("kai", "yellow", armies=3)
    events = table.to_the_palace(courts={"yellow": {"3": "kai"}})
    assert table.state.provinces["kai"].armies == 3
    assert table.officials("yellow") == {"supply": 7, "waiting": 0, "audience": 0}
    assert notes(events, "tenno.not_exchanged_province") == [
        {"player": "yellow", "n": 3, "lack": "one_army", "have": 3, "province": "kai"}]


def test_an_official_card_takes_the_players_own_armies_out_of_the_tray():
    """«Варвара разместила 1 из своих карт чиновников в ячейке действия «Обменять 2 армии на 2
    чиновников». Она забирает 2 свои армии из поддона башни в личный запас, берёт 2
    чиновников из личного запаса и размещает в зале ожидания».»"""
    table = TennoTable()
    table.arrange({"type": "cubes", "colour": "yellow", "n": 2, "from": "supply", "to": "tray"})
    supply = table.state.players["yellow"].supply
    table.to_the_palace(courts={"yellow": {"2": "official"}})
    assert table.state.tray["yellow"] == 0
    assert table.state.players["yellow"].supply == supply + 2
    assert sum(table.officials("yellow").values()) - table.officials("yellow")["supply"] == 2


def test_an_official_card_with_too_few_own_armies_in_the_tray_is_not_done():
    """«...недостаточно армий ... в поддоне башни сражений ... игрок не выполняет»: 1 of 2."""
    table = TennoTable()
    table.arrange({"type": "cubes", "colour": "yellow", "n": 1, "from": "supply", "to": "tray"},
                  {"type": "cubes", "colour": "red", "n": 3, "from": "supply", "to": "tray"})
    events = table.to_the_palace(courts={"yellow": {"2": "official"}})
    assert table.state.tray["yellow"] == 1
    assert notes(events, "tenno.not_exchanged_tray")[0]["have"] == 1


def test_too_few_officials_left_in_the_supply_stop_the_exchange():
    """«...или в запасе осталось недостаточно чиновников»: 6 at court, 1 left, cell 2."""
    table = TennoTable()
    table.set_waiting(yellow=6)
    table.give("kai", "yellow", armies=5)
    events = table.to_the_palace(courts={"yellow": {"2": "kai"}})
    assert table.state.provinces["kai"].armies == 5
    assert notes(events, "tenno.not_exchanged_province")[0]["lack"] == "officials"


def test_an_intrigue_card_in_an_exchange_cell_does_nothing():
    """«Варвара разместила карту интриг в последней ячейке действия на дополнительном
    планшете. Она не выполняет данное действие.»"""
    table = TennoTable()
    events = table.to_the_palace(courts={"yellow": {}})
    assert table.officials("yellow") == {"supply": 7, "waiting": 0, "audience": 0}
    assert {"player": "yellow", "n": 1} in notes(events, "tenno.cell_intrigue")


def test_intrigue_official_card_and_province_card_place_five_officials():
    """«Варвара разместила на дополнительном планшете 1 карту интриг, 1 карту чиновников и 1
    карту провинции. В итоге она может разместить 5 чиновников»."""
    table = TennoTable()
    table.give("kai", "yellow", armies=4)
    table.arrange({"type": "cubes", "colour": "yellow", "n": 2, "from": "supply", "to": "tray"})
    events = table.to_the_palace(courts={"yellow": {"3": "kai", "2": "official"}})
    order = notes(events, "tenno.favour_order")[0]
    assert order["order"][0] == "yellow" and order["numbers"][0] == 5


def test_the_exchanges_go_in_turn_order_cells_three_two_one():
    """«Первый игрок сначала открывает карту в ячейке действия «Обменять 3 армии ...», ...
    Только после того, как игрок открыл 3 карты ..., ход переходит к следующему игроку.»"""
    table = TennoTable()
    table.give("kai", "yellow", armies=5)
    table.give("kozuke", "blue", armies=5)
    table.arrange({"type": "cubes", "colour": "yellow", "n": 1, "from": "supply", "to": "tray"})
    events = table.to_the_palace(order=("yellow", "blue", "red", "purple"),
                                 courts={"yellow": {"1": "official", "3": "kai"},
                                         "blue": {"2": "kozuke"}})
    done = [(e["key"], e["params"]["player"], e["params"]["n"]) for e in events
            if e["type"] == "note" and e["key"].startswith(("tenno.exchanged", "tenno.cell"))]
    assert done[:6] == [("tenno.exchanged_province", "yellow", 3), ("tenno.cell_intrigue", "yellow", 2),
                        ("tenno.exchanged_tray", "yellow", 1), ("tenno.cell_intrigue", "blue", 3),
                        ("tenno.exchanged_province", "blue", 2), ("tenno.cell_intrigue", "blue", 1)]


def test_the_palace_comes_after_the_turn_order_and_before_the_first_action():
    """«После определения очередности хода игроки выполняют действия в императорском дворце.
    Эти действия выполняются до выполнения 10 действий основной игры.»"""
    table = TennoTable()
    table.set_waiting(yellow=3)
    events = table.to_the_palace()
    kinds = [e["type"] for e in events]
    assert kinds.index("turn_order") < kinds.index("palace")
    assert table.state.phase == "palace" and not table.state.acted


def test_the_valour_check_comes_before_the_palace():
    """Samurai: «все действия, связанные с картами воинской доблести, выполняются до действий
    в императорском дворце.» Every player's stack is checked before the palace opens."""
    table = TennoTable(expansions=("tenno", "samurai"))
    table.set_waiting(yellow=3)
    events = table.to_the_palace()
    keys = [e.get("key", e["type"]) for e in events]
    checked = [i for i, k in enumerate(keys) if k in ("samurai.stays", "samurai.advanced")]
    assert len(checked) == 4 and max(checked) < keys.index("palace")
    assert table.state.pending["kind"] == "favour"


def test_the_most_officials_choose_first_and_ties_go_by_turn_order():
    """«Так как Варвара ... разместила в зале ожидания больше чиновников, чем другие игроки, она
    ходит первой ... Следующим ходит Денис ... У Жени и Ани равное количество чиновников в зале
    ожидания. Однако Женя должен ходить раньше Ани согласно очередности хода.»"""
    table = TennoTable()
    table.set_waiting(yellow=5, red=3, blue=2, purple=2)
    table.offer(10, 8, 2)
    events = table.to_the_palace(order=("red", "purple", "blue", "yellow"))
    assert notes(events, "tenno.favour_order")[0]["order"] == ["yellow", "red", "purple", "blue"]
    table = TennoTable()
    table.set_waiting(yellow=5, red=3, blue=2, purple=2)
    events = table.to_the_palace(order=("red", "blue", "purple", "yellow"))
    assert notes(events, "tenno.favour_order")[0]["order"] == ["yellow", "red", "blue", "purple"]


def test_the_worked_example_of_the_favour_step():
    """«Она решает взять карту благосклонности с номером «8». Для этого она возвращает 3 своих
    чиновников в личный запас ... Он ... берёт карту с номером «2», возвращая необходимое
    количество чиновников ... Женя не может взять карту с номером «10», так как у него
    недостаточно чиновников. Аня также не может взять эту карту, но она всё равно должна
    переместить своих чиновников в зал для аудиенций.» Then «все придворные чиновники,
    оставшиеся в зале для аудиенций, возвращаются в зал ожидания. Все оставшиеся открытые
    карты благосклонности убираются из игры.»"""
    table = TennoTable(deck=[10, 8, 2])
    table.set_waiting(yellow=5, red=3, blue=2, purple=2)
    table.to_the_palace(order=("red", "blue", "purple", "yellow"))
    assert table.state.pending == {"kind": "favour", "player": "yellow", "officials": 5,
                                   "offers": [{"favour": 10, "price": 4}, {"favour": 8, "price": 3},
                                              {"favour": 2, "price": 2}]}
    table.do({"type": "favour", "player": "yellow", "take": 8})
    assert table.state.pending["player"] == "red"
    assert [o["favour"] for o in table.state.pending["offers"]] == [2]
    events = table.do({"type": "favour", "player": "red", "take": 2})
    assert notes(events, "tenno.cannot_take") == [{"player": "blue", "n": 2},
                                                  {"player": "purple", "n": 2}]
    assert notes(events, "tenno.favours_removed") == [{"numbers": [10]}]
    halls = {c: table.officials(c) for c in ("yellow", "red", "blue", "purple")}
    assert halls == {"yellow": {"supply": 5, "waiting": 2, "audience": 0},
                     "red": {"supply": 6, "waiting": 1, "audience": 0},
                     "blue": {"supply": 5, "waiting": 2, "audience": 0},
                     "purple": {"supply": 5, "waiting": 2, "audience": 0}}
    assert table.state.season == 1, "nothing planned: the actions ran and summer began"


def test_taking_a_favour_card_is_optional():
    """«...он может, но не обязан, взять 1 из 3 карт благосклонности»."""
    table = TennoTable(deck=[10, 8, 2])
    table.set_waiting(yellow=5)
    table.to_the_palace()
    table.do({"type": "favour", "player": "yellow", "take": "nothing"})
    assert table.officials("yellow") == {"supply": 2, "waiting": 5, "audience": 0}
    assert table.state.tenno.kept["yellow"] == []


def test_a_card_costing_more_officials_than_are_in_the_audience_hall_is_refused():
    """«Женя не может взять карту с номером «10», так как у него недостаточно чиновников.»"""
    table = TennoTable(deck=[10, 8, 2])
    table.set_waiting(yellow=3)
    table.to_the_palace()
    assert [o["favour"] for o in table.state.pending["offers"]] == [8, 2]
    with pytest.raises(RuleError) as refused:
        table.do({"type": "favour", "player": "yellow", "take": 10})
    assert refused.value.key == "favour.not_offered"
    assert table.officials("yellow")["audience"] == 3


def test_the_step_ends_when_no_face_up_card_is_left():
    """«Этот шаг заканчивается, когда в зале для аудиенций не осталось открытых карт»: three
    players take the three cards; the fourth does not move to the audience hall."""
    table = TennoTable(deck=[10, 8, 2])
    table.set_waiting(yellow=4, red=3, blue=2, purple=1)
    table.to_the_palace()
    for colour, card in (("yellow", 10), ("red", 8), ("blue", 2)):
        events = table.do({"type": "favour", "player": colour, "take": card})
    assert not notes(events, "tenno.cannot_take")
    assert table.officials("purple") == {"supply": 6, "waiting": 1, "audience": 0}
    assert table.state.season == 1


def test_exchange_cells_hold_only_the_players_own_provinces_once():
    """A card lies in one cell of the fourteen: a province on an action slot cannot also be
    exchanged; another player's province cannot be planned."""
    table = TennoTable()
    table.set_round(specials=["chest", "rice", "six_armies", "attack", "defence"])
    with pytest.raises(RuleError) as twice:
        table.do({"type": "plan", "player": "yellow", "actions": {"taxes": "kai"},
                  "bid": {"chests": 0}, "court": {"3": "kai"}})
    assert twice.value.key == "plan.province_twice"
    with pytest.raises(RuleError) as not_yours:
        table.do({"type": "plan", "player": "yellow", "actions": {}, "bid": {"chests": 0},
                  "court": {"3": "kozuke"}})
    assert not_yours.value.key == "plan.not_your_province"


def test_a_player_has_three_official_cards_and_no_more():
    """«каждый игрок получает: ... 3 карты чиновников». Four are refused."""
    table = TennoTable()
    plan = {"type": "plan", "player": "yellow", "actions": {}, "bid": {"chests": 0},
            "court": {"1": "official", "2": "official", "3": "official"}}
    table.do(plan)
    assert table.state.plans["yellow"]["court"] == plan["court"]


def test_exchange_cells_are_refused_in_a_game_without_tenno_s_court():
    from shogun_table import Table
    table = Table()
    with pytest.raises(RuleError) as refused:
        table.do({"type": "plan", "player": "red", "actions": {}, "bid": {"chests": 0},
                  "court": {"1": "official"}})
    assert refused.value.key == "plan.no_court"
