"""«Подсчёт очков и конец игры»: after decades two and four, in the rulebook's order; the
titles the answers describe (I8); the final conversion and the tie-break."""
from __future__ import annotations

from companion.games.ivan.scoring import conversion
from ivan_table import Table

NO_REWARD = [{}, {}]


def to_scoring(table: Table, decade: int, east: dict | None = None, rewards=NO_REWARD) -> None:
    """The regions of ``decade`` (East as given, the others empty), up to the titles."""
    table.regions(decade)
    table.do({"type": "region", "region": "east", "influence": east or {}, "rewards": rewards})
    if table.state.region["current"]:
        current = table.state.region["current"]
        table.do({"type": "choose", "player": current["chooser"], "region": "east", "reward": 0})
    for name in ("south", "west", "north"):
        table.do({"type": "region", "region": name, "influence": {}, "rewards": NO_REWARD})


def four(favour=("white", "black", "green", "red")) -> Table:
    table = Table(4)
    table.favour(*favour)
    return table


def lines(table: Table, decade: int) -> list[tuple[str, str, int]]:
    return [(x["player"], x["what"], x["vp"]) for x in table.state.scored[str(decade)] if x["vp"]]


def test_scoring_follows_the_second_decades_regions():
    """«В конце второго и четвёртого раунда, после получения наград в регионах (но до подготовки
    к следующему раунду) происходит подсчёт очков»."""
    table = four()
    to_scoring(table, 2)
    assert table.state.phase == "titles"
    table = four()
    to_scoring(table, 3)
    assert table.state.phase == "planning" and table.state.decade == 4


def test_favour_tokens_are_removed_first_but_the_regions_rewards_could_still_take_them():
    """V2: «если это был второй раунд игры, уберите в коробку все жетоны царской милости» is the
    scoring's first step; the regional rewards come before it."""
    table = four()
    table.events({"type": "vp", "player": "red", "n": 8, "why": "projects"})
    to_scoring(table, 2, east={"red": 3}, rewards=[{"vp": 2}, {}])
    assert table.state.favour[0] == "red"
    assert table.state.favour_tokens == []
    table.do({"type": "titles", "vp": {"green": 25}})
    assert table.state.favour[0] == "red" and table.state.players["green"].vp == 25


def test_titles_after_the_tokens_are_gone_give_no_favour():
    table = four()
    to_scoring(table, 2)
    assert table.state.log[-1] == {"key": "ivan.tokens_removed", "params": {"numbers": [10, 20, 30]}}
    table.do({"type": "titles", "vp": {"green": 25}})
    assert table.state.players["green"].vp == 25 + 0
    assert table.state.favour == ["white", "black", "green", "red"]


def test_the_wild_field_gives_4_and_2_and_nothing_without_a_warrior_there():
    """«игрок с наибольшим числом воинов в Диком поле получает 4 очка, следующий за ним — 2 очка
    (нельзя получить эти очки, если ваших воинов нет в Диком поле)»."""
    table = four()
    table.events({"type": "pieces", "player": "green", "warriors": -2, "wild": 2},
                 {"type": "pieces", "player": "red", "warriors": -1, "wild": 1})
    to_scoring(table, 2)
    table.do({"type": "titles", "vp": {}})
    wild = [x for x in lines(table, 2) if x[1] == "wild_field"]
    assert wild == [("green", "wild_field", 4), ("red", "wild_field", 2)]


def test_a_tie_in_the_wild_field_goes_to_the_higher_favour():
    table = four()
    table.events({"type": "pieces", "player": "green", "warriors": -1, "wild": 1},
                 {"type": "pieces", "player": "black", "warriors": -1, "wild": 1})
    to_scoring(table, 2)
    table.do({"type": "titles", "vp": {}})
    assert [x for x in lines(table, 2) if x[1] == "wild_field"] == \
        [("black", "wild_field", 4), ("green", "wild_field", 2)]


