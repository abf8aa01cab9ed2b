"""Edo for an engine session: the seam between the platform and the rules.

After every accepted command the game runs on by itself through what the rules settle
without a person (the set-up once its values are known, cards that need no choice, the end
of a round) and stops at the next decision, which ``decision`` names.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine import forms
from companion.engine.game import Decision, versions
from companion.engine.handled import HandledGame
from companion.games.edo import (RULES_VERSION, actions, board, catalog, deal, execution,
                                 planning, purse, roads, setup, simulate, text, upkeep, values)
from companion.games.edo import commands as cmds
from companion.games.edo.play import Play
from companion.games.edo.state import EdoState, apply
from companion.games.edo.view import choices, view
from companion.games.edo.web.screens import SCREENS
from companion.i18n import Names

HANDLERS: dict[type, Callable[[Play, Any], None]] = {
    cmds.TellPrinted: values.tell,
    cmds.Roads: roads.tell,
    cmds.RoadsLater: roads.later,
    cmds.Draw: deal.came,
    cmds.Plan: planning.submit,
    cmds.Move: execution.move,
    cmds.Reveal: execution.reveal,
    cmds.Act: actions.act,
    cmds.Done: execution.done,
    cmds.Wages: upkeep.wages,
    cmds.Income: upkeep.income,
    cmds.Cover: purse.cover,
}

STEPS: dict[str, Callable[[Play], bool]] = {
    "setup": setup.start,
    "planning": planning.step,
    "execution": execution.step,
    "wages": upkeep.wages_step,
    "income": upkeep.income_step,
    "round_end": upkeep.round_end,
}

TABLE_ONLY = frozenset({"create", "printed", "roads", "roads_later", "draw", "income"})


class EdoRules(HandledGame):
    """Edo, 2 to 4 players, for an engine session."""

    table_only = TABLE_ONLY
    handlers = HANDLERS
    steps = STEPS
    create_type = cmds.Create
    play_type = Play
    game_over = "edo.game_over"

    name = "edo"
    rules_version = RULES_VERSION
    capabilities = frozenset({"board"})
    screens = SCREENS

    def titles(self) -> Mapping[str, str]:
        return {"ru": "Эдо", "cs": "Edo", "en": "Edo"}

    def data_version(self) -> str:
        return catalog.version()

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Players as a list of {seat, name} (a seat is a colour), or the form's
        ``seat1..seat4`` and ``name1..name4``; ``referee`` and ``table_deals`` ticked or
        true (or ``deal`` "table")."""
        players = forms.seated(options)
        by_table = options.get("deal") == "table" or forms.ticked(options.get("table_deals"))
        command: dict[str, Any] = {"type": "create", "players": players,
                                   "referee": forms.ticked(options.get("referee")),
                                   "deal": "table" if by_table else "app"}
        if options.get("printed"):
            command["printed"] = options["printed"]
        return command

    def new_state(self) -> EdoState:
        return EdoState()

    def apply(self, state: EdoState, event: dict[str, Any]) -> None:
        apply(state, event)

    def parse(self, command: Mapping[str, Any]) -> Any:
        return cmds.parse(command)

    def create(self, play: Play, command: Any) -> None:
        setup.create(play, command, versions(self))

    def decision(self, state: EdoState) -> Decision | None:
        if not state.created or state.over:
            return None
        if state.pending is not None:
            return Decision(state.pending["kind"], table=True)
        if state.phase == "planning":
            return Decision("plans", seats=tuple(planning.waiting(state)), timed=True)
        if state.phase == "execution" and state.turn is not None:
            kind = "act" if state.turn["revealed"] else "reveal"
            return Decision(kind, seats=(state.turn["player"],))
        if state.phase == "wages" and state.queue:
            return Decision("wages", seats=(state.queue[0],))
        if state.phase == "income" and state.queue:
            return Decision("income", table=True)
        return None

    def view(self, state: EdoState, seat: str | None = None) -> dict[str, Any]:
        return view(state, seat)

    def choices(self, state: EdoState, seat: str | None) -> dict[str, Any]:
        return choices(state, seat)

    def facts(self, state: EdoState) -> dict[str, Any]:
        return {"locations": dict(state.locations), "actions": state.data.get("actions", {}),
                "end_power": state.data.get("end_power", 0)}

    def summary(self, state: EdoState) -> dict[str, Any]:
        return {"phase": state.phase, "round": state.round,
                "players": [{"seat": seat, "colour": seat, "name": state.players[seat].name,
                             "score": state.players[seat].power} for seat in state.seating],
                "result": state.result}

    def text(self, state: EdoState, lang: str, log: int) -> list[str]:
        return text.table_lines(state, lang, log)

    def names(self, state: EdoState, lang: str) -> Names:
        return text.names_for(state, lang)

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict[str, Any]], Any] | None = None) -> Any:
        return simulate.play_game(self, players, seed, check=check, session_factory=session_factory)

    def board_steps(self, state: EdoState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.board_steps(state, events)

    def undo_steps(self, done: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.undo_steps(done)

    def undoable(self, events: list[dict[str, Any]]) -> bool:
        """A card once turned up cannot be turned down again: nobody can unsee it."""
        return not any(e["type"] == "revealed" for e in events)

    def printed_questions(self) -> Mapping[str, Any]:
        return catalog.questions()


GAME = EdoRules()
