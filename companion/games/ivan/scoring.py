"""«Подсчёт очков и конец игры»: after the regional rewards of decades two and four, in the
rulebook's order, each line kept for the table to read; the final conversion and the end;
and the preparation of the next decade.

1. decade two: the favour tokens left on the victory track go back to the box;
2. titles (the table enters what each player's titles give);
3. the Wild Field, most warriors 4, next 2; 4. favour, highest 4, next 2;
5.-6. decade two: warriors back from the Wild Field, new trophies and trade tokens;
7. decade four: foreign goods 2 : 1, then any goods and coins 3 : 1.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.errors import RuleError
from companion.games.ivan import cities, favour, setup, titles
from companion.games.ivan.commands import Titles
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState


def begin(play: Play) -> None:
    """«если это был второй раунд игры, уберите в коробку все жетоны царской милости,
    оставшиеся на дорожке победных очков» (V2: only now, after the regional rewards)."""
    s = play.state
    play.event("scored", scored={**(s.scored or {}), str(s.decade): []})
    if s.decade == 2 and s.favour_tokens:
        play.note("ivan.tokens_removed", numbers=sorted(s.favour_tokens))
        play.event("tokens_removed")
    play.event("phase", phase="titles")


def _line(play: Play, seat: str, what: str, vp: int) -> None:
    s = play.state
    decade = str(s.decade)
    play.event("scored", scored={**s.scored, decade: s.scored[decade] + [
        {"player": seat, "what": what, "vp": vp}]})
    play.vp(seat, vp, what)


def places(state: IvanState, measure: Mapping[str, int], points: list[int]) -> list[tuple[str, int]]:
    """The first and second by ``measure`` among those with any, ties by favour: (seat, VP)."""
    present = [seat for seat in state.seating if measure[seat] > 0]
    ranked = favour.ranked(present, lambda seat: measure[seat], lambda seat: seat, state.favour)
    return list(zip(ranked, points))


def score_titles(play: Play, cmd: Titles) -> None:
    """Titles, then the Wild Field and favour, then the resets or the end."""
    s = play.state
    if s.phase != "titles" or s.pending is not None:
        raise RuleError("ivan.not_now")
    for seat in {**cmd.vp, **cmd.known}:
        play.player(seat)
    tracked = cities.tracked(s)
    if not tracked and any(t.per == "cities" for known in cmd.known.values() for t in known):
        raise RuleError("ivan.title_needs_map")
    for seat in s.seating:
        p = s.players[seat]
        counts = titles.counted(p.completed, p.trophies, p.tokens,
                                cities.strong(s, seat) if tracked else None)
        counted = sum(titles.score(t.per, t.vp, counts) for t in cmd.known.get(seat, ()))
        _line(play, seat, "titles", cmd.vp.get(seat, 0) + counted)
    d = s.data["scoring"]
    for seat, vp in places(s, {seat: p.wild for seat, p in s.players.items()}, d["wild_field"]):
        _line(play, seat, "wild_field", vp)
    for seat, vp in zip(list(s.favour), d["favour"]):
        _line(play, seat, "favour", vp)
    if s.decade == 2:
        play.event("wild_reset", trophies=s.data["trophies"][str(len(s.seating))])
        play.note("ivan.wild_field_reset", n=s.trophies)
        play.note("ivan.trade_tokens_reset")
    if s.decade == len(s.data["decades"]):
        finish(play)
    else:
        next_decade(play)


def conversion(goods: Mapping[str, int], coins: int, data: Mapping[str, Any]) -> dict[str, int]:
    """The most points the final conversion gives: «обменять сколько угодно своих иноземных
    товаров на победные очки по курсу 2:1, а затем — сколько угодно оставшихся товаров ...
    и/или монет ... по курсу 3:1». A foreign pair is worth more at 2 : 1 than in the 3 : 1
    pile, so every pair goes first; an odd one joins the pile."""
    per_foreign, per_any = data["final"]["foreign_per_vp"], data["final"]["any_per_vp"]
    foreign = sum(goods.get(g, 0) for g in data["foreign"])
    local = sum(goods.get(g, 0) for g in data["local"])
    foreign_vp = foreign // per_foreign
    rest = foreign % per_foreign + local + coins
    return {"foreign": foreign, "foreign_vp": foreign_vp, "rest": rest, "rest_vp": rest // per_any}


def finish(play: Play) -> None:
    """«После подсчёта очков четвёртого раунда игра заканчивается и побеждает тот, у кого
    больше всего очков»; a tie to the higher favour (V8)."""
    s = play.state
    rows = []
    for seat in s.seating:
        p = s.players[seat]
        before = p.vp
        converted = conversion(p.goods, p.coins, s.data)
        for what in ("foreign_vp", "rest_vp"):
            _line(play, seat, what, converted[what])
        rows.append({"player": seat, "played": before, **converted, "by": dict(s.players[seat].vp_by),
                     "total": s.players[seat].vp, "favour": s.rank(seat) + 1})
    ranked = favour.ranked(rows, lambda r: r["total"], lambda r: r["player"], s.favour)
    for place, row in enumerate(ranked, start=1):
        row["place"] = place
    result = {"rows": ranked, "scorings": {d: [dict(x) for x in lines] for d, lines in s.scored.items()},
              "winners": [ranked[0]["player"]]}
    play.event("phase", phase="over")
    play.event("over", result=result)
    play.note("ivan.winner", player=ranked[0]["player"], n=ranked[0]["total"])


def next_decade(play: Play) -> None:
    """«каждый игрок забирает в запас всех своих бояр и печати ... перемешайте все 6 карт
    поручений ... игрок, сидящий слева от игрока с наименьшей милостью, берёт жетон первого
    игрока»."""
    s = play.state
    play.note("ivan.prepare")
    setup.deal(play, s.decade + 1, setup.left_of_lowest(s))