def test_the_highest_favour_scores_4_and_the_next_2():
    """«игрок с наивысшей царской милостью получает 4 очка, следующий за ним — 2 очка»."""
    table = four(("red", "green", "white", "black"))
    to_scoring(table, 2)
    table.do({"type": "titles", "vp": {}})
    assert [x for x in lines(table, 2) if x[1] == "favour"] == \
        [("red", "favour", 4), ("green", "favour", 2)]


def test_after_the_second_decade_warriors_come_back_from_the_wild_field_and_trophies_are_new():
    """«каждый игрок забирает в запас всех своих воинов из Дикого поля, затем сбросьте оттуда все
    не взятые жетоны трофеев и выложите нужное количество новых» (3, 5 or 6)."""
    table = four()
    table.events({"type": "pieces", "player": "green", "warriors": -2, "wild": 2, "trophies": 2})
    to_scoring(table, 2)
    table.do({"type": "titles", "vp": {}})
    p = table.state.players["green"]
    assert (p.wild, p.warriors, p.trophies, table.state.trophies) == (0, 8, 2, 6)
    assert table.state.decade == 3


def test_i8_a_set_title_and_a_trade_title_score_independently():
    """«если у игрока выполнено 3 торговых, 2 военных и 1 строительный проект, он получит очки
    только за один набор ... первый принесёт ему 5 очков, а второй — 6 очков (3 раза по 2
    очка)»."""
    table = four()
    for kind, n in (("trade", 3), ("military", 2), ("construction", 1)):
        table.events(*({"type": "completed", "player": "white", "kind": kind} for _ in range(n)))
    to_scoring(table, 2)
    table.do({"type": "titles", "known": {"white": [{"per": "set", "vp": 5}, {"per": "trade", "vp": 2}]}})
    assert ("white", "titles", 11) in lines(table, 2)


def test_the_final_conversion_is_foreign_goods_two_for_one_then_anything_three_for_one():
    """«обменять сколько угодно своих иноземных товаров на победные очки по курсу 2:1, а затем —
    сколько угодно оставшихся товаров (как местных, так и иноземных) и/или монет ... 3:1»:
    5 foreign, 2 local, 3 coins: 2 points, then 1 + 2 + 3 = 6 for 2 points."""
    data = Table(2).state.data
    assert conversion({"metal": 3, "cloth": 2, "rye": 2}, 3, data) == \
        {"foreign": 5, "foreign_vp": 2, "rest": 6, "rest_vp": 2}


def test_the_game_ends_after_the_fourth_decades_scoring_with_the_most_points_winning():
    """«После подсчёта очков четвёртого раунда игра заканчивается и побеждает тот, у кого больше
    всего очков»; the result explains each player's points line by line."""
    table = four()
    table.goods("black", metal=4, rye=1)
    table.coins("black", 2)
    to_scoring(table, 4)
    table.do({"type": "titles", "vp": {"black": 3}})
    result = table.state.result
    assert table.state.phase == "over" and result["winners"] == ["black"]
    row = result["rows"][0]
    assert (row["player"], row["foreign_vp"], row["rest_vp"], row["total"]) == ("black", 2, 1, 3 + 2 + 2 + 1)
    assert row["by"] == {"titles": 3, "favour": 2, "foreign_vp": 2, "rest_vp": 1}
    assert ("black", "foreign_vp", 2) in [(x["player"], x["what"], x["vp"]) for x in result["scorings"]["4"]]


def test_a_final_tie_goes_to_the_higher_favour():
    """V8: «Во всех случаях, когда между игроками возникает ничья по любому показателю,
    преимущество отдаётся тому из них, чья фишка выше на счётчике царской милости»: Belsky and
    Chernyatinsky both end on 6, Belsky higher on the track."""
    table = four(("green", "red", "white", "black"))
    for seat in table.state.seating:
        table.coins(seat, 0)
        table.goods(seat, rye=0, wood=0, stone=0)
    to_scoring(table, 4)
    table.do({"type": "titles", "vp": {"white": 6, "black": 6}})
    rows = table.state.result["rows"]
    assert [(r["player"], r["total"]) for r in rows] == \
        [("white", 6), ("black", 6), ("green", 4), ("red", 2)]
    assert table.state.result["winners"] == ["white"]
