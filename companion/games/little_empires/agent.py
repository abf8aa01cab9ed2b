"""A player who makes random legal choices for every seat, and answers the table's
questions as a group new to the box would (a public source's value where there is one).

It reads the whole state, as the simulation plays every seat; every command it sends is one
the rules allow, so a RuleError in a simulated game is a bug in the game, not in the player.
"""
from __future__ import annotations

import random
from typing import Any

from companion.errors import RuleError
from companion.games.little_empires import expedition, geo, orders, planning, roads, values
from companion.games.little_empires.state import RESOURCES, LEState

Command = dict[str, Any]
P = values.P


def _board(state: LEState, rng: random.Random) -> dict[str, Any]:
    """A board a group could have: every region with cells, 12 resource and 7 shrine
    provinces, 11 tokens of at least one of each kind, 20 destiny cards."""
    data = state.data
    regions = list(data["regions"])
    cells = (regions * data["cells"])[:data["cells"]]
    rng.shuffle(cells)
    provinces = geo.provinces(data)
    resource = set(rng.sample(provinces, sum(data["seeding"].values())))
    shrine = set(rng.sample(provinces, data["shrine_provinces"]))
    kinds = list(data["orders"])
    tokens = {kind: 1 for kind in kinds}
    for _ in range(data["order_tokens"] - len(kinds)):
        tokens[rng.choice(kinds)] += 1
    each, left = divmod(data["destiny_cards"], len(regions))
    found: dict[str, Any] = {}
    for n, region in enumerate(cells, start=1):
        found[f"{P}.cell{n}.region"] = region
        found[f"{P}.cell{n}.quick"] = rng.choice(data["quick"])
    for p in provinces:
        found[f"{P}.province.{p}"] = {(True, True): "resource_shrine", (True, False): "resource",
                                      (False, True): "shrine", (False, False): "plain"}[(p in resource, p in shrine)]
    found.update({f"{P}.tokens.{kind}": n for kind, n in tokens.items()})
    found.update({f"{P}.destiny.{r}": each + (1 if i < left else 0) for i, r in enumerate(regions)})
    for m in range(1, data["mountain"]["placed"] + 1):
        a, b = rng.sample(provinces, 2)
        found[f"{P}.mountain{m}.a"], found[f"{P}.mountain{m}.b"] = a, b
    effects = data["mountain"]["effects"]
    mix = {effect: 1 for effect in effects}
    for _ in range(data["mountain"]["tokens"] - len(effects)):
        mix[rng.choice(effects)] += 1
    found.update({f"{P}.mountain_tokens.{effect}": n for effect, n in mix.items()})
    return found


def _printed(state: LEState, rng: random.Random) -> Command:
    board = _board(state, rng)
    answers: dict[str, Any] = {}
    for shown in state.pending["questions"]:
        key = shown["key"]
        if key in board:
            answers[key] = board[key]
        elif shown["suggested"] is not None:
            answers[key] = shown["suggested"]
        elif key.endswith(".first"):
            answers[key] = rng.randint(2, 6)
        elif key.endswith(".second"):
            answers[key] = rng.randint(0, answers.get(key[:-len("second")] + "first", 2))
        elif ".significance." in key:
            answers[key] = rng.randint(1, 8)
        else:
            answers[key] = rng.choice(shown["options"])
    return {"type": "printed", "values": answers}


def _payable(state: LEState, seat: str, what: str, n: int = 1) -> str | None:
    """The resource a cost of ``n`` would be paid in, if the player can pay it."""
    p = state.players[seat]
    if state.referee:
        held = [r for r in RESOURCES if getattr(p, r) >= n]
        return held[0] if held else None
    resource = state.printed[f"{P}.cost.{what}"]
    return resource if getattr(p, resource) >= n else None


def _recruit_places(state: LEState, seat: str, region: str) -> list[str]:
    return [geo.capital(region)] + [p for p, o in state.castles.items() if o == seat and geo.region_of(p) == region]


def _enemies(state: LEState, seat: str, province: str) -> list[str]:
    return [other for other in state.seating if other != seat and geo.armies(state, province, other) > 0]


def _quick(state: LEState, seat: str, cell: int, rng: random.Random) -> dict[str, Any] | None:
    return _quick_of(state, seat, values.cell_quick(state, cell), values.cell_region(state, cell), rng)


