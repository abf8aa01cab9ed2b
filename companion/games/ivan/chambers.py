"""«Действия палат» and «Свободные действия»: what a player does in his turn of the action
phase, after (the chamber's actions) or before and after (free actions, a card's effect)
his boyar leaves the chamber.

The cities, cards and tokens are not known to the game, so the player enters what they
print; the game checks every rule the text states (three different cities, a coin for
stone, two actions or three with the seal, 2 : 1, goods enough to pay) and keeps count.
"""
from __future__ import annotations

from typing import Any, Mapping

import msgspec

from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.ivan import cities, effects, incomes, kremlin, projects
from companion.games.ivan.commands import (Complete, Done, Effect, Exchange, Free, Grant, Income,
                                           Manoeuvre, TakeForeign, TakeProject, TokensForProject, Yield)
from companion.games.ivan.play import Play


def _acting(play: Play, seat: str, chamber: str, allowance: str) -> dict[str, Any]:
    """The turn, if ``seat`` has left ``chamber`` this turn and ``allowance`` is not used up."""
    turn = kremlin.own_turn(play, seat, "actions")
    if turn["chamber"] != chamber:
        raise RuleError("ivan.not_this_chamber", action=chamber)
    if turn["left"].get(allowance, 0) <= 0:
        raise RuleError("ivan.chamber_used_up", action=chamber)
    return turn


def _use(play: Play, turn: dict[str, Any], allowance: str) -> None:
    left = dict(turn["left"])
    left[allowance] -= 1
    play.event("turn", turn={**turn, "left": left})


def _pay(play: Play, seat: str, goods: Mapping[str, int], coins: int = 0) -> None:
    """Take goods and coins from a player, or refuse naming what he lacks."""
    player = play.state.players[seat]
    for good, n in goods.items():
        if n > player.goods[good]:
            raise RuleError("ivan.not_enough_goods", resource=good, n=n, held=player.goods[good])
    if coins > player.coins:
        raise RuleError("ivan.not_enough_coins", n=coins, held=player.coins)
    play.goods(seat, {g: -n for g, n in goods.items()})
    play.coins(seat, -coins)


def income(play: Play, cmd: Income) -> None:
    """«Выберите до трёх разных городов ... Чтобы получить с города камень, заплатите ... 1
    монету, причём это может быть монета, только что полученная вами с другого города.
    Усиление позволяет вам ещё раз получить доход с одного из выбранных городов» (V5: the
    repeat of a stone city costs its coin again)."""
    turn = _acting(play, cmd.player, "income", "income")
    if cmd.again is not None and not turn["sealed"]:
        raise RuleError("ivan.enhancement_needs_seal", action="income")
    if cmd.again is not None and cmd.again >= len(cmd.cities):
        raise RuleError("ivan.again_not_chosen")
    yields = [_yield(play, cmd.player, city) for city in cmd.cities]
    named = [city.city for city in cmd.cities if city.city is not None]
    if len(named) != len(set(named)):
        raise RuleError("ivan.cities_repeat")
    if any(not city["coins"] and not any(city["goods"].values()) for city in yields):
        raise RuleError("ivan.city_gives_nothing")
    taken = yields + ([yields[cmd.again]] if cmd.again is not None else [])
    coins = sum(city["coins"] for city in taken)
    goods: dict[str, int] = {}
    for city in taken:
        for good, n in city["goods"].items():
            goods[good] = goods.get(good, 0) + n
    stone_cost = goods.get("stone", 0) * play.data["income"]["stone_coins"]
    held = play.state.players[cmd.player].coins
    if held + coins < stone_cost:
        raise RuleError("ivan.stone_costs", n=stone_cost, held=held + coins)
    _use(play, turn, "income")
    play.coins(cmd.player, coins - stone_cost)
    play.goods(cmd.player, goods)
    play.note("ivan.income", player=cmd.player, n=len(taken), coins=coins - stone_cost)


