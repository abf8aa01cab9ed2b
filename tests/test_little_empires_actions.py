"""The actions of the order tokens and the quick actions («Описание действий»), each worked
example of the rulebook number for number, and the commands refused with nothing changed."""
from __future__ import annotations

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.little_empires import geo
from companion.games.little_empires.rules import GAME
from companion.games.little_empires.text import names_for
from companion.i18n import render
from little_empires_table import Table, first_up


def resource_in(table: Table, region: str, kind: str) -> str:
    return next(p for p, r in sorted(table.state.resource_at.items())
                if r == kind and geo.region_of(p) == region)


def refused(table: Table, command: dict, key: str, actor: Actor | None = None) -> RuleError:
    before = list(table.session.history), GAME.view(table.state, None)
    with pytest.raises(RuleError) as err:
        table.do(command, actor) if actor else table.do(command)
    assert err.value.key == key
    assert (table.session.history, GAME.view(table.state, None)) == before
    return err.value


def test_quick_action_move_one_is_done_at_once_when_the_token_is_placed():
    """L-E1 «Зелёный игрок выполняет быстрое действие и перемещает 1 армию из столичной
    провинции в северную провинцию с бусидо»: cell 1 shows «движение на 1» here."""
    table = Table(2, seats=("green", "blue"))
    table.order("green", "blue")
    table.choose_destiny()
    north = resource_in(table, "grey", "bushido")
    table.place("green", 1, "recruit", quick={"src": "grey1", "dst": north})
    assert table.state.armies["grey1"]["green"] == 1
    assert table.state.armies[north]["green"] == 1


def test_a_quick_action_is_done_in_its_cells_region():
    """«Каждое действие жетона приказа игрок должен выполнить в регионе с этим жетоном»."""
    table = Table(2, seats=("green", "blue"))
    table.order("green", "blue")
    table.choose_destiny()
    refused(table, {"type": "place", "player": "green", "cell": 1, "token": "recruit",
                    "quick": {"src": "orange1", "dst": "orange2"}}, "le.not_in_region")


def test_recruit_puts_an_army_in_the_capital_and_a_paid_one_in_the_castles_province():
    """L-E3 «Он помещает 1 армию в столичную провинцию. Затем он решает потратить 1, чтобы
    поместить ещё 1 армию в провинцию со своим замком»."""
    table = Table(2, seats=("green", "blue"))
    table.events({"type": "castle", "province": "grey3", "player": "green"})
    first_up(table, "green", 1, "recruit")
    food = table.state.players["green"].food
    table.act("green", places=["grey1", "grey3"])
    assert table.state.armies["grey1"]["green"] == 3
    assert table.state.armies["grey3"]["green"] == 1
    assert table.state.players["green"].food == food - 1


def test_recruit_goes_only_to_the_capital_or_ones_own_castle():
    table = Table(2, seats=("green", "blue"))
    first_up(table, "green", 1, "recruit")
    refused(table, {"type": "act", "player": "green", "places": ["grey3"]}, "le.recruit_where")


@pytest.mark.parametrize("moves, after", [
    ([{"src": "orange1", "dst": "orange2", "armies": 2}, {"src": "orange3", "dst": "orange4"}],
     {"orange2": 2, "orange4": 1}),
    ([{"src": "orange1", "dst": "orange5", "steps": 2}, {"src": "orange3", "dst": "orange4"}],
     {"orange5": 1, "orange4": 1}),
    ([{"src": "orange1", "dst": "purple2", "steps": 3}], {"purple2": 1}),
], ids=["A three armies", "B two armies", "C one army into a new region"])
def test_move_three_spreads_three_moves_over_the_armies_of_the_region(moves, after):
    """L-E4 «Получите 3 перемещения и распределите их между вашими армиями»: (А) 2 армии в
    одну провинцию, третья в другую; (Б) одна на 2 провинции, другая в соседнюю; (В) одна
    на 3 провинции, «Покинув первоначальный регион, армия может продолжать движение»."""
    table = Table(2, seats=("red", "blue"))
    table.armies("red", orange3=1)
    first_up(table, "red", 4, "move3")
    table.act("red", moves=moves)
    for province, n in after.items():
        assert table.state.armies[province]["red"] == n


