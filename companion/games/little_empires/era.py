"""«Конец эпохи»: the harvest of everything, influence, region bonuses and shrines, then
the tokens back behind the screens, a destiny card each and the new turn order; after the
third era («Конец игры») steps 1-4, then influence weighed by the destiny cards played and
the resources left."""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.little_empires import geo, scoring, values
from companion.games.little_empires.commands import Bonus, Significance
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState


def harvest_and_influence(play: Play) -> bool:
    """«1. Сбор всего урожая»: a resource per controlled resource province. «2. Влияние»:
    +1 per controlled province and per own castle («вне зависимости от того, кто
    контролирует провинцию с этим замком»)."""
    s = play.state
    for seat in s.order:
        got = {"food": 0, "bushido": 0}
        for province in geo.controlled(s, seat):
            if province in s.resource_at:
                got[s.resource_at[province]] += 1
        play.goods(seat, **got)
        play.note("le.harvest_all", player=seat, food=got["food"], bushido=got["bushido"])
    for seat in s.order:
        for region in s.data["regions"]:
            n = len(geo.controlled(s, seat, region)) + (1 if geo.castle_of(s, seat, region) else 0)
            if n:
                play.event("influence", player=seat, region=region, n=n)
                play.note("le.influence", player=seat, region=region, n=n)
    play.event("phase", phase="bonus")
    return True


def counts(state: LEState, region: str) -> dict[str, int]:
    return {seat: len(geo.controlled(state, seat, region)) for seat in state.order}


def _vp(play: Play, seat: str, n: int, why: str, **params: Any) -> None:
    if n:
        play.event("vp", player=seat, n=n)
    play.note(f"le.vp_{why}", player=seat, n=n, **params)


def bonus_step(play: Play) -> bool:
    """«3. Бонусные очки за регионы», worked out from the printed values, or entered by the
    table in referee mode."""
    s = play.state
    if s.referee:
        play.pending("bonus", counts={region: counts(s, region) for region in s.data["regions"]})
        return False
    unknown = values.missing(s, values.bonus_keys(s))
    if unknown:
        values.ask(play, unknown)
        return False
    for region in s.data["regions"]:
        first = s.printed[f"{values.P}.bonus.{region}.first"]
        second = s.printed[f"{values.P}.bonus.{region}.second"]
        for seat, n in scoring.region_bonus(counts(s, region), first, second).items():
            _vp(play, seat, n, "bonus", region=region)
    play.event("phase", phase="shrines")
    return True


def bonus(play: Play, cmd: Bonus) -> None:
    """Referee mode: the points the table read off the board for each player."""
    s = play.state
    if s.pending is None or s.pending["kind"] != "bonus":
        raise RuleError("le.not_now")
    if set(cmd.points) != set(s.seating):
        raise RuleError("le.every_player", n=len(s.seating))
    play.pending(None)
    for seat in s.order:
        _vp(play, seat, cmd.points[seat], "bonus_entered")
    play.event("phase", phase="shrines")


def shrine_points(state: LEState, seat: str) -> int:
    """«4. Очки за святилища»: 1 a controlled shrine province; with «Небесные святилища»
    1/3/5 for 1/2/3 of one colour instead."""
    held = [p for p in state.shrine_at if geo.controller(state, p) == seat]
    if "heavenly_shrines" in state.variants:
        return scoring.heavenly([state.shrine_at[p] for p in held], state.data["heavenly"]["points"])
    return len(held) * state.data["shrine_points"]


def shrines_step(play: Play) -> bool:
    s = play.state
    for seat in s.order:
        n = shrine_points(s, seat)
        if n:
            _vp(play, seat, n, "shrines")
    if s.era == s.data["eras"]:
        play.event("phase", phase="final")
        return True
    play.event("returned")
    for seat in s.order:
        if s.deck:
            play.event("drawn", player=seat, card=s.deck[0])
            play.note("le.drew", player=seat)
    order = scoring.next_order(s.order, {seat: p.vp for seat, p in s.players.items()})
    play.event("order", order=order)
    play.event("round", era=s.era + 1, round=1)
    play.event("phase", phase="destiny")
    play.note("le.era", era=s.era, player=order[0])
    return True


def cards_by_region(state: LEState) -> dict[str, int]:
    found = {region: 0 for region in state.data["regions"]}
    for card in state.played:
        found[card["region"]] += 1
    return found


def significance_of(state: LEState, seat: str, region: str) -> int:
    influence = state.players[seat].influence[region]
    if influence == 0:
        return 0
    return state.printed[f"{values.P}.significance.{region}.{values.row(state, influence)}"]


def final_step(play: Play) -> bool:
    """«Подсчёт победных очков за влияние» from the printed significance (or, in referee
    mode, from what the table reads next to each marker)."""
    s = play.state
    if s.referee:
        play.pending("significance", influence={seat: dict(p.influence) for seat, p in s.players.items()})
        return False
    unknown = values.missing(s, values.significance_keys(s))
    if unknown:
        values.ask(play, unknown)
        return False
    finish(play, {seat: {region: significance_of(s, seat, region) for region in s.data["regions"]}
                  for seat in s.seating})
    return True


def significance(play: Play, cmd: Significance) -> None:
    """Referee mode: each player's significance in every region where his marker has left
    the start space (the start space prints no significance: ruling LE-10)."""
    s = play.state
    if s.pending is None or s.pending["kind"] != "significance":
        raise RuleError("le.not_now")
    if set(cmd.values) != set(s.seating) or any(
            set(cmd.values[seat]) != {r for r, n in s.players[seat].influence.items() if n}
            for seat in s.seating):
        raise RuleError("le.every_player_region")
    play.pending(None)
    finish(play, {seat: {r: cmd.values[seat].get(r, 0) for r in s.data["regions"]} for seat in s.seating})


def finish(play: Play, significance: dict[str, dict[str, int]]) -> None:
    """The final table, line by line: the points before, each region's influence ×
    destiny cards, the resources left, the total; then the winners."""
    s = play.state
    cards = cards_by_region(s)
    per = s.data["resources_per_point"]
    lines = []
    for seat in s.order:
        p = s.players[seat]
        regions = [{"region": region, "influence": p.influence[region],
                    "significance": significance[seat][region], "cards": cards[region],
                    "points": scoring.influence_points(significance[seat][region], cards[region])}
                   for region in s.data["regions"]]
        from_resources = scoring.resource_points(p.resources, per)
        lines.append({"seat": seat, "before": p.vp, "regions": regions, "food": p.food,
                      "bushido": p.bushido, "resources": p.resources,
                      "resource_points": from_resources, "armies": s.on_board(seat),
                      "total": p.vp + sum(r["points"] for r in regions) + from_resources})
    for line in lines:
        _vp(play, line["seat"], line["total"] - line["before"], "final")
    order, winners = scoring.ranking({line["seat"]: (line["total"], line["armies"], line["resources"])
                                      for line in lines})
    play.event("phase", phase="over")
    play.event("over", result={"players": lines, "ranking": order, "winners": winners, "cards": cards})
    play.note("game.over", winners=winners)