def _yield(play: Play, seat: str, entered: Yield) -> dict[str, Any]:
    """One city's income: as the install knows it printed (other entries refused), as told
    the first time the city is named (and kept for the install), or as entered. With the map
    tracked, «Получите доход с 1 города, где есть ваша фишка»."""
    s = play.state
    given = {"coins": entered.coins, "goods": {g: n for g, n in entered.goods.items() if n}}
    if entered.city is None:
        return given
    city = cities.known(play, entered.city)
    if cities.tracked(s) and cities.count(s, seat, city) == 0:
        raise RuleError("ivan.income_not_yours", dst=city)
    if s.referee:
        return given
    if incomes.known(s, city):
        printed = incomes.printed(s, city)
        if (given["coins"] or given["goods"]) and given != printed:
            raise RuleError("ivan.city_prints_other", dst=city)
        return printed
    if given["coins"] or given["goods"]:
        play.event(EVENT, values=incomes.told(city, given["coins"], given["goods"]))
        play.note("ivan.city_learned", player=seat, dst=city)
    return given


def manoeuvre(play: Play, cmd: Manoeuvre) -> None:
    """«Совершите до двух действий, каждым из которых вы можете либо выставить 1 воина, либо
    переместить 1 воина или 1 боярина»; the enhancement a third."""
    turn = _acting(play, cmd.player, "manoeuvres", "actions")
    tracked = cities.tracked(play.state)
    if cmd.action == "place":
        if play.state.players[cmd.player].warriors <= 0:
            raise RuleError("ivan.no_warrior_left")
        if tracked:
            cities.place_warrior(play, cmd.player, cmd.city)
        play.event("pieces", player=cmd.player, warriors=-1)
    elif tracked:
        cities.move(play, cmd.player, cmd.piece, cmd.city, cmd.to)
    _use(play, turn, "actions")
    if not tracked:
        play.note("ivan.manoeuvre_" + cmd.action, player=cmd.player)
    elif cmd.action == "place":
        play.note("ivan.warrior_placed_in", player=cmd.player, dst=cmd.city)
    else:
        play.note(f"ivan.{cmd.piece}_moved", player=cmd.player, src=cmd.city, dst=cmd.to)


def take_project(play: Play, cmd: TakeProject) -> None:
    """«возьмите на руку любой проект из шести доступных или верхний проект из колоды»: one
    of the chamber's actions; its kind is in the player's hand, seen by him alone."""
    turn = _acting(play, cmd.player, "projects", "actions")
    _use(play, turn, "actions")
    _to_hand(play, cmd.player, cmd.kind, cmd.source)


def _to_hand(play: Play, seat: str, kind: str, source: str) -> None:
    hand = play.state.players[seat].hand
    play.event("hand", player=seat, hand=hand + [kind])
    if source == "display":
        play.note("ivan.took_project_shown", player=seat, kind=kind)
    else:
        play.note("ivan.took_project_deck", player=seat)


def complete(play: Play, cmd: Complete) -> None:
    """«выложите перед собой 1 проект с руки, заплатите товары ... получите очки ... и
    разыграйте его эффект. Нельзя выполнить проект, если вам не хватает товаров»."""
    turn = _acting(play, cmd.player, "projects", "actions")
    player = play.state.players[cmd.player]
    if cmd.kind not in player.hand:
        raise RuleError("ivan.project_not_in_hand", kind=cmd.kind)
    building = _building_city(play, cmd) if cmd.kind == "construction" else None
    paid, vp = _card(play, cmd)
    _pay(play, cmd.player, paid)
    _use(play, turn, "actions")
    if building is not None:
        cities.put(play, cmd.player, building, "building")
    hand = list(player.hand)
    hand.remove(cmd.kind)
    play.event("hand", player=cmd.player, hand=hand)
    play.event("completed", player=cmd.player, kind=cmd.kind)
    play.note("ivan.completed", player=cmd.player, kind=cmd.kind, n=vp)
    play.vp(cmd.player, vp, "projects")
    _project_effect(play, cmd.player, cmd.kind, placed=building is not None or not cities.tracked(play.state))


