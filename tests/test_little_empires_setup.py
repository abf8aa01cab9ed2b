"""«Подготовка к игре» and what only the board and the box print: asked of the table the
first time it matters, offering only what could be printed, the rulebook's own values
offered with their source; the variants chosen at creation and recorded with the game."""
from __future__ import annotations

from collections import Counter

import pytest

from companion.errors import RuleError
from companion.games.little_empires import catalog, geo
from companion.games.little_empires.rules import GAME
from little_empires_table import BOARD, P, Table


def asked(table: Table) -> list[str]:
    return [q["key"] for q in table.state.pending["questions"]]


def test_a_new_install_is_asked_the_board_and_the_box_before_the_first_era():
    table = Table(3, printed={})
    decision = GAME.decision(table.state)
    assert decision.kind == "printed" and decision.table
    keys = asked(table)
    assert f"{P}.cell1.region" in keys and f"{P}.cell12.quick" in keys
    assert f"{P}.province.orange7" in keys and f"{P}.tokens.castle" in keys
    assert not any(".bonus." in k or ".significance." in k for k in keys)


def test_in_referee_mode_the_costs_resources_are_not_asked():
    assert not any(".cost." in k for k in asked(Table(3, printed={}, referee=True)))


def test_the_rulebooks_example_values_are_offered_with_their_source():
    """«На шкале влияния серого региона зелёный маркер находится на делении «1» … значимость
    … равна 1»; «его влиянию 5 соответствует значимость 4»."""
    questions = catalog.questions()
    assert questions[f"{P}.significance.grey.1"].suggested == 1
    assert questions[f"{P}.significance.turquoise.5"].suggested == 4
    assert "Подсчёт победных очков за влияние" in questions[f"{P}.significance.turquoise.5"].source
    assert questions[f"{P}.significance.orange.3"].suggested is None


def test_only_values_the_board_could_show_are_accepted_and_nothing_changes_otherwise():
    table = Table(2, printed={})
    before = list(table.session.history)
    with pytest.raises(RuleError) as err:
        table.do({"type": "printed", "values": {**BOARD, f"{P}.cell1.quick": "castle"}})
    assert err.value.key == "printed.not_possible" and table.session.history == before


def test_eleven_tokens_a_player_are_checked():
    """«44 жетона приказов (по 11 на игрока)»."""
    table = Table(2, printed={})
    with pytest.raises(RuleError) as err:
        table.do({"type": "printed", "values": {**BOARD, f"{P}.tokens.castle": 5}})
    assert err.value.key == "le.printed_tokens" and err.value.params == {"n": 14, "total": 11}


def test_twelve_resource_provinces_are_checked():
    """«12 жетонов распределения ресурсов»: one on each resource cell."""
    table = Table(2, printed={})
    with pytest.raises(RuleError) as err:
        table.do({"type": "printed", "values": {**BOARD, f"{P}.province.grey6": "resource_shrine"}})
    assert err.value.key == "le.printed_resources"


def test_each_region_has_order_cells():
    """«У каждого региона свои ячейки приказов»."""
    table = Table(2, printed={})
    values = {**BOARD, **{f"{P}.cell{n}.region": "grey" for n in range(10, 13)}}
    with pytest.raises(RuleError) as err:
        table.do({"type": "printed", "values": values})
    assert err.value.key == "le.printed_no_cells" and err.value.params == {"region": "purple"}


def test_once_told_the_game_deals_and_starts_the_first_era():
    table = Table(2, printed={})
    table.do({"type": "printed", "values": BOARD})
    assert table.state.phase == "destiny" and table.state.era == 1 and table.state.printed[f"{P}.cell1.region"] == "grey"


def test_each_player_starts_with_three_destiny_cards_two_food_two_bushido_and_his_tokens():
    """«раздайте по 3 карты каждому игроку»; «2 жетона 🌿 и 2 жетона 🗡️»."""
    table = Table(4)
    for p in table.state.players.values():
        assert (len(p.hand), p.food, p.bushido, sum(p.tokens.values())) == (3, 2, 2, 11)
    assert len(table.state.deck) == 20 - 12 and len(set(table.state.cards)) == 20


def test_two_armies_of_each_player_stand_in_every_capital():
    """«Все игроки помещают по 2 армии из личного запаса в каждую столичную провинцию … у
    каждого игрока будет 8 армий на поле»."""
    table = Table(3)
    for region in ("grey", "orange", "turquoise", "purple"):
        assert table.state.armies[geo.capital(region)] == {seat: 2 for seat in table.state.seating}
    assert all(table.state.on_board(seat) == 8 for seat in table.state.seating)


def test_six_food_and_six_bushido_tokens_are_seeded_on_the_resource_provinces():
    """«Возьмите 6 жетонов распределения бусидо и 6 жетонов распределения пищи. Разложите их
    случайным образом по ячейкам с символом ресурса»."""
    table = Table(2)
    assert Counter(table.state.resource_at.values()) == {"food": 6, "bushido": 6}
    assert all(BOARD[f"{P}.province.{p}"] == "resource" for p in table.state.resource_at)


def test_the_turn_order_runs_clockwise_from_a_drawn_first_player():
    """«Случайным образом выберите первого игрока … Затем по часовой стрелке»."""
    firsts = set()
    for seed in range(12):
        order = Table(4, seed=seed).state.order
        seating = ["red", "blue", "yellow", "green"]
        at = seating.index(order[0])
        assert order == seating[at:] + seating[:at]
        firsts.add(order[0])
    assert len(firsts) > 1


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(RuleError) as err:
        Table(players, seats=("red", "blue", "yellow", "green", "red")[:players])
    assert err.value.key == "le.player_count"


def test_the_variant_chosen_is_recorded_with_the_game_and_an_unknown_one_refused():
    table = Table(3, variants=("heavenly_shrines",))
    assert table.session.history[0][0]["config"]["variants"] == ["heavenly_shrines"]
    with pytest.raises(RuleError) as err:
        Table(3, variants=("rise_of_tokugawa",))
    assert err.value.key == "le.unknown_variant"


def test_heavenly_shrines_put_seven_of_the_nine_figures_on_the_shrine_provinces():
    """«Перемешайте фигурки святилищ и случайным образом поместите по одной в каждую
    провинцию со святилищем. На поле окажется 7 святилищ, верните в коробку оставшиеся 2»."""
    table = Table(3, variants=("heavenly_shrines",))
    colours = list(table.state.shrine_at.values())
    assert len(colours) == 7 and all(Counter(colours)[c] <= 3 for c in ("brown", "black", "white"))
    assert set(colours) <= {"brown", "black", "white"}


def test_random_quick_actions_are_tapped_by_the_table_as_they_came():
    """«Случайные быстрые действия … поместите по 1 жетону в каждую из ячеек … лицевой
    стороной вниз, затем переверните»: the cells' printed quick actions are not asked."""
    table = Table(2, printed={k: v for k, v in BOARD.items() if not k.endswith(".quick")},
                  variants=("random_quick",))
    assert GAME.decision(table.state).kind == "quick_tokens"
    drawn = ["harvest1"] * 6 + ["attack"] * 6
    with pytest.raises(RuleError) as err:
        table.do({"type": "quick_tokens", "quick": drawn[:5]})
    assert err.value.key == "le.every_cell"
    table.do({"type": "quick_tokens", "quick": drawn})
    assert table.state.phase == "destiny" and GAME.facts(table.state)["cells"][0]["quick"] == "harvest1"
