"""The actions of the order tokens and the quick actions («Описание действий», «Быстрые
действия»), each checked against what the text states and written as events.

Every action is done in its cell's region («Каждое действие жетона приказа игрок должен
выполнить в регионе с этим жетоном») and may be done partly or not at all. A command that
breaks a rule half way is refused whole: the session folds back every event it wrote.
"""
from __future__ import annotations

from typing import Sequence

from companion.errors import RuleError
from companion.games.little_empires import agenda, geo, mountains, roads, values
from companion.games.little_empires.commands import Ship, Step
from companion.games.little_empires.play import Play


def _in_region(province: str, region: str, provinces: list[str]) -> None:
    if province not in provinces:
        raise RuleError("le.unknown_province", province=province)
    if geo.region_of(province) != region:
        raise RuleError("le.not_in_region", province=province, region=region)


def pay(play: Play, seat: str, what: str, given: str | None, n: int = 1,
        region: str | None = None) -> str | None:
    """Pay ``n`` of the resource this cost takes, from behind the screen; nothing where the
    region's law waives it (variant «Жетоны с заданиями регионов»)."""
    if agenda.waived(play.state, what, region):
        play.note("le.law_free", player=seat, region=region)
        return None
    resource = values.cost_resource(play.state, what, given)
    p = play.state.players[seat]
    held = getattr(p, resource)
    if held < n:
        raise RuleError("le.cannot_pay", resource=resource, n=n, held=held)
    play.goods(seat, **{resource: -n})
    return resource


def recruit(play: Play, seat: str, region: str, province: str) -> None:
    """«Добавьте 1 армию из личного запаса в столичную провинцию этого региона либо в
    провинцию с вашим замком в этом регионе»."""
    s = play.state
    _in_region(province, region, geo.provinces(s.data))
    if province != geo.capital(region) and s.castles.get(province) != seat:
        raise RuleError("le.recruit_where", province=province, region=region)
    if geo.supply(s, seat) < 1:
        raise RuleError("le.no_armies_left", player=seat)
    play.event("army", province=province, player=seat, n=1)
    play.note("le.recruited", player=seat, province=province)


def move(play: Play, seat: str, region: str, steps: Sequence[Step], allowance: int) -> None:
    """«Получите N перемещений и распределите их между вашими армиями, находящимися в этом
    регионе»: each army's step from one province to the next is one move; the roads and
    the dotted sea lines are the board's, checked once the table has told them."""
    s = play.state
    provinces = geo.provinces(s.data)
    used = sum(step.armies * step.steps for step in steps)
    if used > allowance:
        raise RuleError("le.too_many_moves", n=used, most=allowance)
    if sum(1 for step in steps if step.mountain is not None) > 1:
        raise RuleError("le.one_expedition")
    for step in steps:
        _in_region(step.src, region, provinces)
        if step.mountain is not None:
            if geo.armies(s, step.src, seat) < 1:
                raise RuleError("le.not_enough_armies", province=step.src, n=1, held=0)
            mountains.expedition(play, seat, step)
            continue
        if step.dst not in provinces:
            raise RuleError("le.unknown_province", province=step.dst)
        if step.src == step.dst:
            raise RuleError("le.same_province", province=step.src)
        roads.check_move(s, step.src, step.dst, step.steps)
        held = geo.armies(s, step.src, seat)
        if held < step.armies:
            raise RuleError("le.not_enough_armies", province=step.src, n=step.armies, held=held)
        play.event("army", province=step.src, player=seat, n=-step.armies)
        play.event("army", province=step.dst, player=seat, n=step.armies)
        play.note("le.moved", player=seat, src=step.src, dst=step.dst, armies=step.armies)


