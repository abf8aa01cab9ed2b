"""«Подсчёт очков и конец игры»: after the regional rewards of decades two and four, in the
rulebook's order, each line kept for the table to read; the final conversion and the end;
and the preparation of the next decade.

1. decade two: the favour tokens left on the victory track go back to the box;
2. titles (counted by the game from each title's formula, or entered as the cards say);
3. the Wild Field, most warriors 4, next 2; 4. favour, highest 4, next 2;
5.-6. decade two: warriors back from the Wild Field, new trophies and trade tokens;
7. decade four: foreign goods 2 : 1, then any goods and coins 3 : 1.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.ivan import favour, setup, titles
from companion.games.ivan.commands import Title, Titles
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
    """Titles, then the Wild Field and favour, then the resets or the end. «каждый игрок
    получает очки, указанные на его титулах»: each title the game counts is one line of the
    log, then each family's titles are one line of the scoring."""
    s = play.state
    if s.phase != "titles" or s.pending is not None:
        raise RuleError("ivan.not_now")
    for seat in {**cmd.vp, **cmd.known}:
        play.player(seat)
    tapped = [t.title for held in cmd.known.values() for t in held if isinstance(t.title, int)]
    twice = next((n for n in tapped if tapped.count(n) > 1), None)
    if twice is not None:
        raise RuleError("ivan.title_twice", n=twice)
    for seat in s.seating:
        counted = sum(_title(play, seat, entry) for entry in cmd.known.get(seat, ()))
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


def _title(play: Play, seat: str, entry: Title) -> int:
    """One title's points from its formula and what the game counts (or the count entered
    where the game does not track it), explained in the log."""
    s = play.state
    formula = _formula(play, seat, entry)
    per = formula["per"]
    if formula["how"] == "most":
        if not titles.tracked(s, per):
            raise RuleError("ivan.title_most_untracked", per=per)
        measure = {other: titles.count(s, other, per) for other in s.seating}
        points = dict(places(s, measure, [formula["vp"], formula["of"]])).get(seat, 0)
        n = measure[seat]
    else:
        if not titles.tracked(s, per) and entry.count is None:
            raise RuleError("ivan.title_count_needed", per=per)
        n = titles.count(s, seat, per) if titles.tracked(s, per) else entry.count
        points = titles.scored(formula, n)
    if formula["n"] is None:
        play.note("ivan.title_scored_entered", player=seat, per=per, count=n, points=points)
    else:
        play.note("ivan.title_scored", player=seat, n=formula["n"], per=per, count=n, points=points)
    return points


def _formula(play: Play, seat: str, entry: Title) -> dict[str, Any]:
    """The title as the install knows it (other entries refused), told for the first time
    (kept for the install), or entered for this scoring only."""
    s = play.state
    given = {"per": entry.per, "how": entry.how, "vp": entry.vp, "of": entry.of}
    if entry.title is not None and s.referee:
        raise RuleError("ivan.face_referee")
    if isinstance(entry.title, int):
        found = titles.chosen(s, entry.title)
        if any(value is not None and value != found[part] for part, value in given.items()):
            raise RuleError("ivan.title_prints_other", n=entry.title)
        return found
    if entry.per is None or entry.vp is None:
        raise RuleError("ivan.title_formula_needed")
    formula = {"per": entry.per, "how": entry.how or "each", "vp": entry.vp, "of": 1 if entry.of is None else entry.of}
    if entry.title != "new":
        return {"n": None, **formula}
    n, values = titles.told(s, formula)
    play.event(EVENT, values=values)
    play.note("ivan.title_learned", player=seat, n=n)
    return {"n": n, **formula}


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
