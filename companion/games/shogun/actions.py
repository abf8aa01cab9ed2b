"""Carrying out the ten actions, each in turn order, in the order of the action cards.

Rulebook, 'Выполнение действий': each action is carried out by every player before the
next one; a player who cannot carry out an action, or part of it, does not carry it out
this round (ruling: it is skipped entirely and costs nothing). When every player has done
an action, the leftmost face-down action card is turned. Modifiers apply in the rulebook's
order: the event card first, then the special card.
"""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.shogun import battle, bonuses, generals, tenno_favours
from companion.games.shogun.colours import PEASANT
from companion.games.shogun.commands import AnswerBonus, Move, Pass
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, ShogunState


def run(play: Play) -> None:
    """Carry out actions from the cursor on, until one needs a decision or the round ends."""
    s = play.state
    a, t = s.cursor
    while a < len(s.action_cards):
        action = s.action_cards[a]
        while t < len(s.turn_order):
            player = s.turn_order[t]
            province = s.plans[player]["actions"].get(action)
            if province is not None and action not in s.acted.get(player, {}):
                if (a, t) != tuple(s.cursor):
                    play.event("cursor", at=[a, t])
                if not _perform(play, player, action, province):
                    return
            t += 1
        a, t = a + 1, 0
        if 4 + a < len(s.action_cards):
            play.event("revealed", n=5 + a)
            play.note("action.revealed", position=5 + a, action=s.action_cards[4 + a])
    play.event("cursor", at=[a, 0])
    play.phase("round_end")


def _done(play: Play, player: str, action: str, province: str, result: str = "done") -> None:
    play.event("acted", player=player, action=action, province=province, result=result)


def _skip(play: Play, player: str, action: str, province: str, reason: str, **params: Any) -> bool:
    play.note("action.skipped", player=player, action=action, province=province, reason=reason,
              **params)
    _done(play, player, action, province, "skipped")
    return True


def _event_effect(state: ShogunState, effect: str) -> dict[str, Any] | None:
    """This round's event card, if its effect is ``effect``."""
    if state.event is None:
        return None
    card = state.catalog.events[state.event]
    return card if card["effect"] == effect else None


def _special_effect(state: ShogunState, player: str, effect: str) -> dict[str, Any] | None:
    """The player's special card this round, if its effect is ``effect``."""
    card = state.specials.get(player)
    if card is None:
        return None
    special = state.catalog.specials[card]
    return special if special["effect"] == effect else None


def _perform(play: Play, player: str, action: str, province: str) -> bool:
    """True when the action is finished; False when it waits for a decision or the tray."""
    s = play.state
    if s.provinces[province].owner != player:
        return _skip(play, player, action, province, "not_yours")
    spec = play.catalog.actions[action]
    kind = spec["kind"]
    if kind == "build":
        return _build(play, player, action, province, spec)
    if kind in ("rice", "taxes"):
        return _collect(play, player, action, province)
    if kind == "recruit":
        return _recruit(play, player, action, province, spec)
    if kind == "recruit_move":
        return _recruit_move(play, player, action, province, spec)
    return _battle_move(play, player, action, province)


def _build(play: Play, player: str, action: str, province: str, spec: dict[str, Any]) -> bool:
    """Rulebook: a building only on a free building slot, and at most one of each type."""
    s = play.state
    prov = s.provinces[province]
    building = spec["building"]
    better = _improved(play, player, province, action)
    cost = better.get("cost", spec["cost"])
    if len(prov.buildings) >= play.board.provinces[province].building_slots:
        return _skip(play, player, action, province, "no_free_slot")
    if building in prov.buildings:
        return _skip(play, player, action, province, "already_built", building=building)
    if s.tokens[building] <= 0:
        return _skip(play, player, action, province, "no_tokens", building=building)
    if s.players[player].chests < cost:
        return _skip(play, player, action, province, "no_chests", need=cost,
                     have=s.players[player].chests)
    play.pay(player, cost)
    play.event("building", province=province, kind=building, built=True)
    play.note("action.built", player=player, province=province, building=building,
              cost=cost)
    if building == "theatre" and prov.unrest and _event_effect(play.state, "theatre_calms"):
        play.event("unrest", province=province, n=-1)
        play.note("event.theatre_calms", province=province)
    _done(play, player, action, province)
    return True