def _mountains(state: LEState, sources: list[str]) -> list[tuple[str, str, str]]:
    """(mountain, from, to) for every token still on a road out of ``sources``."""
    found = []
    for m in state.mountain_faces:
        if m in state.mountains_flipped:
            continue
        a, b = values.mountain_road(state, m)
        found += [(m, src, dst) for src, dst in ((a, b), (b, a)) if src in sources]
    return found


def _quick_of(state: LEState, seat: str, kind: str, region: str, rng: random.Random) -> dict[str, Any] | None:
    provinces = [p for p in geo.provinces(state.data) if geo.region_of(p) == region]
    mine = [p for p in provinces if geo.armies(state, p, seat) > 0]
    if kind == "move1" and mine:
        over = _mountains(state, mine)
        if over and rng.random() < 0.5:
            m, src, dst = rng.choice(over)
            return {"src": src, "dst": dst, "mountain": int(m)}
        src = rng.choice(mine)
        return {"src": src, "dst": rng.choice(_next_to(state, src))}
    if kind == "attack":
        targets = [p for p in mine if _enemies(state, seat, p)]
        if targets:
            province = rng.choice(targets)
            return {"province": province, "victim": rng.choice(_enemies(state, seat, province))}
    if kind == "recruit1" and geo.supply(state, seat) > 0:
        return {"province": rng.choice(_recruit_places(state, seat, region))}
    if kind == "harvest1":
        fields = [p for p in mine if p in state.resource_at]
        if fields:
            return {"province": rng.choice(fields)}
    return None


def _place(state: LEState, seat: str, rng: random.Random) -> Command:
    p = state.players[seat]
    options = []
    for cell in range(1, len(state.cells) + 1):
        try:
            how = planning.where(state, seat, cell)
        except RuleError:
            continue
        pay = None
        if how == "cover":
            pay = _payable(state, seat, "cover", planning.cover_price(state, seat))
            if pay is None:
                continue
        options.append((cell, pay))
    cell, pay = rng.choice(options)
    command: Command = {"type": "place", "player": seat, "cell": cell,
                        "token": rng.choice([k for k, n in p.tokens.items() if n > 0])}
    if pay is not None and state.referee:
        command["pay"] = pay
    if rng.random() < 0.7:
        quick = _quick(state, seat, cell, rng)
        if quick is not None:
            command["quick"] = quick
    return command


def _next_to(state: LEState, src: str) -> list[str]:
    """The provinces one move from ``src``: the map's neighbours once it is told."""
    if roads.known(state):
        return sorted(roads.neighbours(state, src)) or [src]
    return [p for p in geo.provinces(state.data) if p != src]


def _coast(state: LEState) -> list[str]:
    every = geo.provinces(state.data)
    return [p for p in every if roads.coastal(state, p)] if roads.known(state) else every


def _moves(state: LEState, seat: str, region: str, allowance: int, rng: random.Random) -> list[dict[str, Any]]:
    held = {p: geo.armies(state, p, seat) for p in geo.provinces(state.data) if geo.region_of(p) == region}
    steps = []
    over = _mountains(state, [p for p, n in held.items() if n > 0])
    if over and allowance and rng.random() < 0.5:
        m, src, dst = rng.choice(over)
        held[src] -= 1
        steps.append({"src": src, "dst": dst, "armies": 1, "steps": 1, "mountain": int(m)})
        allowance -= 1
    for _ in range(allowance):
        sources = [p for p, n in held.items() if n > 0]
        if not sources:
            break
        src = rng.choice(sources)
        dst = rng.choice(_next_to(state, src))
        held[src] -= 1
        steps.append({"src": src, "dst": dst, "armies": 1, "steps": 1})
    return steps


