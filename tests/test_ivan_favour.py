"""«Царская милость»: the track that breaks every tie, gaining favour, the point for gaining
it while on top, and the three favour tokens on the victory track."""
from __future__ import annotations

from ivan_table import Table


def effect(table: Table, seat: str, **fields) -> None:
    table.turn_to(seat)
    table.do({"type": "effect", "player": seat, "source": "trophy", **fields})


def in_actions(players: int = 4) -> Table:
    table = Table(players)
    table.chambers(turn=table.state.seating[0])
    return table


def test_gaining_favour_moves_the_marker_to_the_top_and_the_jumped_ones_down_in_order():
    """«переставляет свою фишку на самое верхнее деление ... и сдвигает те фишки, которые
    „перепрыгнули“, на одно деление вниз, не меняя их взаимного положения»."""
    table = in_actions()
    table.favour("white", "black", "green", "red")
    effect(table, "green", favour=1)
    assert table.state.favour == ["green", "white", "black", "red"]


def test_gaining_favour_on_top_gives_one_point_instead():
    """«Если фишка игрока и так находилась на самом верхнем делении, вместо этого он получает 1
    победное очко»."""
    table = in_actions()
    table.favour("white", "black", "green", "red")
    effect(table, "white", favour=1)
    assert table.state.favour[0] == "white" and table.state.players["white"].vp == 1


def test_the_first_to_reach_a_favour_token_takes_it_and_gains_favour():
    """«Игрок, чья фишка подсчёта очков первой доберётся до такого жетона (остановится на нём или
    пройдёт мимо), снимает его с деления и сразу получает царскую милость»."""
    table = in_actions()
    table.favour("white", "black", "green", "red")
    effect(table, "red", vp=12)
    assert table.state.favour_tokens == [20, 30]
    assert table.state.favour[0] == "red"


def test_a_favour_token_already_taken_gives_nothing_to_the_next():
    table = in_actions()
    table.favour("white", "black", "green", "red")
    effect(table, "red", vp=10)
    effect(table, "green", vp=10)
    assert table.state.favour[0] == "red" and table.state.favour_tokens == [20, 30]


def test_passing_two_tokens_at_once_takes_both():
    """V1: each token reached or passed is taken, each a favour gain; the second while already on
    top gives 1 point, which counts toward the next token."""
    table = in_actions()
    table.favour("white", "black", "green", "red")
    effect(table, "red", vp=20)
    assert table.state.favour_tokens == [30]
    assert table.state.favour[0] == "red" and table.state.players["red"].vp == 21


def test_one_position_per_player_the_rest_unused():
    """«На счётчике царской милости четыре деления, но используется только одно деление на
    игрока»: with two players the track holds two markers."""
    table = Table(2)
    assert sorted(table.state.favour) == ["black", "white"]