def _improved(play: Play, player: str, province: str, action: str,
              supply: int | None = None) -> dict[str, Any]:
    """Generals: the improved action's numbers when the player's general stands here (the
    log says so), else nothing to change. «Игрок может выполнить улучшенное действие»: a
    deployment whose extra army the ``supply`` lacks is the base one."""
    better = generals.improved(play.state, player, province, action)
    if better is None or (supply is not None and better.get("armies", 0) > supply):
        return {}
    play.note("generals.improved", player=player, province=province, action=action)
    return better


def income(play: Play, player: str, action: str, province: str) -> tuple[int, list[str]]:
    """The rice or chests a province yields now, and why: the general's improved action
    first (it is the action itself, and the log says so), then the event, then the special
    card."""
    base = getattr(play.board.provinces[province], "tax" if action == "taxes" else "rice")
    amount, why = base, []
    better = _improved(play, player, province, action)
    amount += better.get("plus", 0)
    cap = _event_effect(play.state, f"{action}_cap")
    floor = _event_effect(play.state, f"{action}_floor")
    if cap and amount > cap["limit"]:
        amount, why = cap["limit"], why + ["event_cap"]
    if floor and amount < floor["limit"]:
        amount, why = floor["limit"], why + ["event_floor"]
    plus = _special_effect(play.state, player, "taxes_plus" if action == "taxes" else "rice_plus")
    if plus:
        amount, why = amount + plus["amount"], why + ["special_plus"]
    return amount, why


def _collect(play: Play, player: str, action: str, province: str) -> bool:
    """Rulebook: collecting in a province that already has an unrest token starts a revolt
    (one peasant per token); the income comes only if the province is kept."""
    prov = play.state.provinces[province]
    if prov.unrest:
        parts = [battle.part(player, prov.armies, province, "defender"),
                 battle.part(PEASANT, min(prov.unrest, play.state.peasants), SUPPLY, "peasants")]
        play.note("revolt.started", player=player, province=province, unrest=prov.unrest,
                  action=action)
        battle.throw(play, {"kind": "revolt", "province": province, "attacker": None,
                            "defender": player, "peasants_side": "attacker",
                            "then": {"kind": "collect", "player": player, "action": action,
                                     "province": province}},
                     parts)
        return False
    collect_income(play, player, action, province)
    if not tenno_favours.spare_unrest(play, province):
        play.event("unrest", province=province, n=1)
    _done(play, player, action, province)
    return True


def collect_income(play: Play, player: str, action: str, province: str) -> None:
    amount, why = income(play, player, action, province)
    play.gain("chests" if action == "taxes" else "rice", player, amount)
    play.note("action.collected", player=player, province=province, action=action,
              amount=amount, why=why)


def _recruit(play: Play, player: str, action: str, province: str, spec: dict[str, Any]) -> bool:
    """Rulebook: the event first, then the special card ("6 armies" may place 6, even where
    the event cut 5 to 3). The card is offered only on top of a base action that can be paid
    and placed; it never makes that action impossible."""
    s = play.state
    better = _improved(play, player, province, action, s.players[player].supply)
    armies = better.get("armies", spec["armies"])
    cost = better.get("cost", spec["cost"])
    reduced = _event_effect(play.state, "recruit_reduced")
    if reduced and action in reduced["armies"]:
        armies = reduced["armies"][action]
    if s.players[player].chests < cost:
        return _skip(play, player, action, province, "no_chests", need=cost,
                     have=s.players[player].chests)
    supply = s.players[player].supply
    if supply < armies:
        return _skip(play, player, action, province, "no_cubes", need=armies, have=supply)
    card = bonuses.held(s, player, "recruit_armies")
    bonus = s.catalog.specials[card] if card else None
    if bonus and bonus["action"] == action and bonus["armies"] > armies:
        if supply >= bonus["armies"]:
            then = {"kind": "recruit", "action": action, "province": province, "base": armies}
            if better:
                then["cost"] = cost
            bonuses.offer(play, player, card, bonus["armies"], then)
            return False
        bonuses.unavailable(play, player, card, need=bonus["armies"], have=supply)
    _place(play, player, action, province, cost, armies)
    return True


