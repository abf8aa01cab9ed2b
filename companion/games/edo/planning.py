"""Фаза 1: «Тайное планирование действий»: each player, in secret, three cards of his hand
left to right, one action turned down on each, and officials before them.

A plan may be changed until the last one is in; then every plan is fixed and the reveal
begins. Nobody but its owner learns a plan's actions before each card is turned up.
"""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.edo import values
from companion.games.edo.commands import Plan
from companion.games.edo.play import Play
from companion.games.edo.state import EdoState, Player


def officials_limit(state: EdoState, card: str, action: str) -> int:
    """How many officials may stand before this action: its executions times the officials
    each takes (the complex building: «двух чиновников на каждого самурая»)."""
    each = state.data["actions"][action].get("officials_each", 1)
    return values.card_actions(state, card)[action] * each


def check(state: EdoState, player: Player, cmd: Plan) -> list[dict[str, Any]]:
    """The plan as the rules allow it, or the RuleError saying which rule it breaks."""
    if len(cmd.slots) != state.data["slots"]:
        raise RuleError("edo.plan_three", n=len(cmd.slots))
    cards = [slot.card for slot in cmd.slots]
    for slot in cmd.slots:
        if slot.card not in player.cards:
            raise RuleError("edo.card_not_held", card=slot.card)
        if cards.count(slot.card) > 1:
            raise RuleError("edo.card_twice", card=slot.card)
        if slot.action not in values.card_actions(state, slot.card):
            raise RuleError("edo.action_not_on_card", action=slot.action, card=slot.card)
        most = officials_limit(state, slot.card, slot.action)
        if slot.officials > most:
            raise RuleError("edo.too_many_for_action", action=slot.action, n=slot.officials, most=most)
        if state.data["actions"][slot.action].get("officials_each", 1) == 2 and slot.officials % 2:
            raise RuleError("edo.complex_pairs", n=slot.officials)
        if slot.shogun > slot.officials:
            raise RuleError("edo.shogun_more_than_officials", n=slot.shogun)
    shogun = sum(slot.shogun for slot in cmd.slots)
    own = sum(slot.officials for slot in cmd.slots) - shogun
    if shogun > player.shogun:
        raise RuleError("edo.not_enough_shogun", n=shogun, held=player.shogun)
    if own > len(player.officials):
        raise RuleError("edo.not_enough_officials", n=own, held=len(player.officials))
    return [{"card": s.card, "action": s.action, "officials": s.officials, "shogun": s.shogun}
            for s in cmd.slots]


def submit(play: Play, cmd: Plan) -> None:
    """Hand in (or change) a plan while the others still plan."""
    s = play.state
    if s.phase != "planning":
        raise RuleError("edo.not_now")
    player = play.player(cmd.player)
    slots = check(s, player, cmd)
    changed = cmd.player in s.plans
    play.event("plan", player=cmd.player, slots=slots)
    play.note("edo.plan_changed" if changed else "edo.plan_in", player=cmd.player)


def waiting(state: EdoState) -> list[str]:
    """The players whose plan is not in yet, in turn order."""
    return [seat for seat in state.turn_order if seat not in state.plans] \
        if state.phase == "planning" else []


def step(play: Play) -> bool:
    """When every plan is in: «Первый игрок открывает свою первую карту»."""
    if waiting(play.state):
        return False
    play.event("phase", phase="execution")
    play.note("edo.plans_fixed")
    play.event("turn", turn=new_turn(play.state, 0, 0))
    return True


def new_turn(state: EdoState, slot: int, index: int) -> dict[str, Any]:
    return {"slot": slot, "player": state.turn_order[index], "index": index,
            "revealed": False, "started": False, "left": 0, "own": 0, "shogun": 0, "used": []}