def _act(state: LEState, seat: str, rng: random.Random) -> Command:
    cell, top = orders.current(state)
    kind, region = top["kind"], values.cell_region(state, cell + 1)
    command: Command = {"type": "act", "player": seat}
    if rng.random() < 0.05:
        return command
    provinces = [p for p in geo.provinces(state.data) if geo.region_of(p) == region]
    if kind == "recruit" and geo.supply(state, seat) > 0:
        places = [rng.choice(_recruit_places(state, seat, region))]
        pay = _payable(state, seat, "recruit")
        if geo.supply(state, seat) > 1 and pay and rng.random() < 0.5:
            places.append(rng.choice(_recruit_places(state, seat, region)))
            command["pay"] = pay
        command["places"] = places
    elif kind in ("move3", "move23", "move2ship"):
        pay = _payable(state, seat, "ship")
        mine = [p for p in provinces if geo.armies(state, p, seat) > 0]
        mine_coast = [p for p in mine if p in _coast(state)]
        if kind == "move2ship" and pay and mine_coast and len(_coast(state)) > 1 and rng.random() < 0.3:
            src = rng.choice(mine_coast)
            command["ship"] = {"src": src, "dst": rng.choice([p for p in _coast(state) if p != src]),
                               "armies": min(2, geo.armies(state, src, seat))}
            command["pay"] = pay
        else:
            allowance = state.data["orders"][kind]["moves"]
            pay = _payable(state, seat, "move")
            if kind == "move23" and pay and rng.random() < 0.5:
                allowance += 1
            moves = _moves(state, seat, region, allowance, rng)
            if moves:
                command["moves"] = moves
                if sum(m["armies"] for m in moves) > state.data["orders"][kind]["moves"]:
                    command["pay"] = pay
    elif kind == "attack":
        targets = [p for p in provinces if geo.armies(state, p, seat) > 0 and _enemies(state, seat, p)]
        if targets:
            province = rng.choice(targets)
            victims = [rng.choice(_enemies(state, seat, province))]
            left = {o: geo.armies(state, province, o) - victims.count(o) for o in _enemies(state, seat, province)}
            pay = _payable(state, seat, "attack")
            more = [o for o, n in left.items() if n > 0]
            if pay and more and rng.random() < 0.5:
                victims.append(rng.choice(more))
                command["pay"] = pay
            command.update(province=province, victims=victims)
    elif kind == "castle":
        own = geo.castle_of(state, seat, region)
        built = sum(1 for o in state.castles.values() if o == seat)
        if own is not None and geo.supply(state, seat) > 0:
            command["province"] = own
        elif own is None and built < state.data["start"]["castles"]:
            sites = [p for p in provinces if not geo.is_capital(p) and p not in state.castles
                     and geo.armies(state, p, seat) >= state.data["orders"]["castle"]["returned"]]
            if sites:
                command["province"] = rng.choice(sites)
    if not state.referee:
        command.pop("pay", None)
    return command


def _expedition(state: LEState, pending: dict[str, Any], rng: random.Random) -> Command:
    seat, region = pending["player"], pending["region"]
    command: Command = {"type": "expedition", "player": seat}
    if pending["effect"] == "independent_tribe":
        kind = rng.choice(expedition.region_quick(state, region))
        fields = _quick_of(state, seat, kind, region, rng)
        if fields is not None:
            fields.pop("mountain", None)
            command.update(action=kind, quick=fields)
        return command
    targets = [(p, o) for p in geo.provinces(state.data) if geo.region_of(p) == region
               for o in _enemies(state, seat, p)]
    pay = _payable(state, seat, "way")
    if targets and pay and rng.random() < 0.7:
        province, victim = rng.choice(targets)
        command["quick"] = {"province": province, "victim": victim}
        if state.referee:
            command["pay"] = pay
    return command


def choose(state: LEState, rng: random.Random) -> Command:
    """A random legal command for whatever the game awaits."""
    pending = state.pending
    if pending is not None:
        if pending["kind"] == "printed":
            return _printed(state, rng)
        if pending["kind"] == "expedition":
            return _expedition(state, pending, rng)
        if pending["kind"] == "quick_tokens":
            return {"type": "quick_tokens", "quick": [rng.choice(state.data["quick"]) for _ in range(pending["cells"])]}
        if pending["kind"] == "bonus":
            return {"type": "bonus", "points": {seat: rng.randint(0, 5) for seat in state.seating}}
        return {"type": "significance", "values": {seat: {r: rng.randint(0, 6) for r, n in p.influence.items() if n}
                                                   for seat, p in state.players.items()}}
    if state.phase == "destiny":
        seat = rng.choice(planning.choosing(state))
        return {"type": "destiny", "player": seat, "card": rng.choice(state.players[seat].hand)}
    if state.phase == "planning":
        return _place(state, planning.placer(state), rng)
    at = orders.current(state)
    if at is not None:
        return _act(state, at[1]["owner"], rng)
    raise RuleError("le.not_now")
