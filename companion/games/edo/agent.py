"""A player who makes random legal choices for every seat, and answers the table's
questions as a group new to the box would (a public source's value where there is one).

It reads the whole state, as the simulation plays every seat; every command it sends is one
the rules allow, so a RuleError in a simulated game is a bug in the game, not in the player.
"""
from __future__ import annotations

import random
from typing import Any

from companion.errors import RuleError
from companion.games.edo import buildings, catalog, income, roads, values
from companion.games.edo.execution import MERCHANT
from companion.games.edo.state import CITY_KINDS, EDO, RESOURCES, EdoState

Command = dict[str, Any]


def _printed(state: EdoState, rng: random.Random) -> Command:
    questions = catalog.questions()
    answers: dict[str, Any] = {}
    for shown in state.pending["questions"]:
        key = shown["key"]
        if ".action" in key:
            card = key.split(".")[1]
            known = {**state.printed, **answers}
            taken = {v for k, v in known.items() if k.startswith(f"edo.{card}.action")}
            options = [a for a in questions[key].options() if a not in taken]
            # The starting cards between them show every action, as a real hand of three
            # does: an action no starting card shows yet comes first.
            unshown = [a for a in options if key.startswith("edo.card")
                       and a not in {v for k, v in known.items() if k.startswith("edo.card")}]
            answers[key] = shown["suggested"] if shown["suggested"] in options else rng.choice(unshown or options)
        elif shown["suggested"] is not None:
            answers[key] = shown["suggested"]
        elif isinstance(shown["options"][0], str):
            answers[key] = rng.choice(shown["options"])
        else:
            low = 1 if key.startswith(("edo.yield", "edo.special.display")) else 0
            answers[key] = rng.choice([v for v in shown["options"] if low <= v <= 4] or shown["options"])
    return {"type": "printed", "values": answers}


def _worth(state: EdoState, seat: str, action: str) -> float:
    """How much a player with these pieces wants this action now: samurai first, then the
    resources and ryo a building needs, then building (a house in Edo above all, since
    without one nobody wins). A weight, never a certainty: the choice stays random."""
    p = state.players[seat]
    samurai = len(p.samurai)
    if action == "travel":
        return 6.0 if samurai < 2 else 1.5
    if action in ("build", "build_complex"):
        return 8.0 if samurai and (p.wood or p.stone) and p.ryo >= 3 else 0.5
    if action.startswith("produce_"):
        resource = state.data["actions"][action]["resource"]
        return (4.0 if p.amount(resource) < 4 else 1.0) if samurai else 0.3
    if action == "money":
        return 4.0 if p.ryo < 8 else 1.0
    if action == "rice":
        return 3.0 if p.rice < samurai + 1 else 0.5
    if action == "trade":
        return 2.5 if samurai else 0.3
    return 0.5