def _place(play: Play, player: str, action: str, province: str, cost: int, armies: int) -> None:
    play.pay(player, cost)
    play.move(player, armies, SUPPLY, province)
    play.note("action.recruited", player=player, province=province, armies=armies, cost=cost)
    _done(play, player, action, province)


def _recruit_move(play: Play, player: str, action: str, province: str,
                  spec: dict[str, Any]) -> bool:
    """Rulebook: pay 1, place 1 army; then the player may move armies from this province to
    one of their own neighbouring provinces (no battle), leaving at least one."""
    s = play.state
    better = _improved(play, player, province, action, s.players[player].supply)
    armies = better.get("armies", spec["armies"])
    cost = better.get("cost", spec["cost"])
    if s.players[player].chests < cost:
        return _skip(play, player, action, province, "no_chests", need=cost,
                     have=s.players[player].chests)
    if s.players[player].supply < armies:
        return _skip(play, player, action, province, "no_cubes", need=armies,
                     have=s.players[player].supply)
    play.pay(player, cost)
    play.move(player, armies, SUPPLY, province)
    play.note("action.recruited", player=player, province=province, armies=armies,
              cost=cost)
    own = [n for n in play.board.neighbours[province]
           if n in s.provinces and s.provinces[n].owner == player]
    if not own:
        _done(play, player, action, province)
        return True
    play.pending("move", player=player, action=action, province=province, attack=False)
    return False


def _battle_move(play: Play, player: str, action: str, province: str) -> bool:
    """Rulebook: armies move from the chosen province to a neighbour; a neutral or enemy
    neighbour means a battle. One army always stays, so an attack needs two."""
    if play.state.provinces[province].armies < 2:
        return _skip(play, player, action, province, "one_army")
    play.pending("move", player=player, action=action, province=province, attack=True)
    return False


def move_targets(state: ShogunState, pending: dict[str, Any]) -> list[str]:
    """Where the awaited move may go: for the random player and the devices' choices."""
    player = pending["player"]
    targets = []
    for n in sorted(state.board.neighbours[pending["province"]]):
        prov = state.provinces.get(n)
        if prov is None:
            continue
        if prov.owner != player:
            if not pending["attack"]:
                continue
            if "temple" in prov.buildings and _event_effect(state, "temple_peace"):
                continue
            if tenno_favours.immune(state, prov.owner, pending["action"]):
                continue
        targets.append(n)
    return targets


def move(play: Play, cmd: Move) -> None:
    pending = play.expect("move", cmd.player)
    s = play.state
    src = pending["province"]
    if cmd.to not in play.board.provinces:
        raise RuleError("move.unknown_province", province=cmd.to)
    if cmd.to not in play.board.neighbours[src]:
        raise RuleError("move.not_adjacent", src=src, dst=cmd.to)
    if cmd.to not in s.provinces:
        raise RuleError("move.out_of_play", province=cmd.to)
    target = s.provinces[cmd.to]
    if target.owner != cmd.player:
        if not pending["attack"]:
            raise RuleError("move.own_only", province=cmd.to)
        if "temple" in target.buildings and _event_effect(play.state, "temple_peace"):
            raise RuleError("move.temple_peace", province=cmd.to)
        if tenno_favours.immune(s, target.owner, pending["action"]):
            raise RuleError("move.immune", province=cmd.to, owner=target.owner)
    armies = s.provinces[src].armies
    if cmd.armies < 1 or cmd.armies > armies - 1:
        raise RuleError("move.bad_armies", armies=cmd.armies, most=armies - 1, province=src)
    play.pending(None)
    action = pending["action"]
    if target.owner == cmd.player:
        play.move(cmd.player, cmd.armies, src, cmd.to)
        play.note("action.moved", player=cmd.player, src=src, dst=cmd.to, armies=cmd.armies)
        _done(play, cmd.player, action, src)
        return
    _declare(play, cmd.player, action, src, cmd.to, cmd.armies)


def _declare(play: Play, player: str, action: str, src: str, dst: str, armies: int) -> None:
    """The attack is announced, then each side's "may" card is offered (the attacker's
    first), then everything is thrown."""
    s = play.state
    target = s.provinces[dst]
    defender = target.owner
    peasants_side = "defender" if defender is None or target.unrest == 0 else None
    play.note("battle.declared", attacker=player, defender=defender, src=src, dst=dst,
              armies=armies, peasants_side=peasants_side)
    _offer_or_throw(play, {"kind": "attack", "attacker": player, "defender": defender,
                           "action": action, "src": src, "dst": dst, "armies": armies,
                           "peasants_side": peasants_side, "asked": 0, "taken": []})


