"""«Конец игры»: the triggers checked after the whole round, the Edo house the winner needs,
the final points for samurai and money, the tie-breaks; the final table line by line."""
from __future__ import annotations

from edo_table import Table


def idle_round(table: Table) -> None:
    """A round in which nobody acts: every card turned up, every samurai kept while rice
    lasts, every city's income entered as nothing."""
    for seat in table.state.seating:
        table.plan(seat, ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    while table.state.phase in ("execution", "wages", "income"):
        s = table.state
        if s.phase == "execution":
            table.do({"type": "reveal", "player": s.turn["player"]})
        elif s.phase == "wages":
            p = s.players[s.queue[0]]
            table.do({"type": "wages", "player": s.queue[0], "keep": list(p.samurai)[:p.rice]})
        else:
            shares = len(table.session.game.view(s, None)["income"]["ranking"])
            table.do({"type": "income", "city": s.queue[0], "amounts": [0] * shares})


def row(table: Table, seat: str) -> dict:
    return next(r for r in table.state.result["rows"] if r["player"] == seat)


def test_twelve_power_points_end_the_game_after_the_whole_round():
    """«Проверьте, не набрал ли кто-нибудь из игроков 12 очков власти или больше» in phase 4
    (D7): the round is finished first, wages and income included."""
    table = Table(2)
    table.events({"type": "power", "player": "blue", "n": 12})
    table.build("edo", ("house", "blue"))
    table.plan("blue", ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    assert table.state.result is None
    table.plan("red", ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    while table.state.phase == "execution":
        table.do({"type": "reveal", "player": table.state.turn["player"]})
    assert table.state.phase == "income" and table.state.result is None
    table.do({"type": "income", "city": "edo", "amounts": [4]})
    assert table.state.result is not None
    assert [n["key"] for n in table.state.log][-2:] == ["edo.end_power", "edo.winners"]
    assert table.state.players["blue"].ryo == 14


def test_an_exhausted_merchant_deck_ends_the_game():
    """«или не закончилась ли колода карт торговца»: ten merchant cards, ten rounds."""
    table = Table(2)
    rounds = 0
    while table.state.result is None:
        idle_round(table)
        rounds += 1
    assert rounds == 10
    assert any(n["key"] == "edo.end_deck" for n in table.state.log)


def test_without_a_house_in_edo_a_player_cannot_win():
    """«Если у игрока нет дома в Эдо, он выходит из игры и не может победить» (D9: still
    shown, marked)."""
    table = Table(2)
    table.build("edo", ("house", "blue"))
    table.events({"type": "power", "player": "red", "n": 12}, {"type": "power", "player": "blue", "n": 3})
    idle_round(table)
    assert table.state.result["winners"] == ["blue"]
    assert row(table, "red")["eligible"] is False and "place" not in row(table, "red")


def test_a_point_per_samurai_on_the_board_and_per_full_fifty_ryo():
    """«Все, кто еще может победить, получают 1 очко власти за каждого из своих самураев на
    игровом поле, и по 1 очку власти за каждые свои 50 Рё» (D8: whole fifties)."""
    table = Table(2)
    table.build("edo", ("house", "blue"))
    table.samurai("blue", "edo", "city1", "forest1")
    table.give("blue", ryo=139, rice=3)
    table.events({"type": "power", "player": "blue", "n": 12})
    idle_round(table)
    blue = row(table, "blue")
    assert (blue["played"], blue["samurai"], blue["ryo"], blue["money"], blue["total"]) == \
        (12, 3, 149, 2, 17)


def test_a_tie_goes_to_more_resources():
    """«В случае ничьей по очкам власти, побеждает тот из лидеров, у кого больше ресурсов
    (риса, дерева и камня)»."""
    table = Table(2)
    table.build("edo", ("house", "blue"), ("house", "red"))
    table.events({"type": "power", "player": "blue", "n": 12}, {"type": "power", "player": "red", "n": 12})
    table.give("red", wood=2)
    idle_round(table)
    assert table.state.result["winners"] == ["red"]


def test_then_to_more_influence_in_edo():
    """«Если и это не разрешит ничью, то побеждает тот из них, у кого наибольшее влияние в
    Эдо»."""
    table = Table(2)
    table.build("edo", ("house", "blue"), ("house", "red"), ("house", "red"))
    table.events({"type": "power", "player": "blue", "n": 12}, {"type": "power", "player": "red", "n": 12})
    idle_round(table)
    assert table.state.result["winners"] == ["red"]
    assert [row(table, s)["place"] for s in ("red", "blue")] == [1, 2]


def test_nobody_wins_when_nobody_has_a_house_in_edo():
    table = Table(2)
    table.events({"type": "power", "player": "blue", "n": 12})
    idle_round(table)
    assert table.state.result["winners"] == []
    assert table.state.log[-1]["key"] == "edo.no_winner"