def _plan(state: EdoState, seat: str, rng: random.Random) -> Command:
    """Three cards in a random order, on each an action drawn by its worth, officials on the
    actions that use them (one a samurai where samurai are needed)."""
    p = state.players[seat]
    own, shogun = len(p.officials), p.shogun
    samurai = max(len(p.samurai), 1)
    slots = []
    for card in rng.sample(p.cards, state.data["slots"]):
        offered = values.card_actions(state, card)
        actions = list(offered)
        action = rng.choices(actions, [_worth(state, seat, a) for a in actions])[0]
        rule = state.data["actions"][action]
        each = rule.get("officials_each", 1)
        most = offered[action] * each
        if rule["needs"] == "samurai":
            most = min(most, samurai * each)
        most = min(most, own + shogun)
        n = rng.randint((most + 1) // 2, most) // each * each if _worth(state, seat, action) > 1 \
            else rng.randint(0, most) // each * each
        from_shogun = rng.randint(max(0, n - own), min(n, shogun))
        own, shogun = own - (n - from_shogun), shogun - from_shogun
        slots.append({"card": card, "action": action, "officials": n, "shogun": from_shogun})
    return {"type": "plan", "player": seat, "slots": slots}


def _wanted(state: EdoState, seat: str) -> list[str]:
    """The places the card about to be turned up needs its samurai in."""
    at = state.data["actions"][state.plans[seat][state.turn["slot"]]["action"]].get("at")
    if at == MERCHANT:
        return [state.merchant_at]
    kinds = CITY_KINDS if at == "city" else () if at is None else (at,)
    return [loc for loc, kind in state.locations.items() if kind in kinds]


def _roads(state: EdoState, rng: random.Random) -> Command:
    """Half the groups count the steps themselves; the others tell a board on which each
    place has a road to the next one listed (so every place can be reached), and now and
    then to another."""
    pending = state.pending
    if pending["told"] == 0 and rng.random() < 0.5:
        return {"type": "roads_later"}
    places = list(state.locations)
    at = places.index(pending["place"])
    chosen = set(pending["ticked"]) | set(places[at + 1:at + 2])
    if at + 2 < len(places) and rng.random() < 0.3:
        chosen.add(rng.choice(places[at + 2:]))
    return {"type": "roads", "place": pending["place"], "neighbours": sorted(chosen)}


def _move(state: EdoState, seat: str, figure: str, to: str, rng: random.Random) -> Command | None:
    """Moving ``figure`` to ``to`` if the player can pay for it: the fewest steps by the
    roads when they are known, else 1 or 2 as the player counted."""
    at = state.merchant_at if figure == MERCHANT else state.players[seat].samurai[figure]
    network = roads.network(state)
    way = roads.path(network, at, to) if network is not None else None
    steps = rng.randint(1, 2) if network is None else None if way is None else len(way) - 1
    if steps is None or state.players[seat].ryo < steps * state.data["step_ryo"]:
        return None
    command = {"type": "move", "player": seat, "figure": figure, "to": to}
    return command if network is not None else {**command, "steps": steps}


def _before_reveal(state: EdoState, seat: str, rng: random.Random) -> Command:
    """Move a samurai to where the card needs one (as a player would), now and then the
    merchant or a samurai anywhere, then turn the card up."""
    p = state.players[seat]
    wanted = _wanted(state, seat)
    idle = [f for f, at in p.samurai.items() if at not in wanted]
    move = None
    if wanted and idle and rng.random() < 0.85:
        figure = rng.choice(idle)
        to = EDO if EDO in wanted and not _house_in_edo(state, seat) and rng.random() < 0.7 \
            else rng.choice(wanted)
        move = _move(state, seat, figure, to, rng)
    elif rng.random() < 0.1:
        figure = rng.choice(list(p.samurai) + [MERCHANT])
        at = state.merchant_at if figure == MERCHANT else p.samurai[figure]
        move = _move(state, seat, figure, rng.choice([loc for loc in state.locations if loc != at]), rng)
    return move or {"type": "reveal", "player": seat}


def _house_in_edo(state: EdoState, seat: str) -> bool:
    return any(b["kind"] == "house" and b["owner"] == seat for b in state.cities.get(EDO, []))


def _free(state: EdoState, seat: str, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    used = state.turn["used"]
    return [(f, at) for f, at in state.players[seat].samurai.items()
            if f not in used and state.locations[at] in kinds]


def _paid(state: EdoState, seat: str, rng: random.Random) -> dict[str, int]:
    p = state.players[seat]
    return {good: rng.randint(0, min(p.amount(good), 3)) for good in ("ryo", "wood", "stone")}


def _build(state: EdoState, seat: str, rng: random.Random) -> Command | None:
    options = []
    for figure, at in _free(state, seat, CITY_KINDS):
        for kind in buildings.KINDS:
            try:
                buildings.check(state, seat, at, kind)
            except RuleError:
                continue
            if state.referee:
                options.append({"samurai": figure, "building": kind, "paid": _paid(state, seat, rng),
                                "points": rng.randint(0, 3)})
            elif all(state.players[seat].amount(g) >= state.printed[f"edo.cost.{kind}.{g}"]
                     for g in ("wood", "stone", "ryo")):
                options.append({"samurai": figure, "building": kind})
    if not options:
        return None
    weights = [4.0 if o.get("building") == "house" and state.players[seat].samurai[o["samurai"]] == EDO
               and not _house_in_edo(state, seat) else 2.0 if o.get("building") == "fortress" else 1.0
               for o in options]
    return rng.choices(options, weights)[0]


def _offered(state: EdoState, seat: str, samurai: str, offer: dict[str, Any],
             rng: random.Random) -> Command | None:
    """A trade the current merchant card offers and the player can pay for: its point, or
    some of its resources within its most, his ryo and the cap."""
    p = state.players[seat]
    if p.amount(offer["point_good"]) >= offer["point_price"] and rng.random() < 0.5:
        return {"samurai": samurai, "points": 1}
    sold = RESOURCES if offer["resource"] == values.ANY_RESOURCE else (offer["resource"],)
    good = rng.choice(sold)
    affordable = p.ryo // offer["price"] if offer["price"] else offer["most"]
    most = min(offer["most"], affordable, state.data["resource_cap"] - p.amount(good))
    if most < 1:
        return None
    return {"samurai": samurai, "got": {good: rng.randint(1, most)}}


def _trade(state: EdoState, seat: str, rng: random.Random) -> Command | None:
    here = [f for f, at in _free(state, seat, tuple(set(state.locations.values())))
            if at == state.merchant_at]
    if not here:
        return None
    p = state.players[seat]
    offer = values.merchant_offer(state)
    if offer is not None:
        return _offered(state, seat, here[0], offer, rng)
    paid = {"ryo": rng.randint(0, min(p.ryo, 4))}
    if rng.random() < 0.5:
        return {"samurai": here[0], "paid": paid, "points": 1}
    room = [r for r in RESOURCES if p.amount(r) < state.data["resource_cap"]]
    if not room:
        return None
    good = rng.choice(room)
    return {"samurai": here[0], "paid": paid, "got": {good: 1}}


def _travel(state: EdoState, seat: str, rng: random.Random) -> Command | None:
    p, turn = state.players[seat], state.turn
    posts = [loc for loc, kind in state.locations.items() if kind == "post"]
    options: list[Command] = []
    if turn["own"] and p.officials:
        options += [{"place": rng.choice(posts)}] * (3 if len(p.samurai) < 3 else 1)
    if p.samurai:
        figure = rng.choice(list(p.samurai))
        to = rng.choice([loc for loc in state.locations if loc != p.samurai[figure]])
        options.append({"moves": [{"samurai": figure, "to": to}]})
    return rng.choice(options) if options else None


def _act(state: EdoState, seat: str, rng: random.Random) -> Command:
    action = state.plans[seat][state.turn["slot"]]["action"]
    rule = state.data["actions"][action]
    fields: Command | None = None
    if rng.random() < 0.02:
        fields = None
    elif action == "travel":
        fields = _travel(state, seat, rng)
    elif action == "develop":
        if state.special_display and state.players[seat].ryo >= rule["cost"]["ryo"]:
            fields = {"card": rng.choice(state.special_display)}
    elif action.startswith("produce_"):
        free = _free(state, seat, (rule["at"],))
        if free:
            fields = {"samurai": rng.choice(free)[0]}
            if state.referee:
                fields["gained"] = rng.randint(0, 3)
    elif action.startswith("build"):
        fields = _build(state, seat, rng)
    elif action == "trade":
        fields = _trade(state, seat, rng)
    if fields is None:
        return {"type": "done", "player": seat}
    return {"type": "act", "player": seat, **fields}


def _wages(state: EdoState, seat: str, rng: random.Random) -> Command:
    p = state.players[seat]
    most = min(len(p.samurai), p.rice)
    keep = rng.sample(list(p.samurai), rng.randint((most + 1) // 2, most))
    return {"type": "wages", "player": seat, "keep": keep}


def _income(state: EdoState, rng: random.Random) -> Command:
    """The city's profit alone where the income table knows its split, else the shares read
    off the board, largest first (those teach the table)."""
    city = state.queue[0]
    builders = len(buildings.ranking(state, city))
    profit = rng.choice(list(income.profits(state.data))[:16])
    if not state.referee and income.split(state, profit, builders) is not None:
        return {"type": "income", "city": city, "profit": profit}
    cuts = sorted(rng.randint(0, profit) for _ in range(builders - 1))
    shares = [b - a for a, b in zip([0] + cuts, cuts + [profit])]
    return {"type": "income", "city": city, "profit": profit, "amounts": sorted(shares, reverse=True)}


def choose(state: EdoState, rng: random.Random) -> Command:
    """A random legal command for whatever the game awaits."""
    if state.pending is not None and state.pending["kind"] == roads.KIND:
        return _roads(state, rng)
    if state.pending is not None and state.pending["kind"] == "draw":
        return {"type": "draw", "cards": rng.sample(state.pending["options"], state.pending["count"])}
    if state.pending is not None:
        return _printed(state, rng)
    if state.phase == "planning":
        waiting = [s for s in state.turn_order if s not in state.plans]
        return _plan(state, rng.choice(waiting), rng)
    if state.phase == "execution":
        seat = state.turn["player"]
        return _act(state, seat, rng) if state.turn["revealed"] else _before_reveal(state, seat, rng)
    if state.phase == "wages":
        return _wages(state, state.queue[0], rng)
    if state.phase == "income":
        return _income(state, rng)
    raise RuleError("edo.not_now")

