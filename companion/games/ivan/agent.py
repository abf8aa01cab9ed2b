"""A player who makes random legal choices for every seat, and a table that enters the
decade's end as a group would (the influence it counts, the rewards the tokens show).

It reads the whole state, as the simulation plays every seat; every command it sends is one
the rules allow, so a RuleError in a simulated game is a bug in the game, not in the player.
"""
from __future__ import annotations

import random
from typing import Any

from companion.errors import RuleError
from companion.games.ivan import cities, effects, incomes, kremlin, projects, regional, regions, setup, titles
from companion.games.ivan.state import IvanState

Command = dict[str, Any]


def _printed(state: IvanState, rng: random.Random) -> Command:
    answers: dict[str, Any] = {}
    taken = {v for k, v in state.printed.items() if k.startswith("ivan.assignment.")}
    for shown in state.pending["questions"]:
        if shown["key"].startswith("ivan.city."):
            answers[shown["key"]] = shown["suggested"] or rng.choice(shown["options"])
            continue
        options = [o for o in shown["options"] if o not in taken]
        value = shown["suggested"] if shown["suggested"] in options else rng.choice(options)
        answers[shown["key"]] = value
        taken.add(value)
    return {"type": "printed", "values": answers}


def _some(goods: dict[str, int], rng: random.Random, most: int) -> dict[str, int]:
    """Some of the goods held, at most ``most`` in all."""
    paid: dict[str, int] = {}
    for good in rng.sample(list(goods), len(goods)):
        n = rng.randint(0, min(goods[good], most - sum(paid.values())))
        if n:
            paid[good] = n
    return paid