ATTACK_OFFERS = (("attacker", "attack_extra"), ("defender", "defence_extra"))
"""Who may add an army from the supply to an attack, in the order they are asked."""


def _offer_or_throw(play: Play, attack: dict[str, Any]) -> None:
    s = play.state
    for step in range(attack["asked"], len(ATTACK_OFFERS)):
        side, effect = ATTACK_OFFERS[step]
        player = attack[side]
        card = bonuses.held(s, player, effect)
        if card is None:
            continue
        free = s.players[player].supply - (_castle_armies(s, attack) if side == "defender" else 0)
        if free < 1:
            bonuses.unavailable(play, player, card, need=1, have=max(free, 0))
            continue
        bonuses.offer(play, player, card, 1, dict(attack, asked=step + 1))
        return
    _throw_attack(play, attack)


def _castle_armies(state: ShogunState, attack: dict[str, Any]) -> int:
    """Event: the defender of a castle throws one more army from its supply (if it has one)."""
    castle = _event_effect(state, "castle_defence")
    defender = attack["defender"]
    if not castle or defender is None or "castle" not in state.provinces[attack["dst"]].buildings:
        return 0
    return min(castle["armies"], state.players[defender].supply)


def _throw_attack(play: Play, attack: dict[str, Any]) -> None:
    s = play.state
    player, defender, dst = attack["attacker"], attack["defender"], attack["dst"]
    parts = [battle.part(player, attack["armies"], attack["src"], "attacker")]
    if "attacker" in attack["taken"]:
        parts.append(battle.part(player, 1, SUPPLY, "special_attack"))
    if defender is None:
        more = _event_effect(s, "neutral_peasants")
        peasants = more["peasants"] if more else play.catalog.cards["neutral_defenders"]
        parts.append(battle.part(PEASANT, min(peasants, s.peasants), SUPPLY, "neutral"))
    else:
        parts.append(battle.part(defender, s.provinces[dst].armies, dst, "defender"))
        parts.append(battle.part(defender, _castle_armies(s, attack), SUPPLY, "event_castle"))
        if "defender" in attack["taken"]:
            parts.append(battle.part(defender, 1, SUPPLY, "special_defence"))
    battle.throw(play, {"kind": "attack", "province": dst, "attacker": player,
                        "defender": defender, "peasants_side": attack["peasants_side"],
                        "then": {"kind": "acted", "player": player, "action": attack["action"],
                                 "province": attack["src"]}}, parts)


def answer_bonus(play: Play, cmd: AnswerBonus) -> None:
    """Carry on with the action the offer interrupted, with or without the bonus."""
    pending = bonuses.answer(play, cmd)
    then = pending["then"]
    if then["kind"] == "recruit":
        spec = play.catalog.actions[then["action"]]
        armies = pending["armies"] if cmd.take else then["base"]
        _place(play, cmd.player, then["action"], then["province"], then.get("cost", spec["cost"]),
               armies)
        return
    side = ATTACK_OFFERS[then["asked"] - 1][0]
    taken = then["taken"] + [side] if cmd.take else then["taken"]
    _offer_or_throw(play, dict(then, taken=taken))


def decline(play: Play, cmd: Pass) -> None:
    pending = play.expect("move", cmd.player)
    play.pending(None)
    play.note("action.declined", player=cmd.player, province=pending["province"],
              action=pending["action"])
    _done(play, cmd.player, pending["action"], pending["province"],
          "done" if not pending["attack"] else "declined")


def after_battle(play: Play, then: dict[str, Any], outcome: dict[str, Any]) -> None:
    """Finish the action a battle interrupted: a kept province yields its income."""
    if then["kind"] == "collect":
        player, action, province = then["player"], then["action"], then["province"]
        if outcome["result"] == "defender":
            collect_income(play, player, action, province)
            _done(play, player, action, province)
        else:
            play.note("revolt.no_income", player=player, province=province, action=action)
            _done(play, player, action, province, "lost")
    else:
        _done(play, then["player"], then["action"], then["province"])
