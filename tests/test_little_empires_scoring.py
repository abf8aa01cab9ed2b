"""«Конец эпохи» and «Конец игры»: the harvest of everything, influence, region bonuses
with their tie rules, shrines (and heavenly shrines), the new turn order; the final
influence weighed by the destiny cards, the resources left, the tie-breaks; every number
of the rulebook's examples."""
from __future__ import annotations

import random

from companion.games.little_empires import era, scoring
from companion.games.little_empires.play import Play
from companion.games.little_empires.rules import GAME
from companion.games.little_empires.state import apply
from little_empires_table import BOARD, SIGNIFICANCE, Table, play_round


def play_on(table: Table) -> Play:
    return Play(table.state, lambda e: apply(table.state, e), random.Random(0))


def test_the_most_provinces_take_the_larger_value_and_the_next_the_smaller():
    assert scoring.region_bonus({"a": 3, "b": 2, "c": 1}, 5, 3) == {"a": 5, "b": 3}


def test_tied_leaders_all_take_the_smaller_value_and_nobody_else_scores():
    """«Если несколько игроков контролируют одинаковое наибольшее число провинций, все они
    получают очки по меньшему значению региона. Другие игроки не получают бонусные очки»."""
    assert scoring.region_bonus({"a": 2, "b": 2, "c": 1}, 5, 3) == {"a": 3, "b": 3}


def test_one_leader_and_tied_seconds_all_seconds_take_the_smaller_value():
    """«Если первое место определено, но есть несколько претендентов на второе, все они
    получают очки по меньшему значению региона»."""
    assert scoring.region_bonus({"a": 3, "b": 1, "c": 1}, 5, 3) == {"a": 5, "b": 3, "c": 3}


def test_a_player_controlling_no_province_of_the_region_takes_no_bonus():
    """«Игрок, который не контролирует ни одной провинции в регионе, не может получить
    бонусные очки за этот регион, даже если он занимает второе место»."""
    assert scoring.region_bonus({"a": 2, "b": 0, "c": 0}, 5, 3) == {"a": 5}
    assert scoring.region_bonus({"a": 0, "b": 0}, 5, 3) == {}


def test_heavenly_shrines_score_one_three_five_per_colour():
    """L-E14 «Красный игрок контролирует 2 из 3 коричневых святилищ. Он получает 3 победных
    очка. Жёлтый игрок контролирует 1 чёрное и 1 белое святилище и получает 2»."""
    points = [0, 1, 3, 5]
    assert scoring.heavenly(["brown", "brown"], points) == 3
    assert scoring.heavenly(["black", "white"], points) == 2
    assert scoring.heavenly(["brown"] * 3, points) == 5


def test_the_final_influence_of_the_rulebooks_example_is_twenty_eight():
    """L-E11 «серый … 1 × 3 = 3 … оранжевый … 3 × 5 = 15 … бирюзовый … 4 × 2 = 8 …
    фиолетовый … 1 × 2 = 2. Суммарное число победных очков … за влияние, равно 28»; the
    orange line's «значимость 5» contradicts its own product and the total (LE-11): the
    significance multiplied is 3."""
    table = Table(4, seats=("green", "red", "blue", "yellow"))
    cards = ["grey"] * 3 + ["orange"] * 5 + ["turquoise"] * 2 + ["purple"] * 2
    table.events({"type": "destiny", "cards": [{"card": f"x{n}", "region": r, "by": None}
                                               for n, r in enumerate(cards)], "deck": []},
                 *({"type": "influence", "player": "green", "region": r, "n": n}
                   for r, n in (("grey", 1), ("orange", 3), ("turquoise", 5), ("purple", 1))))
    era.final_step(play_on(table))
    green = next(line for line in table.state.result["players"] if line["seat"] == "green")
    assert [(r["significance"], r["cards"], r["points"]) for r in green["regions"]] == \
        [(1, 3, 3), (3, 5, 15), (4, 2, 8), (1, 2, 2)]
    assert sum(r["points"] for r in green["regions"]) == 28


def test_a_region_without_destiny_cards_scores_nothing():
    """«Регион без разыгранных карт судьбы не приносит победных очков»."""
    assert scoring.influence_points(7, 0) == 0


def test_every_three_resources_left_score_one_point():
    """«Каждые 3 любых непотраченных жетона ресурсов приносят 1 победное очко»."""
    assert [scoring.resource_points(n, 3) for n in (0, 2, 3, 5, 6, 8)] == [0, 0, 1, 1, 2, 2]


