"""The actions, one execution at a time, with the rules the text states exactly.

Officials only: money (5 ryo each), rice (1 each), travel (place this official on a border
post, or move up to 2 own samurai free), hiring (1 rice for a shogun's official), development
(5 ryo for a special card). Officials and samurai: producing, building, trading: each
execution needs its own samurai in the right place («разные самураи ... на каждого чиновника»).
No one ever holds more than 10 of a resource: a gain beyond it is lost (D6).
"""
from __future__ import annotations

from typing import Any, Callable

from companion.errors import RuleError
from companion.games.edo import buildings, values
from companion.games.edo.commands import Act
from companion.games.edo.play import Play
from companion.games.edo.state import CITY_KINDS, GOODS, RESOURCES, EdoState

Turn = dict[str, Any]
FIELDS = ("place", "moves", "card", "samurai", "building", "gained", "paid", "got", "points")


def take(play: Play, seat: str, resource: str, n: int) -> int:
    """«У игрока никогда не может быть больше 10 ресурсов одного вида»: what is over is lost."""
    player = play.state.players[seat]
    kept = max(0, min(n, play.data["resource_cap"] - player.amount(resource)))
    play.goods(seat, **{resource: kept})
    if kept < n:
        play.note("edo.cap_lost", player=seat, resource=resource, n=n - kept)
    return kept


def _money(play: Play, seat: str, executions: int) -> None:
    """«За каждого чиновника, назначенного этому действию, игрок берет 5 Рё из запаса»."""
    n = executions * play.data["actions"]["money"]["gain"]["ryo"]
    play.goods(seat, ryo=n)
    play.note("edo.took_ryo", player=seat, n=n)


def _rice(play: Play, seat: str, executions: int) -> None:
    """«За каждого чиновника ... игрок берет 1 рис из запаса»."""
    n = take(play, seat, "rice", executions * play.data["actions"]["rice"]["gain"]["rice"])
    play.note("edo.took_rice", player=seat, n=n)


def shogun_left(state: EdoState) -> int:
    hired = sum(p.shogun + p.shogun_new for p in state.players.values())
    return state.printed["edo.pieces.shogun"] - hired


def _hire(play: Play, seat: str, executions: int) -> None:
    """«Потратив 1 рис игрок нанимает 1 нового чиновника сёгуна из запаса»."""
    cost = play.data["actions"]["hire"]["cost"]["rice"]
    for _ in range(executions):
        if play.state.players[seat].rice < cost:
            play.note("edo.hire_no_rice", player=seat)
        elif shogun_left(play.state) <= 0:
            play.note("edo.hire_none_left", player=seat)
        else:
            play.goods(seat, rice=-cost)
            play.event("hired", player=seat)
            play.note("edo.hired", player=seat)


AT_ONCE: dict[str, Callable[[Play, str, int], None]] = {"money": _money, "rice": _rice, "hire": _hire}


def _only(cmd: Act, action: str, *allowed: str) -> None:
    for name in FIELDS:
        if getattr(cmd, name) is not None and name not in allowed:
            raise RuleError("edo.field_not_for_action", field=name, action=action)


def _samurai(play: Play, seat: str, turn: Turn, figure: str | None) -> str:
    """A samurai of this player on the map not yet used by this card."""
    at = play.state.players[seat].samurai.get(figure or "")
    if at is None:
        raise RuleError("edo.not_your_samurai", figure=figure or "")
    if figure in turn["used"]:
        raise RuleError("edo.samurai_used", figure=figure)
    return at


