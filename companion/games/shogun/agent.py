"""A player who makes random legal choices: for simulations and the property tests.

Each choice is drawn from what the rules allow at that moment, so thousands of simulated
games exercise every rule, and any RuleError they meet is a bug in the engine, not in
the player.
"""
from __future__ import annotations

import random
from typing import Any

from companion.games.shogun.actions import move_targets
from companion.games.shogun.planning import building_problem
from companion.games.shogun.state import ShogunState


def _plan(state: ShogunState, player: str, rng: random.Random) -> dict[str, Any]:
    owned = state.owned(player)
    rng.shuffle(owned)
    action_ids = [a["id"] for a in state.catalog.cards["actions"]]
    bid: dict[str, Any] | None = None
    roll = rng.random()
    if owned and roll < 0.25:
        bid = {"province": owned.pop()}
    elif roll < 0.9 or len(state.owned(player)) >= 6:
        bid = {"chests": rng.randint(0, min(4, state.players[player].chests))}
    rng.shuffle(action_ids)
    actions = {a: p for a, p in zip(action_ids, owned)
               if rng.random() < 0.9 and building_problem(state, a, p) is None}
    plan = {"type": "plan", "player": player, "actions": actions, "bid": bid}
    if state.tenno is not None:
        plan["court"] = _court(state, [p for p in owned if p not in actions.values()], rng)
    return plan


def _court(state: ShogunState, spare: list[str], rng: random.Random) -> dict[str, str]:
    """Tenno's Court: each exchange cell an official card, a spare province (mostly one that
    can give the armies) or an intrigue card."""
    court: dict[str, str] = {}
    officials = state.expansions["tenno"]["official_cards_per_player"]
    for cell in ("3", "2", "1"):
        roll = rng.random()
        if roll < 0.3 and officials:
            court[cell], officials = "official", officials - 1
        elif roll < 0.7 and spare:
            fits = [p for p in spare if state.provinces[p].armies > int(cell)]
            province = rng.choice(fits if fits and rng.random() < 0.8 else spare)
            spare.remove(province)
            court[cell] = province
    return court


def choose(state: ShogunState, rng: random.Random) -> dict[str, Any]:
    """A random legal command for the decision the game awaits (not a tray count)."""
    pending = state.pending
    kind = pending["kind"]
    if kind == "draft_pick":
        player = pending["player"]
        if pending["refresh"] and rng.random() < 0.2 and len(state.deck) >= 2:
            return {"type": "draft_refresh", "player": player}
        armies = rng.choice(state.players[player].groups)
        if state.face_up and rng.random() < 0.7:
            pick = {"type": "draft_pick", "player": player, "take": "face_up",
                    "province": rng.choice(state.face_up), "armies": armies}
        else:
            pick = {"type": "draft_pick", "player": player, "take": "deck", "armies": armies}
        if state.generals.get(player, "") is None and rng.random() < 0.3:
            pick["general"] = True
        return pick
    if kind == "plans":
        return _plan(state, rng.choice(pending["waiting"]), rng)
    if kind == "special":
        return {"type": "choose_special", "player": pending["player"],
                "slot": rng.choice(pending["free"])}
    if kind == "move":
        targets = move_targets(state, pending)
        armies = state.provinces[pending["province"]].armies
        if not targets or armies < 2 or rng.random() < 0.1:
            return {"type": "pass", "player": pending["player"]}
        return {"type": "move", "player": pending["player"], "to": rng.choice(targets),
                "armies": rng.randint(1, armies - 1)}
    if kind == "bonus":
        return {"type": "bonus", "player": pending["player"], "take": rng.random() < 0.7}
    if kind == "general":
        province = rng.choice(pending["provinces"])
        statue = province in pending["adjacent"] and pending["statues"] > 0 and rng.random() < 0.8
        return {"type": "general", "player": pending["player"], "province": province,
                "statue": statue}
    if kind == "valour":
        take = rng.choice([*pending["offers"], "nothing"])
        return {"type": "valour", "player": pending["player"], "take": take}
    if kind == "favour":
        offers = [o["favour"] for o in pending["offers"]]
        return {"type": "favour", "player": pending["player"],
                "take": rng.choice([*offers, *offers, "nothing"])}
    if kind == "use_favour":
        return {"type": "use_favour", "player": pending["player"],
                "choice": rng.choice(pending["choices"])}
    if kind == "dajokan":
        cell = rng.choice(pending["cells"]) if rng.random() < 0.85 else "none"
        return {"type": "dajokan", "player": pending["player"], "cell": cell}
    if kind == "printed":
        return {"type": "printed", "values": {
            q["key"]: q["suggested"] if q["suggested"] is not None else rng.choice(q["options"])
            for q in pending["questions"]}}
    if kind == "revolt_order":
        return {"type": "choose_revolt", "player": pending["player"],
                "province": rng.choice(pending["provinces"])}
    raise ValueError(f"the random player does not decide {kind!r}")