def test_a_tie_goes_to_fewest_armies_then_most_resources_then_all():
    """«В случае ничьей побеждает претендент с наименьшим числом армий на поле. Если всё ещё
    ничья, то … с наибольшим числом ресурсов … Если по-прежнему ничья, то побеждают все»."""
    assert scoring.ranking({"a": (30, 9, 5), "b": (30, 8, 0), "c": (20, 1, 9)})[1] == ["b"]
    assert scoring.ranking({"a": (30, 8, 5), "b": (30, 8, 4)})[1] == ["a"]
    assert scoring.ranking({"a": (30, 8, 5), "b": (30, 8, 5)})[1] == ["a", "b"]


def test_the_fewest_points_go_first_next_era_and_ties_reverse_their_order():
    """«игрок с наименьшим числом победных очков будет ходить первым … Если у нескольких
    игроков одинаковое число победных очков, смените очередность их хода на обратный»."""
    assert scoring.next_order(["a", "b", "c", "d"], {"a": 5, "b": 3, "c": 5, "d": 9}) == ["b", "c", "a", "d"]


def test_an_eras_end_harvests_by_control_and_advances_influence_for_provinces_and_castles():
    """«Игроки получают по 1 ресурсу … за каждую ресурсную провинцию под своим контролем»;
    «Замок даёт построившему его игроку +1 влияние вне зависимости от того, кто
    контролирует провинцию с этим замком»; then the bonuses and the new turn order."""
    table = Table(2, seats=("red", "blue"))
    table.armies("red", grey2=1)
    table.armies("blue", orange3=3)
    table.events({"type": "castle", "province": "orange3", "player": "red"})
    kind = table.state.resource_at["grey2"]
    before = getattr(table.state.players["red"], kind)
    play_round(table)
    play_round(table)
    red, blue = table.state.players["red"], table.state.players["blue"]
    assert getattr(red, kind) == before + 1
    assert red.influence == {"grey": 1, "orange": 1, "turquoise": 0, "purple": 0}
    assert blue.influence == {"grey": 0, "orange": 1, "turquoise": 0, "purple": 0}
    assert (red.vp, blue.vp) == (4, 5)
    assert table.state.order == ["red", "blue"] and table.state.era == 2


def test_a_controlled_shrine_province_scores_one_point():
    """«Игроки получают по 1 победному очку за каждую провинцию со святилищем под своим
    контролем»."""
    table = Table(2, seats=("red", "blue"))
    table.armies("red", grey5=1, purple4=1)
    assert era.shrine_points(table.state, "red") == 2


def test_the_tokens_come_back_and_each_player_draws_a_destiny_card_after_an_era():
    """«Игроки забирают с поля свои жетоны приказов»; «Каждый игрок берёт себе в руку 1 новую
    карту судьбы»."""
    table = Table(3)
    play_round(table)
    play_round(table)
    assert all(not stack for stack in table.state.cells)
    assert all(sum(p.tokens.values()) == 11 and len(p.hand) == 3 for p in table.state.players.values())


def test_the_region_bonuses_are_asked_at_the_first_eras_end_when_not_known():
    table = Table(2, printed={**BOARD, **SIGNIFICANCE})
    play_round(table)
    play_round(table)
    assert GAME.decision(table.state).kind == "printed"
    assert all(".bonus." in q["key"] for q in table.state.pending["questions"])


def test_in_referee_mode_the_table_enters_the_region_bonus_points():
    table = Table(2, seats=("red", "blue"), referee=True, printed=BOARD)
    play_round(table)
    play_round(table)
    assert GAME.decision(table.state).kind == "bonus"
    table.do({"type": "bonus", "points": {"red": 3, "blue": 0}})
    assert (table.state.players["red"].vp, table.state.players["blue"].vp) == (3, 0)
    assert table.state.era == 2


def test_a_whole_game_ends_after_the_third_era_with_the_final_table_explained():
    """«После завершения третьей эпохи игроки проходят этапы 1—4 конца эпохи, а затем
    подсчитывают победные очки за влияние и оставшиеся ресурсы»."""
    table = Table(2, seats=("red", "blue"))
    table.armies("red", grey2=2, orange2=2)
    for _ in range(6):
        play_round(table)
    result = table.state.result
    assert result is not None and GAME.decision(table.state) is None
    for line in result["players"]:
        assert line["total"] == line["before"] + sum(r["points"] for r in line["regions"]) \
            + line["resources"] // 3
        assert table.state.players[line["seat"]].vp == line["total"]
    assert result["winners"] == ["red"]