def test_move_three_gives_no_fourth_move():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 4, "move3")
    refused(table, {"type": "act", "player": "red", "moves": [{"src": "orange1", "dst": "orange2",
                                                              "armies": 2, "steps": 2}]},
            "le.too_many_moves")


def test_move_two_or_three_pays_for_the_third_move():
    """«Получите 2 перемещения … Затем вы можете потратить 1, чтобы получить ещё 1»."""
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 4, "move23")
    food = table.state.players["red"].food
    table.act("red", moves=[{"src": "orange1", "dst": "orange2", "armies": 1, "steps": 3}])
    assert table.state.armies["orange2"]["red"] == 1
    assert table.state.players["red"].food == food - 1


def test_an_attack_destroys_an_army_and_a_paid_second_one_in_the_same_province():
    """L-E5 «Жёлтый игрок решает выполнить действие «нападение», чтобы уничтожить армию
    Синего игрока … Затем … потратить 1, чтобы уничтожить армию Зелёного игрока и, таким
    образом, получить контроль над провинцией»."""
    table = Table(3, seats=("yellow", "blue", "green"))
    table.armies("yellow", grey2=1)
    table.armies("blue", grey2=1)
    table.armies("green", grey2=1)
    table.order("yellow", "blue", "green")
    table.choose_destiny()
    table.place("yellow", 1, "attack")
    rest = {"yellow": ["move3", "move23", "castle"], "blue": ["move3", "move23", "castle", "recruit"],
            "green": ["move3", "move23", "castle", "recruit"]}
    for n, seat in enumerate(["blue", "green"] + ["yellow", "blue", "green"] * 3):
        table.place(seat, 12 - n, rest[seat].pop(0))
    bushido = table.state.players["yellow"].bushido
    table.act("yellow", province="grey2", victims=["blue", "green"])
    assert geo.armies(table.state, "grey2", "blue") == geo.armies(table.state, "grey2", "green") == 0
    assert geo.controller(table.state, "grey2") == "yellow"
    assert table.state.players["yellow"].bushido == bushido - 1


def test_an_attack_needs_an_army_of_ones_own_in_the_province():
    table = Table(2, seats=("yellow", "blue"))
    table.armies("blue", grey2=1)
    first_up(table, "yellow", 1, "attack")
    refused(table, {"type": "act", "player": "yellow", "province": "grey2", "victims": ["blue"]},
            "le.attack_needs_army")


def test_the_ship_takes_up_to_two_armies_from_one_coast_to_another_region():
    """L-E6 «Синий игрок решил выполнить «движение на корабле», чтобы переместить 2 армии из
    одной прибрежной провинции в бирюзовом регионе в одну прибрежную провинцию в оранжевом»."""
    table = Table(2, seats=("blue", "red"))
    table.armies("blue", turquoise3=2)
    first_up(table, "blue", 7, "move2ship")
    food = table.state.players["blue"].food
    table.act("blue", ship={"src": "turquoise3", "dst": "orange6", "armies": 2})
    assert table.state.armies["orange6"]["blue"] == 2 and "blue" not in table.state.armies["turquoise3"]
    assert table.state.players["blue"].food == food - 1


def test_move_two_or_ship_is_one_or_the_other():
    table = Table(2, seats=("blue", "red"))
    table.armies("blue", turquoise3=2)
    first_up(table, "blue", 7, "move2ship")
    refused(table, {"type": "act", "player": "blue", "moves": [{"src": "turquoise1", "dst": "turquoise2"}],
                    "ship": {"src": "turquoise3", "dst": "orange6"}}, "le.move_or_ship")


def test_harvest_gives_a_resource_for_each_resource_province_with_ones_army():
    """L-E7 «его армии находятся только в северных ресурсных провинциях, поэтому он получает
    лишь 1 🌿 и 1 🗡️ … Он не получает никакого урожая из ресурсных провинций в южной части»."""
    table = Table(2, seats=("green", "blue"))
    food_at, bushido_at = resource_in(table, "orange", "food"), resource_in(table, "orange", "bushido")
    table.armies("green", **{food_at: 1, bushido_at: 1})
    before = table.state.players["green"].food, table.state.players["green"].bushido
    first_up(table, "green", 4, "harvest")
    after = table.state.players["green"].food, table.state.players["green"].bushido
    assert (after[0] - before[0], after[1] - before[1]) == (1, 1)