def _travel(play: Play, seat: str, turn: Turn, cmd: Act) -> Turn:
    """Either «Послать этого чиновника служить самураем» onto a border post (own figures only,
    never a shogun's official: D10), or «Передвинуть до 2 своих самураев» anywhere, free (D2)."""
    _only(cmd, "travel", "place", "moves")
    s = play.state
    player = s.players[seat]
    if (cmd.place is None) == (cmd.moves is None):
        raise RuleError("edo.travel_either")
    if cmd.place is not None:
        if s.locations.get(cmd.place) != "post":
            raise RuleError("edo.not_a_post", province=cmd.place)
        if turn["own"] == 0 or not player.officials:
            raise RuleError("edo.shogun_never_samurai")
        figure = player.officials[0]
        play.event("figure", player=seat, figure=figure, at=cmd.place)
        play.note("edo.placed", player=seat, dst=cmd.place)
        return {**turn, "own": turn["own"] - 1}
    figures = [step.samurai for step in cmd.moves]
    if len(set(figures)) != len(figures):
        raise RuleError("edo.samurai_twice")
    for step in cmd.moves:
        at = player.samurai.get(step.samurai)
        if at is None:
            raise RuleError("edo.not_your_samurai", figure=step.samurai)
        if step.to not in s.locations:
            raise RuleError("edo.unknown_location", province=step.to)
        if step.to == at:
            raise RuleError("edo.already_there", province=step.to)
    for step in cmd.moves:
        src = player.samurai[step.samurai]
        play.event("figure", player=seat, figure=step.samurai, at=step.to)
        play.note("edo.samurai_moved", player=seat, src=src, dst=step.to, n=0)
    spent = "shogun" if turn["shogun"] else "own"
    return {**turn, spent: turn[spent] - 1}


def _develop(play: Play, seat: str, turn: Turn, cmd: Act) -> Turn:
    """«Заплатив 5 Рё игрок получает 1 специальную карту ... Сразу же на место купленной
    кладется новая карта»."""
    _only(cmd, "develop", "card")
    s = play.state
    cost = play.data["actions"]["develop"]["cost"]["ryo"]
    if cmd.card not in s.special_display:
        raise RuleError("edo.card_not_shown", card=cmd.card or "")
    if s.players[seat].ryo < cost:
        raise RuleError("edo.not_enough_ryo", n=cost, held=s.players[seat].ryo)
    play.goods(seat, ryo=-cost)
    display = [c for c in s.special_display if c != cmd.card]
    drawn = [] if s.dealer == "table" else s.special_deck[:1]
    play.event("special", player=seat, card=cmd.card, display=display + drawn,
               deck=s.special_deck[len(drawn):])
    play.note("edo.developed", player=seat, n=cost)
    return turn


def _produce(play: Play, seat: str, turn: Turn, cmd: Act, action: str) -> Turn:
    """«Чем меньше самураев в этой локации, неважно своих или чужих, тем больше ресурсов»."""
    _only(cmd, action, "samurai", *(("gained",) if play.state.referee else ()))
    s = play.state
    rule = play.data["actions"][action]
    at = _samurai(play, seat, turn, cmd.samurai)
    if s.locations[at] != rule["at"]:
        raise RuleError("edo.wrong_location", action=action, province=at)
    if s.referee:
        if cmd.gained is None:
            raise RuleError("edo.enter_outcome", field="gained")
        n = cmd.gained
    else:
        present = sum(1 for p in s.players.values() for where in p.samurai.values() if where == at)
        n = s.printed[f"edo.yield.samurai{min(present, len(values.YIELD_COUNTS))}"]
    kept = take(play, seat, rule["resource"], n)
    play.note("edo.produced", player=seat, resource=rule["resource"], n=kept, province=at)
    return {**turn, "used": turn["used"] + [cmd.samurai]}


def _pay(play: Play, seat: str, paid: dict[str, int]) -> None:
    player = play.state.players[seat]
    for good, n in paid.items():
        if good not in GOODS:
            raise RuleError("edo.unknown_good", resource=good)
        if player.amount(good) < n:
            raise RuleError("edo.cannot_pay", resource=good, n=n, held=player.amount(good))


def _build(play: Play, seat: str, turn: Turn, cmd: Act, action: str) -> Turn:
    """«Чтобы возвести здание, игрок должен потратить ресурсы и деньги ... При строительстве
    он немедленно получает очки власти»; the fortress is shared: its builder pays and scores,
    it belongs to no one (D11)."""
    s = play.state
    _only(cmd, action, "samurai", "building", *(("paid", "points") if s.referee else ()))
    at = _samurai(play, seat, turn, cmd.samurai)
    if s.locations[at] not in CITY_KINDS:
        raise RuleError("edo.not_a_city", province=at)
    kind = cmd.building or ""
    buildings.check(s, seat, at, kind)
    if s.referee:
        if cmd.paid is None or cmd.points is None:
            raise RuleError("edo.enter_outcome", field="paid" if cmd.paid is None else "points")
        paid, points = dict(cmd.paid), cmd.points
    else:
        paid = {good: s.printed[f"edo.cost.{kind}.{good}"] for good in ("wood", "stone", "ryo")}
        points = s.printed[f"edo.points.{kind}"]
    _pay(play, seat, paid)
    play.goods(seat, **{good: -n for good, n in paid.items()})
    play.event("built", city=at, building=kind, owner=None if kind == "fortress" else seat, by=seat)
    if points:
        play.event("power", player=seat, n=points)
    play.note("edo.built", player=seat, building=kind, province=at, plot=len(s.cities[at]), n=points)
    return {**turn, "used": turn["used"] + [cmd.samurai]}