def _card(play: Play, cmd: Complete) -> tuple[dict[str, int], int]:
    """The goods a project asks and the points it gives: a known card's as printed (the
    player entering others is refused), a card met for the first time as told (and kept for
    the install), else as entered. In referee mode no card is asked."""
    s = play.state
    paid = {g: n for g, n in cmd.paid.items() if n}
    if cmd.project is None or cmd.project == "new":
        if cmd.vp is None:
            raise RuleError("ivan.project_vp_needed")
    if cmd.project is None:
        return paid, cmd.vp
    if s.referee:
        raise RuleError("ivan.project_referee")
    if cmd.project == "new":
        n, values = projects.told(s, cmd.kind, paid, cmd.vp)
        play.event(EVENT, values=values)
        play.note("ivan.project_learned", player=cmd.player, kind=cmd.kind, n=n)
        vp = cmd.vp
    else:
        n = cmd.project
        card = projects.chosen(s, cmd.kind, n)
        if paid and paid != card["cost"] or cmd.vp not in (None, card["vp"]):
            raise RuleError("ivan.project_prints_other", kind=cmd.kind, n=n)
        paid, vp = card["cost"], card["vp"]
    play.event("project_done", project=f"{cmd.kind}{n}")
    return paid, vp


def _building_city(play: Play, cmd: Complete) -> str | None:
    """With the map tracked, the city the building goes to: one the rule allows, and only
    none when «таких городов нет или у вас не осталось зданий»."""
    s = play.state
    if not cities.tracked(s):
        return None
    allowed = cities.building_cities(s, cmd.player) if s.players[cmd.player].buildings > 0 else []
    if not allowed:
        if cmd.city is not None:
            raise RuleError("ivan.no_building_city")
        return None
    city = cities.known(play, cmd.city)
    if city not in allowed:
        raise RuleError("ivan.building_city", dst=city)
    return city


def _project_effect(play: Play, seat: str, kind: str, placed: bool = True) -> None:
    """«Выполнив строительный проект, поставьте 1 фишку здания ... Если ... у вас не осталось
    зданий, вы не ставите здание»; «Выполнив военный проект, поставьте 1 фишку воина ... в
    Дикое поле, заберите оттуда ... 1 жетон трофея (если он там есть) ... Если у вас не
    осталось воинов, вы просто получаете очки»; a trade project's two tokens are the
    player's to resolve (each entered as an effect). ``placed``: with the map tracked, a
    building goes only where a city could take it."""
    player = play.state.players[seat]
    if kind == "construction":
        if player.buildings > 0 and placed:
            play.event("pieces", player=seat, buildings=-1)
            play.note("ivan.building_placed", player=seat)
        else:
            play.note("ivan.no_building_left", player=seat)
    elif kind == "military":
        if player.warriors <= 0:
            play.note("ivan.no_warrior_left_vp", player=seat)
            return
        trophy = 1 if play.state.trophies > 0 else 0
        play.event("pieces", player=seat, warriors=-1, wild=1, trophies=trophy)
        play.note("ivan.wild_field" if trophy else "ivan.wild_field_no_trophy", player=seat)
    else:
        play.note("ivan.trade_project", player=seat)


def exchange(play: Play, cmd: Exchange) -> None:
    """«Обменяйте сколько угодно любых товаров и/или монет на любые товары и/или монеты по
    курсу 2:1» as often as the player likes while in the chamber."""
    turn = kremlin.own_turn(play, cmd.player, "actions")
    if turn["chamber"] != "exchange":
        raise RuleError("ivan.not_this_chamber", action="exchange")
    paid = sum(cmd.paid.values()) + cmd.paid_coins
    got = sum(cmd.got.values()) + cmd.got_coins
    rate = play.data["exchange"]["rate"]
    if got == 0 or paid != rate * got:
        raise RuleError("ivan.exchange_rate", paid=paid, got=got, rate=rate)
    _pay(play, cmd.player, cmd.paid, cmd.paid_coins)
    play.goods(cmd.player, cmd.got)
    play.coins(cmd.player, cmd.got_coins)
    play.note("ivan.exchanged", player=cmd.player, paid=paid, got=got)


def take_foreign(play: Play, cmd: TakeForeign) -> None:
    """«бесплатно получите 1 иноземный товар на свой выбор»; the enhancement one more."""
    turn = _acting(play, cmd.player, "exchange", "foreign")
    _use(play, turn, "foreign")
    play.goods(cmd.player, {cmd.good: 1})
    play.note("ivan.took_foreign", player=cmd.player, resource=cmd.good)


