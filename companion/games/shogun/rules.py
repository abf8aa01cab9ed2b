"""Shogun for the engine's session: command dispatch and the flow between decisions.

After every accepted command the game runs on by itself through everything the rules
settle without a person (laying out cards, paying, collecting, scoring) and stops at the
next decision: a draft pick, the plans, a special card, a move, a revolt order, or the
tray count of a throw. ``state.pending`` always names that decision.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from companion.errors import RuleError
from companion.games.shogun import actions, battle, planning, setup, winter
from companion.games.shogun import commands as cmds
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState, apply
from companion.games.shogun.view import view


def _count_tray(play: Play, cmd: cmds.CountTray) -> None:
    """Resolve the throw, then finish whatever the battle interrupted."""
    play.expect("tray")
    then = play.state.battle["then"]
    outcome = battle.count(play, cmd.counts)
    AFTER_BATTLE[then["kind"]](play, then, outcome)


def _start_game(play: Play, then: dict, outcome: dict) -> None:
    """After the tower is loaded: the year's four event cards, then spring."""
    events = [e["id"] for e in play.catalog.cards["events"]]
    play.rng.shuffle(events)
    n = play.catalog.cards["events_per_year"]
    play.event("year", year=1, deck=events[n:], events=events[:n])
    play.event("season", season=0)
    play.phase("round_start")


AFTER_BATTLE: dict[str, Callable[[Play, dict, dict], None]] = {
    "start_game": _start_game,
    "collect": actions.after_battle,
    "acted": actions.after_battle,
    "winter": lambda play, then, outcome: None,
}

HANDLERS: dict[type, Callable[[Play, Any], None]] = {
    cmds.CreateGame: setup.create,
    cmds.DraftRefresh: setup.refresh,
    cmds.DraftPick: setup.pick,
    cmds.CountTray: _count_tray,
    cmds.CubesFell: lambda play, cmd: battle.fell(play, cmd.counts),
    cmds.SubmitPlan: planning.submit,
    cmds.ChooseSpecial: planning.choose,
    cmds.Move: actions.move,
    cmds.Pass: actions.decline,
    cmds.ChooseRevolt: winter.choose,
    cmds.EndGame: winter.end_early,
}


def _end_round(play: Play) -> None:
    s = play.state
    if s.season < len(play.catalog.cards["seasons"]) - 1:
        play.event("season", season=s.season + 1)
        play.phase("round_start")
    else:
        winter.start(play)


STEPS: dict[str, Callable[[Play], None]] = {
    "round_start": planning.start_round,
    "actions": actions.run,
    "round_end": _end_round,
    "winter": winter.run,
}


def proceed(play: Play) -> None:
    """Run every step the rules settle alone, up to the next decision or the end."""
    s = play.state
    while s.pending is None and s.phase in STEPS:
        STEPS[s.phase](play)


class ShogunRules:
    """The Shogun base game (sun or moon board, 3-5 players) for an engine session."""

    name = "shogun"

    def new_state(self) -> ShogunState:
        return ShogunState()

    def apply(self, state: ShogunState, event: dict) -> None:
        apply(state, event)

    def execute(self, state: ShogunState, command: Any, rng: random.Random,
                emit: Callable[[dict], None]) -> None:
        cmd = cmds.parse(command)
        if state.phase == "new" and not isinstance(cmd, cmds.CreateGame):
            raise RuleError("game.not_created")
        play = Play(state, emit, rng)
        HANDLERS[type(cmd)](play, cmd)
        proceed(play)

    def seed_of(self, state: ShogunState) -> int:
        return state.seed

    def undoable(self, events: list[dict]) -> bool:
        return not any(e["type"] == "bids" for e in events)

    def summary(self, state: ShogunState) -> dict[str, Any]:
        return {"phase": state.phase, "year": state.year, "season": state.season,
                "players": [{"colour": c, "name": state.players[c].name,
                             "score": state.players[c].score} for c in state.seating],
                "result": state.result}

    def view(self, state: ShogunState, viewer: str | None = None) -> dict[str, Any]:
        return view(state, viewer)