def _priced(offer: dict[str, Any], got: dict[str, int], points: int) -> dict[str, int]:
    """What the current merchant card asks for this trade: «Карта торговца предоставляет две
    возможности»: its resources at its price a piece, up to its most, and 1 power point for
    its price; anything else it does not offer."""
    wanted = sum(got.values())
    for good in got:
        if offer["resource"] not in (values.ANY_RESOURCE, good):
            raise RuleError("edo.trade_not_offered", resource=good)
    if wanted > offer["most"]:
        raise RuleError("edo.trade_too_many", n=offer["most"])
    paid = {"ryo": wanted * offer["price"]} if wanted else {}
    if points:
        paid[offer["point_good"]] = paid.get(offer["point_good"], 0) + offer["point_price"]
    return paid


def _trade(play: Play, seat: str, turn: Turn, cmd: Act) -> Turn:
    """«Получить 1 или более ресурсов или Получить 1 очко власти»; with his trading post in
    the merchant's city, both in one execution (D13); never over 10 at any moment (D6)."""
    s = play.state
    offer = values.merchant_offer(s)
    _only(cmd, "trade", "samurai", "got", "points", *(() if offer else ("paid",)))
    at = _samurai(play, seat, turn, cmd.samurai)
    if at != s.merchant_at:
        raise RuleError("edo.not_with_merchant", province=s.merchant_at)
    got, points = {k: v for k, v in (cmd.got or {}).items() if v}, cmd.points or 0
    for good in got:
        if good not in RESOURCES:
            raise RuleError("edo.unknown_good", resource=good)
    if points > 1:
        raise RuleError("edo.trade_one_point")
    paid = dict(cmd.paid or {}) if offer is None else _priced(offer, got, points)
    post = any(b["kind"] == "post" and b["owner"] == seat for b in s.cities.get(at, []))
    if not got and not points:
        raise RuleError("edo.trade_nothing")
    if got and points and not post:
        raise RuleError("edo.trade_both_needs_post")
    _pay(play, seat, paid)
    player = s.players[seat]
    for good, n in got.items():
        if player.amount(good) - paid.get(good, 0) + n > play.data["resource_cap"]:
            raise RuleError("edo.over_cap", resource=good, n=play.data["resource_cap"])
    play.goods(seat, **{good: -n for good, n in paid.items()})
    play.goods(seat, **got)
    if points:
        play.event("power", player=seat, n=points)
    play.note("edo.traded", player=seat, province=at, n=points)
    return {**turn, "used": turn["used"] + [cmd.samurai]}


def act(play: Play, cmd: Act) -> None:
    """One execution of the revealed card."""
    turn = play.turn(cmd.player)
    if not turn["started"] or turn["left"] == 0:
        raise RuleError("edo.not_now")
    action = play.state.plans[cmd.player][turn["slot"]]["action"]
    if action == "travel":
        turn = _travel(play, cmd.player, turn, cmd)
    elif action == "develop":
        turn = _develop(play, cmd.player, turn, cmd)
    elif action.startswith("produce_"):
        turn = _produce(play, cmd.player, turn, cmd, action)
    elif action.startswith("build"):
        turn = _build(play, cmd.player, turn, cmd, action)
    elif action == "trade":
        turn = _trade(play, cmd.player, turn, cmd)
    else:
        raise RuleError("edo.not_now")
    play.event("turn", turn={**turn, "left": turn["left"] - 1})
    unknown = values.missing(play.state, [k for c in play.state.players[cmd.player].cards
                                          for k in values.card_keys(c)])
    if unknown:
        values.ask(play, unknown)