def grant(play: Play, cmd: Grant) -> None:
    """«Возьмите 1 поместье или 1 титул ... Усиление даёт вам ещё 1 поместье (но не титул)»."""
    turn = kremlin.own_turn(play, cmd.player, "actions")
    if turn["chamber"] != "grants":
        raise RuleError("ivan.not_this_chamber", action="grants")
    left = turn["left"]
    if left.get("cards", 0) > 0:
        allowance = "cards"
    elif cmd.card == "estate" and left.get("estates", 0) > 0:
        allowance = "estates"
    elif cmd.card == "title" and left.get("estates", 0) > 0:
        raise RuleError("ivan.enhancement_estate_only")
    else:
        raise RuleError("ivan.chamber_used_up", action="grants")
    _use(play, turn, allowance)
    play.event("cards", player=cmd.player, **{cmd.card + "s": 1})
    play.note("ivan.took_" + cmd.card, player=cmd.player)


def effect(play: Play, cmd: Effect) -> None:
    """An estate, trophy, trade token or board effect as its face says; only in the player's
    own turn of the action phase: «свободные действия нельзя совершать в чужой ход, в фазе
    планирования и в фазе конца раунда». An icon the game does not count is named in the log
    for the player to carry out on the board."""
    kremlin.own_turn(play, cmd.player, "actions")
    if effects.per_round(play.state, cmd.source):
        _turn_estate(play, cmd)
    cmd = _face(play, cmd)
    player = play.state.players[cmd.player]
    if cmd.warriors > player.warriors:
        raise RuleError("ivan.no_warrior_left")
    if cmd.taken and cmd.source != "trade_token":
        raise RuleError("ivan.only_tokens_taken")
    tracked = cities.tracked(play.state)
    if tracked and len(cmd.cities) != cmd.warriors:
        raise RuleError("ivan.warrior_cities", n=cmd.warriors)
    for city in cmd.cities if tracked else ():
        if cities.count(play.state, cmd.player, cities.known(play, city)) == 0:
            raise RuleError("ivan.city_not_yours", dst=city)
    _pay(play, cmd.player, {g: -n for g, n in cmd.goods.items() if n < 0}, max(0, -cmd.coins))
    play.goods(cmd.player, {g: n for g, n in cmd.goods.items() if n > 0})
    play.coins(cmd.player, max(0, cmd.coins))
    if cmd.warriors:
        play.event("pieces", player=cmd.player, warriors=-cmd.warriors)
    for city in cmd.cities if tracked else ():
        cities.put(play, cmd.player, city, "warrior")
    if cmd.taken:
        _token_to_board(play, cmd.player)
    play.note("ivan.effect", player=cmd.player, source=cmd.source)
    if cmd.action != "none":
        play.note("ivan.effect_icon", player=cmd.player, icon=cmd.action)
    play.vp(cmd.player, cmd.vp, cmd.source)
    for _ in range(cmd.favour):
        play.gain_favour(cmd.player)


def _face(play: Play, cmd: Effect) -> Effect:
    """The effect as a known trophy's or trade token's face prints it (other entries
    refused), as told the first time it is played (kept for the install), or as entered."""
    s = play.state
    if cmd.face is None:
        return cmd
    if s.referee:
        raise RuleError("ivan.face_referee")
    entered = {"coins": cmd.coins, "goods": {g: n for g, n in cmd.goods.items() if n}, "vp": cmd.vp,
               "favour": cmd.favour, "warriors": cmd.warriors, "action": cmd.action}
    if cmd.face == "new":
        n, values = effects.told(s, cmd.source, entered)
        play.event(EVENT, values=values)
        play.note("ivan.face_learned", player=cmd.player, source=cmd.source, n=n)
        printed = entered
    else:
        n = cmd.face
        found = effects.chosen(s, cmd.source, n)
        printed = {k: found[k] for k in entered}
        if any(entered[k] not in (0, {}, "none") for k in entered) and entered != printed:
            raise RuleError("ivan.face_prints_other", source=cmd.source, n=n)
    if effects.once(s, cmd.source):
        play.event("face_used", face=f"{cmd.source}{n}")
    if effects.per_round(s, cmd.source):
        play.event("turned", player=cmd.player, face=f"{cmd.source}{n}")
    return msgspec.structs.replace(cmd, **printed)


