"""«Фаза конца раунда»: the regional rewards in the order East, South, West, North, influence
entered per region, the leader choosing and the second taking the other, ties by favour,
and the two-player threshold."""
from __future__ import annotations

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.ivan.rules import GAME
from ivan_table import Table

REWARDS = [{"vp": 3}, {"coins": 2}]


def region(table: Table, name: str, threshold: int | None = None, rewards=REWARDS, **influence: int) -> None:
    command = {"type": "region", "region": name, "influence": influence, "rewards": rewards}
    if threshold is not None:
        command["threshold"] = threshold
    table.do(command)


def at_regions(players: int = 4) -> Table:
    table = Table(players)
    table.regions()
    table.favour(*table.state.data["families"][:players])
    return table


def test_regions_are_rewarded_east_south_west_north():
    """«сначала на Востоке (I), потом на Юге (II), Западе (III) и Севере (IV)»."""
    table = at_regions()
    with pytest.raises(RuleError) as refused:
        region(table, "south", white=2)
    assert refused.value.key == "ivan.region_order" and refused.value.params["region"] == "east"


def test_the_most_influential_chooses_and_the_next_gets_the_other():
    """«Игрок с наибольшим влиянием выбирает одну из двух наград ... Следующий по влиянию игрок
    получает другую награду»."""
    table = at_regions()
    region(table, "east", white=1, black=4, green=2)
    assert GAME.decision(table.state).seats == ("black",)
    coins = table.state.players["green"].coins
    table.do({"type": "choose", "player": "black", "region": "east", "reward": 0},
             Actor.of_seat("black"))
    assert table.state.players["black"].vp == 3
    assert table.state.players["green"].coins == coins + 2
    assert table.state.players["white"].vp == 0


def test_a_tie_in_influence_goes_to_the_higher_favour():
    """«Ничьи, как обычно, разрешаются по царской милости»."""
    table = at_regions()
    table.favour("green", "white", "black", "red")
    region(table, "east", white=3, green=3)
    assert table.state.region["current"]["chooser"] == "green"
    assert table.state.region["current"]["second"] == "white"


def test_a_player_without_pieces_gets_nothing_and_a_lone_player_leaves_the_other_reward():
    """V6: «Если у игрока нет фишек в регионе, он не получает за него наград»."""
    table = at_regions()
    region(table, "east", red=1)
    table.do({"type": "choose", "player": "red", "region": "east", "reward": 1})
    assert [table.state.players[s].vp for s in ("white", "black", "green")] == [0, 0, 0]
    assert table.state.region["done"] == ["east"]


def test_a_region_with_no_pieces_gives_no_reward():
    table = at_regions()
    region(table, "east")
    assert table.state.region["done"] == ["east"] and table.state.region["current"] is None


def test_after_the_north_the_next_decade_begins():
    """After the regions of the first decade: «Затем подготовьтесь к следующему раунду»."""
    table = at_regions()
    for name in ("east", "south", "west", "north"):
        region(table, name)
    assert (table.state.decade, table.state.phase) == (2, "planning")


def test_the_first_player_of_the_next_decade_sits_left_of_the_lowest_favour():
    """«игрок, сидящий слева от игрока с наименьшей милостью, берёт жетон первого игрока»."""
    table = at_regions()
    table.favour("white", "red", "green", "black")
    for name in ("east", "south", "west", "north"):
        region(table, name)
    assert table.state.first == "green"


def two_players() -> Table:
    table = at_regions(2)
    table.favour("white", "black")
    return table


def test_two_players_difference_below_the_number_the_other_chooses():
    """«Если эта разница ниже числа очков, указанного на региональном жетоне, игрок с меньшим
    влиянием выбирает, какую из двух наград получает игрок с наибольшим влиянием»."""
    table = two_players()
    region(table, "east", threshold=3, white=4, black=2)
    assert table.state.region["current"]["chooser"] == "black"
    table.do({"type": "choose", "player": "black", "region": "east", "reward": 1})
    assert table.state.players["white"].coins == 3 + 2 and table.state.players["black"].vp == 0


def test_two_players_difference_equal_to_the_number_the_leader_chooses():
    """«В противном случае (разница равна числу очков или выше него) игрок с наибольшим влиянием
    сам выбирает награду»."""
    table = two_players()
    region(table, "east", threshold=2, white=4, black=2)
    assert table.state.region["current"]["chooser"] == "white"


def test_two_players_alone_in_a_region_measures_against_zero():
    """«Если в регионе есть фишки только одного игрока, влияние другого игрока там равно нулю»."""
    table = two_players()
    region(table, "east", threshold=3, black=2)
    assert table.state.region["current"]["chooser"] == "white"
    assert table.state.region["current"]["leader"] == "black"


def test_two_players_need_the_tokens_number():
    table = two_players()
    with pytest.raises(RuleError) as refused:
        region(table, "east", white=2)
    assert refused.value.key == "ivan.threshold_needed"


def test_only_the_chooser_chooses():
    table = at_regions()
    region(table, "east", white=4, black=2)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "choose", "player": "black", "region": "east", "reward": 0},
                 Actor.of_seat("black"))
    assert refused.value.key == "ivan.not_your_choice"


def test_a_phone_cannot_enter_the_regions_influence():
    table = at_regions()
    with pytest.raises(RuleError) as refused:
        table.do({"type": "region", "region": "east", "influence": {"white": 9}, "rewards": REWARDS},
                 Actor.of_seat("white"))
    assert refused.value.key == "device.table_only"
