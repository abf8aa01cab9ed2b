"""Little Empires: Samurai for an engine session: the seam between the platform and the rules.

After every accepted command the game runs on by itself through what the rules settle
without a person (the set-up once its values are known, the reveal of the destiny cards,
harvest tokens, the end of an era) and stops at the next decision, which ``decision`` names.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine import forms
from companion.engine.game import Decision, versions
from companion.engine.handled import HandledGame
from companion.games.little_empires import (RULES_VERSION, agenda, board, catalog, era, expedition,
                                            orders, planning, roads, setup, simulate, text, values)
from companion.games.little_empires import commands as cmds
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState, apply
from companion.games.little_empires.view import choices, view
from companion.games.little_empires.web.screens import SCREENS
from companion.i18n import Names

HANDLERS: dict[type, Callable[[Play, Any], None]] = {
    cmds.TellPrinted: values.tell,
    cmds.Destiny: planning.choose,
    cmds.Place: planning.place,
    cmds.Act: orders.act,
    cmds.Bonus: era.bonus,
    cmds.Significance: era.significance,
    cmds.QuickTokens: setup.quick_tokens,
    cmds.Expedition: expedition.follow_up,
}

STEPS: dict[str, Callable[[Play], bool]] = {
    "setup": setup.start,
    "destiny": planning.destiny_step,
    "planning": planning.planning_step,
    "execution": orders.execution_step,
    "era_end": era.harvest_and_influence,
    "bonus": era.bonus_step,
    "shrines": era.shrines_step,
    "final": era.final_step,
}

TABLE_ONLY = frozenset({"create", "printed", "bonus", "significance", "quick_tokens"})



class LittleEmpiresRules(HandledGame):
    """Little Empires: Samurai, 2 to 4 players, for an engine session."""

    table_only = TABLE_ONLY
    handlers = HANDLERS
    steps = STEPS
    create_type = cmds.Create
    play_type = Play
    game_over = "le.game_over"

    name = "little-empires"
    rules_version = RULES_VERSION
    capabilities = frozenset({"board"})
    screens = SCREENS

    def titles(self) -> Mapping[str, str]:
        return {"ru": "Маленькие империи. Самураи", "cs": "Malá impéria: Samurajové",
                "en": "Little Empires: Samurai"}

    def data_version(self) -> str:
        return catalog.version()

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Players as a list of {seat, name} (a seat is a colour), or the form's
        ``seat1..seat4`` and ``name1..name4``; ``referee`` and the variants
        (``heavenly_shrines``, ``agenda``, ``random_quick``) ticked or true."""
        players = forms.seated(options)

        command: dict[str, Any] = {"type": "create", "players": players, "referee": forms.ticked(options.get("referee"))}
        variants = options.get("variants")
        if isinstance(variants, list):
            command["variants"] = variants
        else:
            command["variants"] = [v for v in catalog.data()["variants"] if forms.ticked(options.get(v))]
        if options.get("printed"):
            command["printed"] = options["printed"]
        return command

    def new_state(self) -> LEState:
        return LEState()

    def apply(self, state: LEState, event: dict[str, Any]) -> None:
        apply(state, event)

    def parse(self, command: Mapping[str, Any]) -> Any:
        return cmds.parse(command)

    def create(self, play: Play, command: Any) -> None:
        setup.create(play, command, versions(self))

    def after(self, play: Play, command: Any) -> None:
        """The agenda variant's tokens are checked after every move that can meet one."""
        if isinstance(command, (cmds.Place, cmds.Act, cmds.Expedition)) and play.state.agenda:
            agenda.check(play, command.player)

    def decision(self, state: LEState) -> Decision | None:
        if not state.created or state.over:
            return None
        if state.pending is not None and state.pending["kind"] == "expedition":
            return Decision("expedition", seats=(state.pending["player"],))
        if state.pending is not None:
            return Decision(state.pending["kind"], table=True)
        if state.phase == "destiny":
            return Decision("destiny", seats=tuple(planning.choosing(state)))
        if state.phase == "planning":
            seat = planning.placer(state)
            return Decision("place", seats=(seat,)) if seat else None
        at = orders.current(state)
        if at is not None:
            return Decision("act", seats=(at[1]["owner"],))
        return None

    def view(self, state: LEState, seat: str | None = None) -> dict[str, Any]:
        return view(state, seat)

    def choices(self, state: LEState, seat: str | None) -> dict[str, Any]:
        return choices(state, seat)

    def facts(self, state: LEState) -> dict[str, Any]:
        """The board as the table told it: each cell's region and quick action, each
        province's resource cell, shrine and coast; and the next province whose map is untold."""
        if not state.cards:
            return {}
        untold = roads.unknown_from(state)
        return {"cells": [{"cell": n, "region": values.cell_region(state, n),
                           "quick": values.cell_quick(state, n)} for n in range(1, len(state.cells) + 1)],
                "regions": dict(state.data["regions"]), "resources": dict(state.resource_at),
                "shrines": dict(state.shrine_at), "coast": roads.told_coast(state),
                "untold_map": None if untold is None else {"province": untold[0], "coast": untold[1],
                                                           "links": [list(link) for link in untold[2]]}}

    def summary(self, state: LEState) -> dict[str, Any]:
        return {"phase": state.phase, "era": state.era, "round": state.round,
                "players": [{"seat": seat, "colour": seat, "name": state.players[seat].name,
                             "score": state.players[seat].vp} for seat in state.seating],
                "result": None if state.result is None else {"winners": state.result["winners"]}}

    def text(self, state: LEState, lang: str, log: int) -> list[str]:
        return text.table_lines(state, lang, log)

    def names(self, state: LEState, lang: str) -> Names:
        return text.names_for(state, lang)

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict[str, Any]], Any] | None = None) -> Any:
        return simulate.play_game(self, players, seed, check=check, session_factory=session_factory)

    def board_steps(self, state: LEState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.board_steps(state, events)

    def undo_steps(self, done: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.undo_steps(done)

    def undoable(self, events: list[dict[str, Any]]) -> bool:
        """A destiny card, an order token or a mountain token once turned up cannot be turned
        down again."""
        return not any(e["type"] in ("destiny", "revealed", "mountain_flipped") for e in events)

    def printed_questions(self) -> Mapping[str, Any]:
        return catalog.questions()


GAME = LittleEmpiresRules()