def _yield(state: IvanState, rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.3:
        return {"coins": rng.randint(1, 2)}
    return {"goods": {rng.choice(state.data["local"]): rng.randint(1, 2)}}


def _named(state: IvanState, seat: str, entered: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """The yields with cities named: a known city by its name alone, another with what it gives."""
    allowed = [c for c in state.data["cities"] if not cities.tracked(state) or cities.count(state, seat, c)]
    picks = rng.sample(allowed, min(len(allowed), len(entered)))
    named = [{"city": c} if incomes.known(state, c) else {**y, "city": c} for y, c in zip(entered, picks)]
    return named + entered[len(picks):]


def _income(state: IvanState, seat: str, turn: dict[str, Any], rng: random.Random) -> Command:
    cities = [_yield(state, rng) for _ in range(rng.randint(1, 3))]
    if not state.referee and rng.random() < 0.6:
        cities = _named(state, seat, cities, rng)
    gives = [incomes.printed(state, c["city"]) if set(c) == {"city"} else c for c in cities]
    again = rng.randrange(len(cities)) if turn["sealed"] and rng.random() < 0.8 else None
    taken = gives + ([gives[again]] if again is not None else [])
    coins = state.players[seat].coins + sum(c.get("coins", 0) for c in taken)
    if sum(c.get("goods", {}).get("stone", 0) for c in taken) > coins:
        cities = [{"coins": 1}]
        again = None
    command = {"type": "income", "player": seat, "cities": cities}
    if again is not None:
        command["again"] = again
    return command


def _projects(state: IvanState, seat: str, rng: random.Random) -> Command:
    p = state.players[seat]
    kinds = state.data["project_kinds"]
    if p.hand and rng.random() < 0.6:
        kind = rng.choice(p.hand)
        command = {"type": "complete", "player": seat, "kind": kind}
        cards = [] if state.referee else [c for c in projects.usable(state, kind)
                                          if all(p.goods[g] >= n for g, n in c["cost"].items())]
        if cards and rng.random() < 0.6:
            command["project"] = rng.choice(cards)["n"]
        else:
            command.update(paid=_some(p.goods, rng, 5), vp=rng.randint(1, 6))
            if not state.referee and projects.tellable(state, kind) and rng.random() < 0.7:
                command["project"] = "new"
        where = cities.building_cities(state, seat) if cities.tracked(state) and p.buildings else []
        if command["kind"] == "construction" and where:
            command["city"] = rng.choice(where)
        return command
    return {"type": "take_project", "player": seat, "kind": rng.choice(kinds),
            "source": rng.choice(["display", "deck"])}


def _in_chamber(state: IvanState, seat: str, rng: random.Random) -> Command:
    turn = state.turn
    left = turn["left"]
    chamber = turn["chamber"]
    p = state.players[seat]
    if chamber == "income" and left.get("income"):
        return _income(state, seat, turn, rng)
    if chamber == "manoeuvres" and left.get("actions"):
        if cities.tracked(state):
            return _on_map(state, seat, rng)
        action = "place" if p.warriors and rng.random() < 0.6 else "move"
        return {"type": "manoeuvre", "player": seat, "action": action}
    if chamber == "projects" and left.get("actions"):
        return _projects(state, seat, rng)
    if chamber == "exchange":
        held = {g: n for g, n in p.goods.items() if n >= 2}
        if held and rng.random() < 0.3:
            good = rng.choice(list(held))
            return {"type": "exchange", "player": seat, "paid": {good: 2},
                    "got": {rng.choice(state.data["foreign"]): 1}}
        if left.get("foreign"):
            return {"type": "take_foreign", "player": seat, "good": rng.choice(state.data["foreign"])}
    if chamber == "grants" and (left.get("cards") or left.get("estates")):
        card = rng.choice(["estate", "title"]) if left.get("cards") else "estate"
        return {"type": "grant", "player": seat, "card": card}
    card = state.assignments[chamber]
    if cities.tracked(state) and card != kremlin.KREMLIN and cities.boyar_cities(state, card):
        return {"type": "done", "player": seat, "city": rng.choice(cities.boyar_cities(state, card))}
    return {"type": "done", "player": seat}


def _mine(state: IvanState, seat: str, kinds: tuple[str, ...] = cities.PIECES) -> list[str]:
    return [c for c in state.data["cities"] if cities.count(state, seat, c, kinds)]


def _on_map(state: IvanState, seat: str, rng: random.Random) -> Command:
    """A manoeuvre naming its cities: a warrior placed where the family has a piece, or a
    warrior or boyar moved to another city."""
    if state.players[seat].warriors and _mine(state, seat) and rng.random() < 0.6:
        return {"type": "manoeuvre", "player": seat, "action": "place", "city": rng.choice(_mine(state, seat))}
    piece = rng.choice([k for k in ("warrior", "boyar") if _mine(state, seat, (k,))] or ["warrior"])
    movable = _mine(state, seat, (piece,))
    if not movable:
        return {"type": "done", "player": seat, **_boyar_city(state, rng)}
    source = rng.choice(movable)
    to = rng.choice([c for c in state.data["cities"] if c != source])
    return {"type": "manoeuvre", "player": seat, "action": "move", "piece": piece, "city": source, "to": to}


def _boyar_city(state: IvanState, rng: random.Random) -> dict[str, str]:
    card = state.assignments[state.turn["chamber"]]
    return {} if card == kremlin.KREMLIN else {"city": rng.choice(cities.boyar_cities(state, card))}


def _extra(state: IvanState, seat: str, rng: random.Random) -> Command | None:
    """Now and then a free action or an estate's, trophy's or token's effect."""
    p = state.players[seat]
    roll = rng.random()
    local = [g for g in state.data["local"] if p.goods[g] >= 2]
    if roll < 0.08 and local:
        return {"type": "free", "player": seat, "paid": {rng.choice(local): 2}}
    if roll < 0.1 and p.tokens >= 2:
        return {"type": "tokens_for_project", "player": seat, "kind": rng.choice(state.data["project_kinds"]),
                "source": rng.choice(["display", "deck"])}
    sources = [s for s in ("estate", "trophy", "trade_token", "board")
               if not effects.per_round(state, s) or effects.unturned(state, seat) > 0]
    if roll < 0.2:
        effect: Command = {"type": "effect", "player": seat, "source": rng.choice(sources)}
        if effect["source"] == "trade_token" and rng.random() < 0.7:
            effect["taken"] = True
        what = rng.choice(["vp", "coins", "favour", "goods", "warriors"])
        if what == "vp":
            effect["vp"] = rng.randint(1, 3)
        elif what == "coins":
            effect["coins"] = rng.randint(-min(p.coins, 2), 2) or 1
        elif what == "favour":
            effect["favour"] = 1
        elif what == "goods":
            effect["goods"] = {rng.choice(state.data["local"] + state.data["foreign"]): 1}
        elif p.warriors and not cities.tracked(state):
            effect["warriors"] = 1
        elif p.warriors and _mine(state, seat):
            effect["warriors"] = 1
            effect["cities"] = [rng.choice(_mine(state, seat))]
        return _effect_face(state, seat, effect, rng)
    return None


def _effect_face(state: IvanState, seat: str, effect: dict[str, Any], rng: random.Random) -> Command:
    """The effect as a known face now and then, or told as a new one."""
    source, p = effect["source"], state.players[seat]
    if state.referee or source not in effects.kinds(state):
        return effect
    playable = [f for f in effects.usable(state, source, seat)
                if p.coins >= -f["coins"] and all(p.goods[g] >= -n for g, n in f["goods"].items())
                and f["warriors"] <= (0 if cities.tracked(state) else p.warriors)]
    if playable and rng.random() < 0.6:
        return {"type": "effect", "player": seat, "source": source, "face": rng.choice(playable)["n"],
                **({"taken": effect["taken"]} if "taken" in effect else {})}
    if effects.tellable(state, source) and rng.random() < 0.7:
        icon = rng.choice(["none", "move", "project"]) if effects.acts(state, source) else "none"
        return {**effect, "face": "new", "action": icon}
    return effect


def _titles(state: IvanState, rng: random.Random) -> Command:
    """Each family's titles: now and then a known one tapped, one told for the first time or a
    formula for this scoring (a count entered where the game does not track it), the rest
    entered as points."""
    known: dict[str, list[dict[str, Any]]] = {}
    faces = [f for f in titles.usable(state)
             if titles.tracked(state, f["per"]) or f["how"] != "most"]
    rng.shuffle(faces)
    for seat in state.seating:
        roll = rng.random()
        if roll < 0.3 and faces:
            face = faces.pop()
            known[seat] = [{"title": face["n"], **_count(state, face["per"], rng)}]
        elif roll < 0.6:
            per = rng.choice(titles.choices(state.data, "per"))
            how = rng.choice(titles.choices(state.data, "how")) if titles.tracked(state, per) else "each"
            told = {"title": "new"} if not state.referee and titles.tellable(state) and rng.random() < 0.5 else {}
            known[seat] = [{"per": per, "how": how, "vp": rng.randint(1, 5), "of": rng.randint(0, 3),
                            **_count(state, per, rng), **told}]
    return {"type": "titles", "vp": {seat: rng.randint(0, 8) for seat in state.seating if seat not in known},
            "known": known}


def _count(state: IvanState, per: str, rng: random.Random) -> dict[str, int]:
    """The count a title needs entered where the game does not track what it counts."""
    return {} if titles.tracked(state, per) else {"count": rng.randint(0, 4)}


def _act(state: IvanState, seat: str, rng: random.Random) -> Command:
    extra = _extra(state, seat, rng)
    if extra is not None:
        return extra
    if state.turn["chamber"] is not None:
        return _in_chamber(state, seat, rng)
    top = kremlin.significant(state)
    chamber = rng.choice(state.boyars_in_chambers(seat))
    p = state.players[seat]
    surcharge = state.data["two_player_seal_coins"] if len(state.seating) == 2 else 0
    may_seal = top[chamber] == seat and chamber not in state.seals and p.seals > 0 and p.coins >= surcharge
    return {"type": "leave", "player": seat, "chamber": chamber, "seal": may_seal and rng.random() < 0.8}


def _region(state: IvanState, rng: random.Random) -> Command:
    influence = {seat: rng.choice([0, 0, 1, 2, 3, 4, 6]) for seat in state.seating}
    if cities.tracked(state) and rng.random() < 0.9:
        influence = cities.influence(state, regions.next_region(state))
    command = {"type": "region", "region": regions.next_region(state), "influence": influence}
    usable = [] if state.referee else regional.usable(state)
    if usable and rng.random() < 0.7:
        return {**command, "token": rng.choice(usable)["n"]}
    command["rewards"] = [{"vp": rng.randint(0, 4), "action": rng.choice(regional.icons(state.data))},
                          {"coins": rng.randint(0, 3), "favour": rng.random() < 0.3}]
    backgrounds = [] if state.referee else regional.tellable(state)
    if backgrounds and rng.random() < 0.8:
        return {**command, "token": "new", "background": rng.choice(backgrounds), "threshold": rng.randint(0, 5)}
    if len(state.seating) == 2:
        command["threshold"] = rng.randint(1, 4)
    return command


def choose(state: IvanState, rng: random.Random) -> Command:
    """A random legal command for whatever the game awaits."""
    if state.pending is not None:
        return _printed(state, rng)
    if state.phase == "dealing":
        cards = rng.sample(state.data["assignments"], len(state.data["chambers"]))
        return {"type": "deal", "cards": dict(zip(state.data["chambers"], cards))}
    if state.phase == "keep":
        seat = rng.choice(setup.waiting_to_keep(state))
        return {"type": "keep", "player": seat, "kind": rng.choice(state.data["project_kinds"])}
    if state.phase == "muster":
        seat = state.turn["player"]
        free = [c for c in state.data["cities"] if not cities.anyone(state, c, "warrior")]
        return {"type": "muster", "player": seat, "city": rng.choice(free)}
    if state.phase == "planning":
        seat = state.turn["player"]
        free = [c for c in state.data["chambers"] if not any(b["player"] == seat for b in state.chambers[c])]
        coins = rng.randint(0, min(state.players[seat].coins, 3)) if rng.random() < 0.5 else 0
        return {"type": "place", "player": seat, "chamber": rng.choice(free), "coins": coins}
    if state.phase == "actions":
        return _act(state, state.turn["player"], rng)
    if state.phase == "regions":
        current = (state.region or {}).get("current")
        if current:
            return {"type": "choose", "player": current["chooser"], "region": current["region"],
                    "reward": rng.randint(0, 1)}
        return _region(state, rng)
    if state.phase == "titles":
        return _titles(state, rng)
    raise RuleError("ivan.not_now")