def test_a_castle_and_one_army_control_a_province_against_two_armies():
    """L-E8 «у него в ней 1 замок и 1 армия (суммарная сила 3), а у Синего игрока — 2 армии
    (суммарная сила 2)»; and, LE-5, control is still strength: against 4 armies he loses it."""
    table = Table(2, seats=("red", "blue"))
    table.events({"type": "castle", "province": "grey4", "player": "red"})
    table.armies("red", grey4=1)
    table.armies("blue", grey4=2)
    assert geo.controller(table.state, "grey4") == "red"
    table.armies("blue", grey4=4)
    assert geo.controller(table.state, "grey4") == "blue"


def test_equal_strength_leaves_a_province_to_nobody():
    """«Если несколько игроков обладают равной наибольшей силой в провинции, эту провинцию
    никто не контролирует»."""
    table = Table(2, seats=("red", "blue"))
    assert geo.controller(table.state, "grey1") is None


def test_building_a_castle_returns_two_armies_of_the_province():
    """«верните в личный запас 2 ваши армии из 1 провинции этого региона, чтобы поместить в
    неё замок»."""
    table = Table(2, seats=("red", "blue"))
    table.armies("red", grey3=3)
    first_up(table, "red", 1, "castle")
    table.act("red", province="grey3")
    assert table.state.castles == {"grey3": "red"} and table.state.armies["grey3"]["red"] == 1


def test_a_second_castle_token_in_the_region_adds_an_army_to_the_castle_instead():
    """«Если у вас уже есть замок в этом регионе, то вместо этого добавьте из личного запаса
    1 армию в провинцию с вашим замком»."""
    table = Table(2, seats=("red", "blue"))
    table.events({"type": "castle", "province": "grey3", "player": "red"})
    first_up(table, "red", 1, "castle")
    table.act("red", province="grey3")
    assert table.state.armies["grey3"]["red"] == 1 and list(table.state.castles) == ["grey3"]


def test_no_castle_in_a_capital():
    """«Нельзя построить замок в столичной провинции»."""
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "castle")
    refused(table, {"type": "act", "player": "red", "province": "grey1"}, "le.castle_in_capital")


def test_castles_cannot_be_attacked():
    """«На замки нельзя нападать»: with no army of the victim there is nothing to destroy."""
    table = Table(2, seats=("yellow", "blue"))
    table.events({"type": "castle", "province": "grey3", "player": "blue"})
    table.armies("yellow", grey3=1)
    first_up(table, "yellow", 1, "attack")
    refused(table, {"type": "act", "player": "yellow", "province": "grey3", "victims": ["blue"]},
            "le.no_army_to_attack")


def test_an_action_may_be_left_undone():
    """«вы вправе выполнить его частично … и даже не выполнять вовсе»."""
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "recruit")
    table.act("red")
    assert table.state.armies["grey1"]["red"] == 2
    assert table.state.log[-1]["key"] != "le.recruited"


def test_only_the_tokens_owner_carries_it_out_and_his_phone_only_for_him():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "recruit")
    refused(table, {"type": "act", "player": "blue"}, "le.not_your_turn")
    refused(table, {"type": "act", "player": "red"}, "device.not_your_colour", Actor.of_seat("blue"))


def test_a_refusal_reads_in_russian():
    table = Table(2, seats=("red", "blue"))
    first_up(table, "red", 1, "castle")
    err = refused(table, {"type": "act", "player": "red", "province": "grey1"}, "le.castle_in_capital")
    assert render(err.key, err.params, names_for(table.state, "ru")) == \
        "Нельзя построить замок в столичной провинции («Серый, столица»)."


def test_paying_more_than_is_behind_the_screen_is_refused():
    table = Table(2, seats=("green", "blue"))
    table.give("green", food=-2)
    first_up(table, "green", 1, "recruit")
    refused(table, {"type": "act", "player": "green", "places": ["grey1", "grey1"]}, "le.cannot_pay")
