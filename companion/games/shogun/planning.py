"""Spring, summer and autumn up to the actions: cards laid out, secret plans, the reveal.

Rulebook, 'Планирование действий и аукцион за очерёдность хода': each player secretly puts
a province card (or an intrigue card, which does nothing) on each of the 10 action slots,
and one card on the bid slot: an intrigue card of 0-4 chests or a province card. Then the
event is drawn at random from the year's remaining cards, the bids are revealed together
and paid, and in bid order each player takes a special card, whose slot is their turn.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.errors import RuleError
from companion.games.shogun import generals, tenno
from companion.games.shogun.commands import ChooseSpecial, SubmitPlan
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState


def start_round(play: Play) -> None:
    s = play.state
    actions = [a["id"] for a in s.catalog.cards["actions"]]
    specials = [c["id"] for c in s.catalog.cards["specials"]]
    play.rng.shuffle(actions)
    play.rng.shuffle(specials)
    season = s.season
    play.event("round", season=season, actions=actions, specials=specials)
    play.note("round.started", year=s.year, season=s.catalog.cards["seasons"][season],
              actions=actions[:5], specials=specials, events=list(s.year_events))
    tenno.lay_out(play)
    play.pending("plans", waiting=list(s.seating))


def plan_problem(play: Play, player: str, actions: Mapping[str, Any],
                 bid: Mapping[str, Any] | None) -> RuleError | None:
    """Why this plan is not allowed, or None."""
    s = play.state
    owned = set(s.owned(player))
    known = set(play.catalog.actions)
    used: set[str] = set()
    for action, province in actions.items():
        if action not in known:
            return RuleError("plan.unknown_action", action=str(action))
        if not isinstance(province, str) or province not in owned:
            return RuleError("plan.not_your_province", province=str(province))
        if province in used:
            return RuleError("plan.province_twice", province=province)
        used.add(province)
        problem = building_problem(s, action, province)
        if problem is not None:
            return problem
    if bid is None:
        # Rulebook: every slot gets a card if possible; only a player short of cards
        # (fewer than 6 provinces: 5 intrigue cards + provinces < 11 slots) may leave it empty.
        if len(owned) >= 6:
            return RuleError("plan.bid_required")
        return None
    if set(bid) == {"chests"}:
        chests = bid["chests"]
        if chests not in play.catalog.cards["chest_cards"]:
            return RuleError("plan.bad_bid")
        if chests > s.players[player].chests:
            return RuleError("plan.bid_above_chests", bid=chests, chests=s.players[player].chests)
        return None
    if set(bid) == {"province"}:
        province = bid["province"]
        if province not in owned:
            return RuleError("plan.not_your_province", province=str(province))
        if province in used:
            return RuleError("plan.province_twice", province=province)
        return None
    return RuleError("plan.bad_bid")


def building_problem(state: ShogunState, action: str, province: str) -> RuleError | None:
    """A building that can never be built this round is refused at once: a full province
    or a second building of a type stays so for the round (only losing it changes that)."""
    spec = state.catalog.actions[action]
    if spec["kind"] != "build":
        return None
    prov = state.provinces[province]
    if len(prov.buildings) >= state.board.provinces[province].building_slots:
        return RuleError("plan.no_free_slot", province=province)
    if spec["building"] in prov.buildings:
        return RuleError("plan.already_built", province=province, building=spec["building"])
    return None


def unbuildable(state: ShogunState, player: str) -> dict[str, dict[str, dict[str, Any]]]:
    """For each of ``player``'s provinces, the building actions the plan would be refused
    for there, with the reason: the phone says so when the card is laid, not at "ready"."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for province in state.owned(player):
        for action in state.catalog.actions:
            problem = building_problem(state, action, province)
            if problem is not None:
                found.setdefault(province, {})[action] = {"key": problem.key, "params": problem.params}
    return found


def submit(play: Play, cmd: SubmitPlan) -> None:
    pending = play.expect("plans")
    if cmd.player not in play.state.players:
        raise RuleError("player.unknown", player=cmd.player)
    if cmd.player not in pending["waiting"]:
        raise RuleError("plan.already_submitted", player=cmd.player)
    bid = dict(cmd.bid) if cmd.bid is not None else None
    problem = plan_problem(play, cmd.player, cmd.actions, bid) or \
        tenno.court_problem(play, cmd.player, cmd.actions, bid, cmd.court)
    if problem is not None:
        raise problem
    court = {"court": dict(cmd.court or {})} if tenno.playing(play.state) else {}
    play.event("plan", player=cmd.player, actions=dict(cmd.actions), bid=bid, **court)
    waiting = [p for p in pending["waiting"] if p != cmd.player]
    play.note("plan.ready", player=cmd.player, waiting=len(waiting))
    if waiting:
        play.pending("plans", waiting=waiting)
    else:
        play.pending(None)
        _reveal(play)


def _bid_group(bid: Mapping[str, Any] | None) -> tuple[int, int]:
    """Pick-order rank: chest bids high to low, then province bids, then 0 chests, then none."""
    if bid is None:
        return (3, 0)
    if "province" in bid:
        return (1, 0)
    if bid["chests"] == 0:
        return (2, 0)
    return (0, -bid["chests"])


def _reveal(play: Play) -> None:
    s = play.state
    event = play.rng.choice(s.year_events)
    play.event("event_drawn", event=event)
    play.note("event.drawn", event=event)
    bids = {p: s.plans[p]["bid"] for p in s.seating}
    play.event("bids", bids=bids)
    for player, bid in bids.items():
        if bid and bid.get("chests"):
            play.pay(player, bid["chests"])
    groups: dict[tuple[int, int], list[str]] = {}
    for player in s.seating:
        groups.setdefault(_bid_group(bids[player]), []).append(player)
    order: list[str] = []
    for key in sorted(groups):
        tied = groups[key]
        if len(tied) > 1:
            # Rulebook: equal bids shuffle their daimyo cards; the draw is recorded.
            play.rng.shuffle(tied)
            play.note("bids.tie", players=list(tied))
        order.extend(tied)
    play.event("pick_order", order=order)
    play.note("bids.revealed", bids=bids, order=order)
    play.phase("specials")
    ask_special(play)


def ask_special(play: Play) -> None:
    s = play.state
    choosers = [p for p in s.pick_order if p not in s.specials]
    if not choosers:
        order = sorted(s.seating, key=lambda p: s.slot_of[p])
        play.event("turn_order", order=order)
        play.note("turn.order", order=order, specials={p: s.specials[p] for p in order})
        play.phase(generals.after_turn_order(s))
        play.event("cursor", at=[0, 0])
        return
    free = [i + 1 for i, card in enumerate(s.special_slots) if card is not None]
    if len(free) == 1:
        _take(play, choosers[0], free[0])
        ask_special(play)
        return
    play.pending("special", player=choosers[0], free=free)


def _take(play: Play, player: str, slot: int) -> None:
    card = play.state.special_slots[slot - 1]
    play.event("special", player=player, slot=slot)
    play.note("special.taken", player=player, slot=slot, card=card)


def choose(play: Play, cmd: ChooseSpecial) -> None:
    pending = play.expect("special", cmd.player)
    if cmd.slot not in pending["free"]:
        raise RuleError("special.slot_taken", slot=cmd.slot)
    _take(play, cmd.player, cmd.slot)
    play.pending(None)
    ask_special(play)