def ship(play: Play, seat: str, region: str, trip: Ship) -> None:
    """«переместите до 2 ваших армий вместе из одной прибрежной провинции в другую
    прибрежную провинцию любого региона» (the coast is the board's)."""
    s = play.state
    provinces = geo.provinces(s.data)
    _in_region(trip.src, region, provinces)
    if trip.dst not in provinces:
        raise RuleError("le.unknown_province", province=trip.dst)
    if trip.src == trip.dst:
        raise RuleError("le.same_province", province=trip.src)
    roads.check_ship(s, trip.src, trip.dst)
    held = geo.armies(s, trip.src, seat)
    if held < trip.armies:
        raise RuleError("le.not_enough_armies", province=trip.src, n=trip.armies, held=held)
    play.event("army", province=trip.src, player=seat, n=-trip.armies)
    play.event("army", province=trip.dst, player=seat, n=trip.armies)
    play.note("le.shipped", player=seat, src=trip.src, dst=trip.dst, armies=trip.armies)


def kill(play: Play, seat: str, region: str, province: str, victim: str) -> None:
    """«Уничтожьте 1 армию противника в провинции этого региона с хотя бы 1 вашей армией»;
    castles cannot be attacked («На замки нельзя нападать»)."""
    s = play.state
    _in_region(province, region, geo.provinces(s.data))
    if geo.armies(s, province, seat) < 1:
        raise RuleError("le.attack_needs_army", province=province)
    if victim == seat or victim not in s.players:
        raise RuleError("le.attack_whom", player=victim)
    if geo.armies(s, province, victim) < 1:
        raise RuleError("le.no_army_to_attack", player=victim, province=province)
    play.event("army", province=province, player=victim, n=-1)
    play.note("le.destroyed", player=seat, defender=victim, province=province)


def harvest(play: Play, seat: str, region: str, province: str | None = None) -> None:
    """«Получите 🌿 и/или 🗡️ … за каждую ресурсную провинцию этого региона с хотя бы 1
    вашей армией»; the quick action («Сбор 1 урожая»): for one such ``province``."""
    s = play.state
    where = [p for p, kind in s.resource_at.items()
             if geo.region_of(p) == region and geo.armies(s, p, seat) >= 1]
    if province is not None:
        if province not in where:
            raise RuleError("le.harvest_where", province=province, region=region)
        where = [province]
    got = {"food": 0, "bushido": 0}
    for p in where:
        got[s.resource_at[p]] += 1
    play.goods(seat, **got)
    play.note("le.harvested", player=seat, region=region, food=got["food"], bushido=got["bushido"])


def castle(play: Play, seat: str, region: str, province: str) -> None:
    """«Если у вас нет замка в этом регионе, верните в личный запас 2 ваши армии из 1
    провинции этого региона, чтобы поместить в неё замок. Если у вас уже есть замок в этом
    регионе, то вместо этого добавьте … 1 армию в провинцию с вашим замком». «Нельзя
    построить замок в столичной провинции»; one castle a province; three a player."""
    s = play.state
    _in_region(province, region, geo.provinces(s.data))
    own = geo.castle_of(s, seat, region)
    if own is not None:
        if province != own:
            raise RuleError("le.castle_already", province=own, region=region)
        if geo.supply(s, seat) < 1:
            raise RuleError("le.no_armies_left", player=seat)
        play.event("army", province=own, player=seat, n=1)
        play.note("le.castle_recruited", player=seat, province=own)
        return
    if geo.is_capital(province):
        raise RuleError("le.castle_in_capital", province=province)
    if province in s.castles:
        raise RuleError("le.castle_taken", province=province)
    if sum(1 for owner in s.castles.values() if owner == seat) >= s.data["start"]["castles"]:
        raise RuleError("le.no_castles_left", player=seat)
    returned = s.data["orders"]["castle"]["returned"]
    held = geo.armies(s, province, seat)
    if held < returned:
        raise RuleError("le.castle_needs_armies", province=province, n=returned, held=held)
    play.event("army", province=province, player=seat, n=-returned)
    play.event("castle", province=province, player=seat)
    play.note("le.castle_built", player=seat, province=province)
