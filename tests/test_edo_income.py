"""Edo's income (phase 3): every city with buildings pays its builders by influence, split
by the income table the board prints, which the install learns the first time the group
reads a split off the board (D30); refusals change nothing."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.edo import catalog
from companion.games.edo.rules import GAME
from edo_table import Table


def income_table(players: int, *buildings, referee: bool = False) -> Table:
    table = Table(players, referee=referee)
    table.build("city1", *buildings)
    table.to_wages()
    return table


def paid(table: Table, **command) -> dict[str, int]:
    """The ryo each player gets from city 1's income as the tablet enters it."""
    before = {seat: p.ryo for seat, p in table.state.players.items()}
    table.do({"type": "income", "city": "city1", **command})
    return {seat: p.ryo - before[seat] for seat, p in table.state.players.items()}


def refused(table: Table, **command) -> str:
    before = len(table.session.history)
    with pytest.raises(RuleError) as refusal:
        table.do({"type": "income", "city": "city1", **command})
    assert len(table.session.history) == before
    return refusal.value.key


def test_two_builders_share_six_and_two_the_earlier_builder_first():
    """E8: «Синий 1 ОВ = 6 Рё, Красный 1 ОВ = 2 Рё. Поскольку Синий построил раньше
    Красного, у него больше влияния»."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    assert [r["player"] for r in GAME.view(table.state, None)["income"]["ranking"]] == ["blue", "red"]
    assert paid(table, profit=8, amounts=[6, 2]) == {"blue": 6, "red": 2}


def test_four_builders_share_five_four_two_and_one():
    """E9: «Красный 2 ОВ = 5 Рё, Зеленый 2 ОВ = 4 Рё, Синий 1 ОВ = 2 Рё, Желтый 1 ОВ = 1 Рё.
    Красный построил раньше Зеленого, а Синий раньше Желтого». Trading post 2, house 1."""
    table = income_table(4, ("post", "red"), ("house", "blue"), ("house", "green"),
                         ("house", "yellow"), ("house", "green"))
    ranking = GAME.view(table.state, None)["income"]["ranking"]
    assert [(r["player"], r["influence"]) for r in ranking] == \
        [("red", 2), ("green", 2), ("blue", 1), ("yellow", 1)]
    assert paid(table, profit=12, amounts=[5, 4, 2, 1]) == {"red": 5, "green": 4, "blue": 2, "yellow": 1}


def test_the_rulebooks_two_splits_are_suggested_to_check_against_the_board():
    """The worked examples are rows of «таблица»: offered pre-filled, named, never taken
    silently (the install knows nothing until the group confirms it)."""
    questions = catalog.questions()
    assert [questions[f"edo.income.8.2.{r}"].suggested for r in (1, 2)] == [6, 2]
    assert [questions[f"edo.income.12.4.{r}"].suggested for r in (1, 2, 3, 4)] == [5, 4, 2, 1]
    assert "Доходы" in questions["edo.income.8.2.1"].source
    table = income_table(2, ("house", "blue"), ("house", "red"))
    income = GAME.view(table.state, None)["income"]
    assert income["suggested"] == {"8": [6, 2]} and income["known"] == {}


def test_fortresses_give_no_influence():
    """«Крепости не дают ОВ, они нейтральны»: a city with only a fortress pays no one."""
    table = income_table(2, ("house", "blue"), ("house", "blue"), ("fortress", None))
    assert GAME.view(table.state, None)["income"]["ranking"] == \
        [{"player": "blue", "influence": 2, "first": 1}]


def test_a_lone_builder_gets_the_whole_profit():
    """«Если только один игрок построился в городе, он получает всю прибыль»."""
    table = income_table(2, ("house", "blue"), ("post", "blue"))
    assert paid(table, profit=7) == {"blue": 7, "red": 0}


def test_the_largest_share_goes_to_the_most_influence():
    """«Игрок, владеющий наибольшим количеством ОВ, получает наибольшую часть прибыли»."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    assert refused(table, profit=8, amounts=[2, 6]) == "edo.income_order"


def test_the_shares_divide_the_whole_profit():
    """«прибыль делится между ними»: shares that add up to another sum are a misreading."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    assert refused(table, profit=8, amounts=[6, 1]) == "edo.income_sum"


def test_one_share_for_each_builder():
    table = income_table(2, ("house", "blue"), ("house", "red"))
    assert refused(table, profit=8, amounts=[8]) == "edo.income_shares"


def test_a_profit_the_table_cannot_split_yet_asks_for_the_shares():
    """The first time a profit is shared by that many builders, the board must be read."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    assert refused(table, profit=8) == "edo.income_unknown"


def test_shares_read_off_the_board_are_kept_and_split_that_profit_from_then_on():
    """The income table is learned once: a second city of 8 ryo between two builders is one
    tap, its profit."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    paid(table, profit=8, amounts=[6, 2])
    assert {k: table.state.printed[k] for k in ("edo.income.8.2.1", "edo.income.8.2.2")} == \
        {"edo.income.8.2.1": 6, "edo.income.8.2.2": 2}
    assert any(n["key"] == "edo.income_told" for n in table.state.log)
    table.build("city2", ("house", "red"), ("house", "blue"))
    table.events({"type": "phase", "phase": "income"}, {"type": "queue", "queue": ["city2"]})
    before = {seat: p.ryo for seat, p in table.state.players.items()}
    table.do({"type": "income", "city": "city2", "profit": 8})
    assert {seat: p.ryo - before[seat] for seat, p in table.state.players.items()} == {"red": 6, "blue": 2}


def test_a_later_reading_of_the_board_corrects_the_table():
    """The last reading wins, as with the roads: a group that misread a split mends it by
    entering the shares again."""
    table = income_table(2, ("house", "blue"), ("house", "red"))
    paid(table, profit=8, amounts=[6, 2])
    table.events({"type": "phase", "phase": "income"}, {"type": "queue", "queue": ["city1"]})
    assert paid(table, profit=8, amounts=[5, 3]) == {"blue": 5, "red": 3}
    assert [table.state.printed[f"edo.income.8.2.{r}"] for r in (1, 2)] == [5, 3]


def test_the_city_offers_last_rounds_profit_again():
    table = income_table(2, ("house", "blue"), ("house", "red"))
    paid(table, profit=8, amounts=[6, 2])
    assert table.state.profits == {"city1": 8}
    table.events({"type": "phase", "phase": "income"}, {"type": "queue", "queue": ["city1"]})
    assert GAME.view(table.state, None)["income"]["profit"] == 8
    assert GAME.view(table.state, None)["income"]["known"] == {"8": [6, 2]}


def test_in_referee_mode_the_table_enters_the_shares_and_they_teach_nothing():
    """Referee mode enters what happened; the install's table is left as it was."""
    table = income_table(2, ("house", "blue"), ("house", "red"), referee=True)
    assert refused(table, profit=8) == "edo.income_shares"
    assert paid(table, amounts=[6, 2]) == {"blue": 6, "red": 2}
    assert not any(k.startswith("edo.income.") for k in table.state.printed)
