"""The odds of an attack, for each number of armies the attacker may send.

Shown before the attack is chosen, from what the bookkeeping knows is inside the tower and
the simulated tower's model of it. Nothing here restates a rule: what would be thrown is what
the engine's own move throws (the move is carried out on a copy of the game), and what each
possible tray decides is the battle's own verdict (``battle.attack_sides`` and
``battle.attack_verdict``, which the count calls too). Only the chances come from here,
exactly, from ``companion.kits.tower.odds``.

The three outcomes are the attacker's: *win*, the province is theirs; *tie*, nobody holds it
(a tie clears it); *lose*, it stays with whoever held it (or stays neutral). *Survivors* is
the average number of the attacker's armies standing in it afterwards, a lost battle
counting as none.
"""
from __future__ import annotations

import copy
import random
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.errors import RuleError
from companion.games.shogun import actions, battle
from companion.games.shogun.colours import PEASANT
from companion.games.shogun.commands import AnswerBonus, Move
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState, apply
from companion.kits.tower.odds import tray_distributions
from companion.kits.tower.simulated import TowerParams

WIN, TIE, LOSE = 0, 1, 2
OUTCOMES = {"attacker": WIN, "cleared": TIE, "defender": LOSE, "neutral_held": LOSE}
"""The engine's verdicts (``battle.attack_verdict``) as the attacker's three outcomes."""
_CACHE: dict[str, list[dict[str, Any]]] = {}
_CACHE_SIZE = 32
_CACHE_LOCK = threading.Lock()
"""Odds already worked out, by battle: every screen of a decision shows the same ones (the
screens of several games are drawn at once, hence the lock)."""


@dataclass(frozen=True)
class Odds:
    armies: int
    win: float
    tie: float
    lose: float
    survivors: float

    def as_dict(self) -> dict[str, Any]:
        return {"armies": self.armies, "win": self.win, "tie": self.tie, "lose": self.lose,
                "survivors": self.survivors}


def _copy(state: ShogunState) -> ShogunState:
    """A copy the engine may write to freely; the catalog is shared (never written) and the
    log left out (a copy's notes are nobody's)."""
    return copy.deepcopy(state, {id(state.catalog): state.catalog, id(state.log): []})


def _battle_for(state: ShogunState, player: str, target: str) -> dict[str, Any] | None:
    """The battle the engine starts when ``player`` attacks ``target`` with one army: its
    throw (tray cubes, the defenders, peasants, cards' extra cubes), what is inside the
    tower, who defends. None when the move starts no battle. A "+1 army" the attacker's or
    the defender's special card offers is taken: the odds are those of the battle as both
    sides would most likely throw it."""
    scratch = _copy(state)
    play = Play(scratch, lambda event: apply(scratch, event), random.Random(0))
    try:
        actions.move(play, Move(player=player, to=target, armies=1))
        while (scratch.pending or {}).get("kind") == "bonus":
            actions.answer_bonus(play, AnswerBonus(player=scratch.pending["player"], take=True))
    except RuleError:
        return None
    pending = scratch.pending or {}
    return scratch.battle if pending.get("kind") == "tray" else None


def _odds_for(b: dict[str, Any], player: str, most: int, params: TowerParams) -> list[Odds]:
    """One row per army count: the chance of every tray, each tray judged by the battle."""
    defender = b["defender"]
    base = dict(battle.throw_of(b).thrown)
    base[player] -= 1
    watched = [c for c in (player, defender, PEASANT) if c is not None]
    dists = tray_distributions(base, b["inside"], watched, player, most, params)[1:]
    cells = np.argwhere((dists > 0).any(axis=0))
    kinds, stands = [], []
    defended = defender is not None
    for cell in cells.tolist():
        result, armies = battle.attack_verdict(
            *battle.attack_sides(b, dict(zip(watched, cell))), defended)
        kinds.append(OUTCOMES[result])
        stands.append(armies if OUTCOMES[result] == WIN else 0)
    outcome = np.zeros((3,) + dists.shape[1:])          # win, tie, lose
    stand = np.zeros(dists.shape[1:])
    outcome[(np.array(kinds, dtype=int),) + tuple(cells.T)] = 1.0
    stand[tuple(cells.T)] = stands
    flat = dists.reshape(most, -1)
    chances = flat @ outcome.reshape(3, -1).T
    survivors = flat @ stand.reshape(-1)
    return [Odds(armies, *(float(x) for x in chances[armies - 1]), float(survivors[armies - 1]))
            for armies in range(1, most + 1)]


def attack_odds(state: ShogunState, params: TowerParams | None = None) -> dict[str, list[dict[str, Any]]]:
    """For the attack the game awaits: per target the move may attack, one row per number of
    armies the player may send (1 to all but one). Empty when no attack is awaited."""
    pending = state.pending or {}
    if pending.get("kind") != "move" or not pending.get("attack"):
        return {}
    params = params or TowerParams()
    player, src = pending["player"], pending["province"]
    most = state.provinces[src].armies - 1
    odds: dict[str, list[dict[str, Any]]] = {}
    if most < 1:
        return odds
    for target in actions.move_targets(state, pending):
        if state.provinces[target].owner == player:
            continue
        b = _battle_for(state, player, target)
        if b is None:
            continue
        key = repr((b, most, params))
        with _CACHE_LOCK:
            rows = _CACHE.get(key)
        if rows is None:
            rows = [row.as_dict() for row in _odds_for(b, player, most, params)]
            with _CACHE_LOCK:
                if len(_CACHE) >= _CACHE_SIZE:
                    _CACHE.pop(next(iter(_CACHE)))
                _CACHE[key] = rows
        odds[target] = [dict(row) for row in rows]
    return odds


def odds_seen(state: ShogunState, seat: str | None) -> dict[str, Any]:
    """``{"odds": ...}`` for a device's choices while an attack is being chosen: the attacker's
    phone and the table (None) see them; another player's phone would only hurry or
    second-guess the attacker."""
    pending = state.pending or {}
    if seat is not None and seat != pending.get("player"):
        return {}
    odds = attack_odds(state)
    return {"odds": odds} if odds else {}
