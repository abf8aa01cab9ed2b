"""Фаза 3: «Выплаты и доходы» (the rulebook heads it «Фаза 1» by mistake: D1), and
Фаза 4: «Подготовка к следующему раунду или конец игры».

Wages: from the first player on, each keeps a samurai on the map for 1 rice or sends it home
as an official; whoever has no rice sends every samurai home. Income: every city with
buildings pays its builders by influence, split by the install's income table (D30).
"""
from __future__ import annotations

from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.edo import buildings, deal, income as table, scoring
from companion.games.edo.commands import Income, Wages
from companion.games.edo.play import Play


def _home(play: Play, seat: str, figures: list[str]) -> None:
    for figure in figures:
        play.event("figure", player=seat, figure=figure, at=None)


def wages_step(play: Play) -> bool:
    """Ask each player in turn order who has samurai on the map; one without rice sends
    them all home at once («Если у игрока нет риса, он должен убрать всех своих самураев»)."""
    s = play.state
    if s.queue is None:
        play.event("queue", queue=list(s.turn_order))
    while s.queue:
        seat = s.queue[0]
        player = s.players[seat]
        if player.samurai and player.rice >= play.data["wage_rice"]:
            return False
        if player.samurai:
            play.note("edo.wages_no_rice", player=seat, n=len(player.samurai))
            _home(play, seat, list(player.samurai))
        play.event("queue", queue=s.queue[1:])
    play.event("queue", queue=None)
    play.event("phase", phase="income")
    return True


def wages(play: Play, cmd: Wages) -> None:
    """«За каждого оставленного на поле самурая, его владелец должен заплатить 1 рис»: he
    keeps as many as he can pay for (D4)."""
    s = play.state
    player = play.player(cmd.player)
    if s.phase != "wages" or not s.queue or s.pending is not None:
        raise RuleError("edo.not_now")
    if s.queue[0] != cmd.player:
        raise RuleError("edo.not_your_turn", player=cmd.player, waiting=s.queue[0])
    keep = list(dict.fromkeys(cmd.keep))
    for figure in keep:
        if figure not in player.samurai:
            raise RuleError("edo.not_your_samurai", figure=figure)
    cost = len(keep) * play.data["wage_rice"]
    if cost > player.rice:
        raise RuleError("edo.wages_too_many", n=len(keep), held=player.rice)
    play.goods(cmd.player, rice=-cost)
    home = [f for f in player.samurai if f not in keep]
    _home(play, cmd.player, home)
    play.note("edo.wages_paid", player=cmd.player, n=len(keep), home=len(home))
    play.event("queue", queue=s.queue[1:])


def cities_paying(play: Play) -> list[str]:
    """«Каждый город со зданиями даёт доход»: the cities with a builder who has influence."""
    return [city for city in play.state.cities if buildings.ranking(play.state, city)]


def income_step(play: Play) -> bool:
    s = play.state
    if s.queue is None:
        play.event("queue", queue=cities_paying(play))
    if s.queue:
        return False
    play.event("queue", queue=None)
    play.event("phase", phase="round_end")
    return True


def income(play: Play, cmd: Income) -> None:
    """The profit goes to the builders by rank: «Игрок, владеющий наибольшим количеством ОВ,
    получает наибольшую часть прибыли. Остальные игроки получают деньги в соответствии с
    таблицей»."""
    s = play.state
    if s.phase != "income" or not s.queue or s.pending is not None:
        raise RuleError("edo.not_now")
    if cmd.city != s.queue[0]:
        raise RuleError("edo.income_city", province=s.queue[0])
    ranked = buildings.ranking(s, cmd.city)
    shares = _shares(play, cmd, len(ranked))
    play.event("profit", city=cmd.city, ryo=sum(shares))
    for place, n in zip(ranked, shares):
        play.goods(place["player"], ryo=n)
        play.note("edo.income", player=place["player"], province=cmd.city, n=n,
                  influence=place["influence"])
    play.event("queue", queue=s.queue[1:])


def _shares(play: Play, cmd: Income, builders: int) -> list[int]:
    """The shares the table read off the board (which teach the install's income table what
    it did not know), or those the table gives for the profit tapped. In referee mode the
    table always enters the shares and they teach nothing."""
    s = play.state
    if cmd.amounts is not None:
        table.check(cmd.city, cmd.amounts, builders, cmd.profit)
        values = {} if s.referee else table.told(s, cmd.amounts)
        if values:
            play.event(EVENT, values=values)
            play.note("edo.income_told", profit=sum(cmd.amounts), n=builders,
                      shares=" · ".join(map(str, cmd.amounts)))
        return list(cmd.amounts)
    if cmd.profit is None or s.referee:
        raise RuleError("edo.income_shares", province=cmd.city, n=builders)
    shares = table.split(s, cmd.profit, builders)
    if shares is None:
        raise RuleError("edo.income_unknown", profit=cmd.profit, n=builders)
    return shares


def round_end(play: Play) -> bool:
    """«Проверьте, не набрал ли кто-нибудь из игроков 12 очков власти или больше, или не
    закончилась ли колода карт торговца» (D7: only here, after the whole round)."""
    s = play.state
    top = max(p.power for p in s.players.values())
    if top >= play.data["end_power"] or not s.merchant_deck:
        play.note("edo.end_power" if top >= play.data["end_power"] else "edo.end_deck")
        play.event("phase", phase="over")
        result = scoring.final(s)
        play.event("over", result=result)
        play.note("edo.winners" if result["winners"] else "edo.no_winner", winners=result["winners"])
        return True
    seats = s.seating
    first = seats[(seats.index(s.first) + 1) % len(seats)]
    deal.new_round(play, s.round + 1, first)
    return True
