"""«Фаза конца раунда», the regional rewards: East (I), South (II), West (III), North (IV).

The table enters each player's influence per region (warriors 1, buildings and boyars 2; a
boyar on the Kremlin card is in no region, V12), or confirms the count kept from the map,
and the region's token: tapped among those the install knows (``regional``), told once,
or its two rewards entered; the game ranks the players, ties by favour, and says who
chooses.
"""
from __future__ import annotations

from typing import Any

from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.ivan import cities, favour, regional, scoring
from companion.games.ivan.commands import Choose, RegionCommand, Reward
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState


def next_region(state: IvanState) -> str | None:
    done = (state.region or {}).get("done", [])
    return next((r for r in state.data["regions"] if r not in done), None)


def ranking(state: IvanState, influence: dict[str, int]) -> list[dict[str, Any]]:
    """The players with pieces in the region, most influence first, ties by favour: «Если у
    игрока нет фишек в регионе, он не получает за него наград»."""
    present = [{"player": seat, "influence": influence.get(seat, 0)} for seat in state.seating
               if influence.get(seat, 0) > 0]
    return favour.ranked(present, lambda r: r["influence"], lambda r: r["player"], state.favour)


def who_chooses(state: IvanState, ranked: list[dict[str, Any]], influence: dict[str, int],
                threshold: int | None) -> tuple[str | None, str | None, str | None]:
    """(chooser, leader, second): «Игрок с наибольшим влиянием выбирает одну из двух наград
    ... Следующий по влиянию игрок получает другую награду». With two players only the leader
    is rewarded, and «Если эта разница ниже числа очков, указанного на региональном жетоне,
    игрок с меньшим влиянием выбирает» (V7: equal, the leader chooses)."""
    if not ranked:
        return None, None, None
    leader = ranked[0]["player"]
    if len(state.seating) != 2:
        return leader, leader, ranked[1]["player"] if len(ranked) > 1 else None
    other = next(seat for seat in state.seating if seat != leader)
    difference = ranked[0]["influence"] - influence.get(other, 0)
    return (other if difference < threshold else leader), leader, None


def region(play: Play, cmd: RegionCommand) -> None:
    s = play.state
    if s.phase != "regions" or s.pending is not None or (s.region or {}).get("current"):
        raise RuleError("ivan.not_now")
    expected = next_region(s)
    if cmd.region != expected:
        raise RuleError("ivan.region_order", region=expected)
    for seat in cmd.influence:
        play.player(seat)
    rewards, threshold = _token(play, cmd)
    if len(s.seating) == 2 and threshold is None:
        raise RuleError("ivan.threshold_needed")
    influence = dict(cmd.influence)
    if cities.tracked(s):
        _corrections(play, cmd.region, influence)
    ranked = ranking(s, influence)
    chooser, leader, second = who_chooses(s, ranked, influence, threshold)
    done = list((s.region or {}).get("done", []))
    if ranked:
        play.note("ivan.region_ranked", region=cmd.region, players=[r["player"] for r in ranked])
    if chooser is None:
        play.event("region", region={"done": done + [cmd.region], "current": None})
        play.note("ivan.region_nobody", region=cmd.region)
        after_region(play)
        return
    play.event("region", region={"done": done, "current": {
        "region": cmd.region, "ranking": ranked, "rewards": rewards, "chooser": chooser,
        "leader": leader, "second": second}})


def _token(play: Play, cmd: RegionCommand) -> tuple[list[dict[str, Any]], int | None]:
    """The region's rewards and number: a known token's as printed (the table entering
    others is refused), a new token's as told (and kept for the install), else as entered.
    In referee mode no token is asked: the table enters what it shows."""
    s = play.state
    entered = [_reward(r) for r in cmd.rewards]
    if cmd.token is None:
        if len(entered) != 2:
            raise RuleError("ivan.rewards_needed")
        return entered, cmd.threshold
    if s.referee:
        raise RuleError("ivan.token_referee")
    if cmd.token == "new":
        if len(entered) != 2:
            raise RuleError("ivan.rewards_needed")
        n, values = regional.told(s, cmd.background, cmd.threshold, entered)
        play.event(EVENT, values=values)
        play.note("ivan.token_learned", n=n, region=cmd.region)
    else:
        n = cmd.token
        printed = regional.chosen(s, n)
        if entered and entered != printed["rewards"] or cmd.threshold not in (None, printed["threshold"]):
            raise RuleError("ivan.token_prints_other", n=n)
        entered = printed["rewards"]
    play.event("regional_token", n=n)
    return entered, s.printed[f"ivan.regional{n}.threshold"]


def _corrections(play: Play, region: str, entered: dict[str, int]) -> None:
    """With the map tracked the table still confirms each region's count at the decade's
    end; what it corrects is what the rewards go by, and each correction is logged."""
    counted = cities.influence(play.state, region)
    for seat, n in counted.items():
        if entered.get(seat, 0) != n:
            play.note("ivan.influence_corrected", player=seat, region=region, counted=n,
                      n=entered.get(seat, 0))


def _reward(reward: Reward) -> dict[str, Any]:
    return {"vp": reward.vp, "coins": reward.coins, "goods": {g: n for g, n in reward.goods.items() if n},
            "favour": reward.favour, "action": reward.action}


def give(play: Play, seat: str, reward: dict[str, Any]) -> None:
    """What the game counts, and a reminder of the icon carried out on the board."""
    play.coins(seat, reward["coins"])
    play.goods(seat, reward["goods"])
    play.vp(seat, reward["vp"], "regions")
    if reward["favour"]:
        play.gain_favour(seat)
    if reward.get("action", regional.NOTHING) != regional.NOTHING:
        play.note("ivan.reward_icon", player=seat, icon=reward["action"])


def choose(play: Play, cmd: Choose) -> None:
    s = play.state
    current = (s.region or {}).get("current")
    if s.phase != "regions" or current is None or s.pending is not None:
        raise RuleError("ivan.not_now")
    if cmd.region != current["region"]:
        raise RuleError("ivan.region_order", region=current["region"])
    if cmd.player != current["chooser"]:
        raise RuleError("ivan.not_your_choice", player=cmd.player, waiting=current["chooser"])
    chosen, other = current["rewards"][cmd.reward], current["rewards"][1 - cmd.reward]
    play.note("ivan.reward", player=current["leader"], region=cmd.region, n=cmd.reward + 1)
    give(play, current["leader"], chosen)
    if current["second"] is not None:
        play.note("ivan.reward", player=current["second"], region=cmd.region, n=2 - cmd.reward)
        give(play, current["second"], other)
    play.event("region", region={"done": s.region["done"] + [cmd.region], "current": None})
    after_region(play)


def after_region(play: Play) -> None:
    """After the North: the scoring of decades two and four, else the next decade."""
    if next_region(play.state) is not None:
        return
    play.event("region", region=None)
    if play.state.decade in play.data["scored_after"]:
        scoring.begin(play)
    else:
        scoring.next_decade(play)
