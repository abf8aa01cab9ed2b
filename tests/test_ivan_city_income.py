"""«В нижней части города указано, какой доход там можно получить»: a city's income learned
the first time a player names it, kept for the install, then given by naming the city (V31)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.errors import RuleError
from companion.games.ivan import incomes
from ivan_table import COLOURS, MAP, Table, city_income


def at_income(*faces: dict[str, Any], referee: bool = False, influence: str = "entered") -> Table:
    """Red alone in the income chamber, its boyar out, with 2 coins and no local goods."""
    printed = {**COLOURS, **(MAP if influence == "map" else {}), **{k: v for f in faces for k, v in f.items()}}
    table = Table(4, referee=referee, printed=printed, influence=influence)
    table.favour("red", "white", "black", "green")
    table.chambers(("red", "income", 0), turn="red", cards={"income": "colour1"})
    table.do({"type": "leave", "player": "red", "chamber": "income"})
    table.coins("red", 2)
    table.goods("red", rye=0, wood=0, stone=0)
    return table


def income(table: Table, *cities: dict[str, Any]) -> None:
    table.do({"type": "income", "player": "red", "cities": list(cities)})


def test_a_city_named_for_the_first_time_is_kept_for_the_install():
    """«Путивль» gives 2 rye in the rulebook's example; told once, the install keeps it."""
    table = at_income()
    income(table, {"city": "putivl", "goods": {"rye": 2}})
    assert incomes.printed(table.state, "putivl") == {"coins": 0, "goods": {"rye": 2}}


def test_a_known_city_gives_what_it_prints_by_its_name():
    """«Они получают 2 ржи из Путивля, 2 монеты из Нижнего Новгорода»."""
    table = at_income(city_income("putivl", good="rye", goods=2), city_income("nizhny_novgorod", coins=2))
    income(table, {"city": "putivl"}, {"city": "nizhny_novgorod"})
    p = table.state.players["red"]
    assert (p.goods["rye"], p.coins) == (2, 4)


def test_a_known_city_refuses_another_income():
    table = at_income(city_income("putivl", good="rye", goods=2))
    with pytest.raises(RuleError) as refused:
        income(table, {"city": "putivl", "coins": 3})
    assert refused.value.key == "ivan.city_prints_other"


def test_a_known_stone_city_still_costs_its_coin():
    """«Чтобы получить с города камень, заплатите в общий резерв 1 монету»."""
    table = at_income(city_income("moscow", good="stone", goods=1))
    income(table, {"city": "moscow"})
    p = table.state.players["red"]
    assert (p.goods["stone"], p.coins) == (1, 1)


def test_income_comes_from_different_cities():
    """«Выберите до трёх разных городов»."""
    table = at_income(city_income("putivl", good="rye", goods=2))
    with pytest.raises(RuleError) as refused:
        income(table, {"city": "putivl"}, {"city": "putivl"})
    assert refused.value.key == "ivan.cities_repeat"


def test_with_the_map_income_comes_only_from_a_city_with_your_piece():
    """«Получите доход с 1 города, где есть ваша фишка»."""
    table = at_income(city_income("putivl", good="rye", goods=2), influence="map")
    with pytest.raises(RuleError) as refused:
        income(table, {"city": "putivl"})
    assert refused.value.key == "ivan.income_not_yours"


def test_a_city_prints_one_kind_of_local_goods():
    """«Вы получаете местные товары с городов»."""
    table = at_income()
    with pytest.raises(RuleError) as refused:
        income(table, {"city": "kursk", "goods": {"rye": 1, "wood": 1}})
    assert refused.value.key == "ivan.city_one_good"


def test_in_referee_mode_a_named_city_is_remembered_nowhere():
    table = at_income(referee=True)
    income(table, {"city": "putivl", "goods": {"rye": 2}})
    assert not incomes.known(table.state, "putivl") and table.state.players["red"].goods["rye"] == 2
