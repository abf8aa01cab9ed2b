"""Shogun for the engine's session: command dispatch and the flow between decisions.

After every accepted command the game runs on by itself through everything the rules
settle without a person (laying out cards, paying, collecting, scoring) and stops at the
next decision: a draft pick, the plans, a special card, a move, a special card's "may"
bonus, a revolt order, or the tray count of a throw. ``state.pending`` always names that decision.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from companion.engine import forms
from companion.engine.game import Actor, Decision
from companion.errors import RuleError
from companion.games.shogun import (RULES_VERSION, actions, battle, board, catalog, dajokan, generals,
                                    planning, printed, samurai, setup, tenno, tenno_favours, winter)
from companion.games.shogun import commands as cmds
from companion.games.shogun.colours import PLAYER_COLOURS
from companion.games.shogun.expansions import IMPLEMENTED as EXPANSIONS
from companion.games.shogun.play import Play
from companion.games.shogun.simulate import play_game
from companion.games.shogun.state import ShogunState, apply
from companion.games.shogun.text import names_for, table_lines
from companion.games.shogun.odds import odds_seen
from companion.games.shogun.tray import ShogunTower
from companion.games.shogun.view import view
from companion.games.shogun.web.screens import SCREENS
from companion.i18n import Names


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
    cmds.AnswerBonus: actions.answer_bonus,
    cmds.ValourBonus: samurai.choose,
    cmds.PlaceGeneral: generals.choose,
    cmds.ClaimMinistry: dajokan.choose,
    cmds.TellPrinted: printed.tell,
    cmds.ChooseRevolt: winter.choose,
    cmds.EndGame: winter.end_early,
    cmds.TakeFavour: tenno.choose,
    cmds.UseFavour: tenno_favours.use,
}


def _end_round(play: Play) -> None:
    """Tenno's Court: the round's immunities end; Dajokan's claims, then Generals: «После
    каждого раунда игроки должны передвигать своих генералов», then the next season."""
    tenno_favours.end_round(play)
    after = dajokan.after_round(play.state)
    if after != "season_end":
        play.phase(after)
        return
    _next_season(play)


def _start_round(play: Play) -> None:
    """Dajokan: «В начале каждого раунда» its six tokens, before the round's cards."""
    if dajokan.ready_for_round(play):
        planning.start_round(play)


def _next_season(play: Play) -> None:
    s = play.state
    if s.season < len(play.catalog.cards["seasons"]) - 1:
        play.event("season", season=s.season + 1)
        play.phase("round_start")
    else:
        winter.start(play)


def _actions(play: Play) -> None:
    """Tenno's Court: «Эти действия выполняются до выполнения 10 действий основной игры»."""
    if tenno.palace_due(play.state):
        play.phase("palace")
        return
    actions.run(play)


STEPS: dict[str, Callable[[Play], None]] = {
    "round_start": _start_round,
    "general_place": generals.place_first,
    "valour": samurai.run,
    "actions": _actions,
    "palace": tenno.run,
    "round_end": _end_round,
    "dajokan_claims": dajokan.claims,
    "general_move": generals.move_after_round,
    "season_end": _next_season,
    "general_return": generals.return_after_winter,
    "winter": winter.run,
}


def proceed(play: Play) -> None:
    """Run every step the rules settle alone, up to the next decision or the end."""
    s = play.state
    while s.pending is None and s.phase in STEPS:
        STEPS[s.phase](play)


TABLE_ONLY = frozenset({"create", "count_tray", "cubes_fell", "printed"})
HOST_ONLY = frozenset({"end_game"})


def check_sender(command: Mapping[str, Any], actor: Actor) -> None:
    """Who may send what: the table counts the tray and makes the game, the host ends it
    early, a phone acts only for its own colour (the table acts for anyone: the group may
    pass the tablet). Checked before the command's shape, so a phone learns nothing from
    a table-only command it may not send."""
    kind = command.get("type") if isinstance(command, Mapping) else None
    kind = kind if isinstance(kind, str) else None
    if kind in HOST_ONLY:
        if actor.role != "host":
            raise RuleError("host.bad_pin")
    elif kind in TABLE_ONLY:
        if not actor.is_table:
            raise RuleError("device.table_only")
    elif actor.role == "onlooker":
        raise RuleError("device.unknown")
    elif not actor.is_table and isinstance(command, Mapping) and \
            command.get("player") != actor.seat:
        raise RuleError("device.not_your_colour", player=actor.seat)


DECIDED_BY_TABLE = frozenset({"tray", printed.KIND})
TIMED = frozenset({"plans"})