def _turn_estate(play: Play, cmd: Effect) -> None:
    """«Действие каждого поместья можно применить только один раз в раунд»: one estate the
    family holds and has not turned this round, known or not; one not identified is turned
    here, a known one by its face."""
    if effects.unturned(play.state, cmd.player) <= 0:
        raise RuleError("ivan.estate_none_unturned", n=play.state.players[cmd.player].estates)
    if cmd.face is None:
        play.event("turned", player=cmd.player, face=None)


def _token_to_board(play: Play, seat: str) -> None:
    """«положите его в любую круглую ячейку на своём планшете (можно и поверх напечатанного
    эффекта) ... Если все круглые ячейки на планшете заняты, сбросьте любой жетон, прежде чем
    класть новый»: a full board keeps its count, one token discarded for the new one."""
    if play.state.players[seat].tokens >= play.data["trade_cells"]:
        play.note("ivan.token_discarded_full", player=seat)
        return
    play.event("tokens", player=seat, n=1)


def free(play: Play, cmd: Free) -> None:
    """«потратьте 2 местных товара, чтобы получить 1 монету»; «потратьте 1 иноземный товар,
    чтобы получить 1 монету»: several at once are several free actions."""
    kremlin.own_turn(play, cmd.player, "actions")
    d = play.data
    local = sum(n for g, n in cmd.paid.items() if g in d["local"])
    foreign = sum(n for g, n in cmd.paid.items() if g in d["foreign"])
    per_local, per_foreign = d["free"]["local_per_coin"], d["free"]["foreign_per_coin"]
    if local + foreign == 0 or local % per_local or foreign % per_foreign:
        raise RuleError("ivan.free_rate", local=per_local, foreign=per_foreign)
    _pay(play, cmd.player, cmd.paid)
    coins = local // per_local + foreign // per_foreign
    play.coins(cmd.player, coins)
    play.note("ivan.free_coins", player=cmd.player, n=coins)


def tokens_for_project(play: Play, cmd: TokensForProject) -> None:
    """«сбросьте 2 торговых жетона с планшета, чтобы взять на руку 1 проект (по обычным
    правилам)»: two of the tokens taken onto the board (not its printed effects) go."""
    kremlin.own_turn(play, cmd.player, "actions")
    held = play.state.players[cmd.player].tokens
    if held < 2:
        raise RuleError("ivan.two_tokens_needed", held=held)
    play.event("tokens", player=cmd.player, n=-2)
    _to_hand(play, cmd.player, cmd.kind, cmd.source)


def done(play: Play, cmd: Done) -> None:
    """«переставьте своего боярина с карты поручения в любой город соответствующего цвета ...
    Если на карте поручения нет города, боярин остаётся на ней до конца раунда»: so does one
    whose colour no city of the install's map has."""
    turn = kremlin.own_turn(play, cmd.player, "actions")
    s = play.state
    if turn["chamber"] is None:
        raise RuleError("ivan.leave_first")
    card = s.assignments[turn["chamber"]]
    if card != kremlin.KREMLIN and cities.tracked(s) and cities.boyar_cities(s, card):
        city = cities.known(play, cmd.city)
        if city not in cities.boyar_cities(s, card):
            raise RuleError("ivan.city_not_of_card", dst=city, card=card)
        cities.put(play, cmd.player, city, "boyar")
        play.note("ivan.boyar_to", player=cmd.player, dst=city)
    else:
        play.note("ivan.boyar_stays" if card == kremlin.KREMLIN else "ivan.boyar_to_city",
                  player=cmd.player, card=card)
    following = kremlin.next_seat(s, cmd.player, lambda seat: bool(s.boyars_in_chambers(seat)))
    if following is None:
        play.event("turn", turn=None)
        play.event("phase", phase="regions")
        play.note("ivan.decade_end", decade=s.decade)
    else:
        play.event("turn", turn=kremlin.new_turn(following))