class ShogunRules:
    """The Shogun base game (sun or moon board, 3-5 players) for an engine session."""

    name = "shogun"
    rules_version = RULES_VERSION
    capabilities = frozenset({"tower", "board"})
    tower = ShogunTower()
    screens = SCREENS

    def titles(self) -> Mapping[str, str]:
        return {"ru": "Сёгун", "cs": "Shogun", "en": "Shogun"}

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Players in seating order, oldest first: ``players`` as a list of {colour, name},
        or the new-game form's ``seat1..seat5`` (a colour or empty) and ``name1..name5``;
        ``setup`` (the recommended provinces unless "draft") and ``side``; ``expansions``
        as a list of names, or the form's ticked ``expansion_<name>`` box of each one this
        install plays (none: the base game, whose command has no such key)."""
        players = options.get("players")
        if not isinstance(players, list):
            players = []
            for seat in range(1, len(PLAYER_COLOURS) + 1):
                colour = str(options.get(f"seat{seat}") or "").strip()
                if colour:
                    players.append({"colour": colour,
                                    "name": str(options.get(f"name{seat}") or "").strip()[:24]})
        command = {"type": "create", "setup": str(options.get("setup") or "recommended"),
                   "side": str(options.get("side") or "sun"), "players": players}
        chosen = options.get("expansions")
        if chosen is None:
            chosen = [name for name in EXPANSIONS
                      if forms.ticked(options.get(f"expansion_{name}"))]
        if chosen:
            command["expansions"] = chosen
            if options.get("printed"):
                command["printed"] = options["printed"]
        return command

    def data_version(self) -> str:
        return catalog.data_version(catalog.documents())

    def new_state(self) -> ShogunState:
        return ShogunState()

    def apply(self, state: ShogunState, event: dict) -> None:
        apply(state, event)

    def execute(self, state: ShogunState, command: Any, actor: Actor, rng: random.Random,
                emit: Callable[[dict], None]) -> None:
        check_sender(command, actor)
        cmd = cmds.parse(command)
        if state.phase == "new" and not isinstance(cmd, cmds.CreateGame):
            raise RuleError("game.not_created")
        play = Play(state, emit, rng)
        HANDLERS[type(cmd)](play, cmd)
        proceed(play)

    def decision(self, state: ShogunState) -> Decision | None:
        pending = state.pending
        if pending is None:
            return None
        kind = pending["kind"]
        if kind in DECIDED_BY_TABLE:
            return Decision(kind, table=True)
        seats = pending.get("waiting") or ([pending["player"]] if pending.get("player") else [])
        return Decision(kind, seats=tuple(seats), timed=kind in TIMED)

    def seats(self, state: ShogunState) -> tuple[str, ...]:
        return tuple(state.seating)

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict], Any] | None = None,
                 expansions: tuple[str, ...] = ()) -> Any:
        return play_game(players, seed, check=check, session_factory=session_factory,
                         expansions=expansions).session

    def board_steps(self, state: ShogunState, events: list[dict]) -> list[dict[str, Any]]:
        return board.board_steps(state, events)

    def undo_steps(self, done: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.undo_steps(done)

    def undoable(self, events: list[dict]) -> bool:
        return not any(e["type"] == "bids" for e in events)

    def printed_questions(self) -> Mapping[str, Any]:
        return printed.every_question(EXPANSIONS)

    def summary(self, state: ShogunState) -> dict[str, Any]:
        return {"phase": state.phase, "year": state.year, "season": state.season,
                "players": [{"seat": c, "colour": c, "name": state.players[c].name,
                             "score": state.players[c].score} for c in state.seating],
                "result": state.result}

    def view(self, state: ShogunState, seat: str | None = None) -> dict[str, Any]:
        return view(state, seat)

    def text(self, state: ShogunState, lang: str, log: int) -> list[str]:
        return table_lines(state, lang, log)

    def names(self, state: ShogunState, lang: str) -> Names:
        return names_for(state, lang)

    def facts(self, state: ShogunState) -> catalog.Catalog:
        return state.catalog

    def choices(self, state: ShogunState, seat: str | None) -> dict[str, Any]:
        pending = state.pending
        if pending and pending["kind"] == "move":
            return {"targets": actions.move_targets(state, pending), **odds_seen(state, seat)}
        if pending and pending["kind"] == "plans" and seat in pending["waiting"]:
            unbuildable = planning.unbuildable(state, seat)
            for province, cells in tenno.unexchangeable(state, seat).items():
                unbuildable[province] = {**unbuildable.get(province, {}), **cells}
            return {"unbuildable": unbuildable}
        return {}


GAME = ShogunRules()
