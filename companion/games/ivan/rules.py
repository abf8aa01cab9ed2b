"""Ivan the Terrible for an engine session: the seam between the platform and the rules.

After every accepted command the game runs on by itself through what the rules settle
without a person (the set-up once its values are known, the first decade's deal) and stops
at the next decision, which ``decision`` names.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine import forms
from companion.engine.game import Decision, versions
from companion.engine.handled import HandledGame
from companion.games.ivan import (RULES_VERSION, board, catalog, chambers, kremlin, regions, scoring,
                                  setup, simulate, text, values)
from companion.games.ivan import commands as cmds
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState, apply
from companion.games.ivan.view import choices, view
from companion.games.ivan.web.screens import SCREENS
from companion.i18n import Names

HANDLERS: dict[type, Callable[[Play, Any], None]] = {
    cmds.TellPrinted: values.tell,
    cmds.Deal: setup.table_deal,
    cmds.Keep: setup.keep,
    cmds.Muster: setup.muster,
    cmds.Place: kremlin.place,
    cmds.Leave: kremlin.leave,
    cmds.Income: chambers.income,
    cmds.Manoeuvre: chambers.manoeuvre,
    cmds.TakeProject: chambers.take_project,
    cmds.Complete: chambers.complete,
    cmds.Exchange: chambers.exchange,
    cmds.TakeForeign: chambers.take_foreign,
    cmds.Grant: chambers.grant,
    cmds.Effect: chambers.effect,
    cmds.Free: chambers.free,
    cmds.TokensForProject: chambers.tokens_for_project,
    cmds.Done: chambers.done,
    cmds.RegionCommand: regions.region,
    cmds.Choose: regions.choose,
    cmds.Titles: scoring.score_titles,
}

STEPS: dict[str, Callable[[Play], bool]] = {"setup": setup.start, "keep": setup.keep_step}

TABLE_ONLY = frozenset({"create", "printed", "deal", "region", "titles"})


class IvanRules(HandledGame):
    """Ivan the Terrible, 2 to 4 players, for an engine session."""

    table_only = TABLE_ONLY
    handlers = HANDLERS
    steps = STEPS
    create_type = cmds.Create
    play_type = Play
    game_over = "ivan.game_over"

    name = "ivan"
    rules_version = RULES_VERSION
    capabilities = frozenset({"board"})
    screens = SCREENS

    def titles(self) -> Mapping[str, str]:
        return {"ru": "Иван Грозный. Первый царь", "cs": "Ivan Hrozný. První car",
                "en": "The First Tsar: Ivan the Terrible"}

    def data_version(self) -> str:
        return catalog.version()

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Players as a list of {seat, name} (a seat is a family's colour), or the form's
        ``seat1..seat4`` and ``name1..name4``; ``referee`` and ``table_deals`` ticked or true
        (or ``deal`` "table")."""
        players = forms.seated(options)
        by_table = options.get("deal") == "table" or forms.ticked(options.get("table_deals"))
        command: dict[str, Any] = {"type": "create", "players": players,
                                   "referee": forms.ticked(options.get("referee")),
                                   "influence": "map" if options.get("influence") == "map" else "entered",
                                   "deal": "table" if by_table else "app"}
        if options.get("printed"):
            command["printed"] = options["printed"]
        return command

    def new_state(self) -> IvanState:
        return IvanState()

    def apply(self, state: IvanState, event: dict[str, Any]) -> None:
        apply(state, event)

    def parse(self, command: Mapping[str, Any]) -> Any:
        return cmds.parse(command)

    def create(self, play: Play, command: Any) -> None:
        setup.create(play, command, versions(self))

    def decision(self, state: IvanState) -> Decision | None:
        if not state.created or state.over:
            return None
        if state.pending is not None:
            return Decision(state.pending["kind"], table=True)
        if state.phase == "dealing":
            return Decision("deal", table=True)
        if state.phase == "keep":
            return Decision("keep", seats=tuple(setup.waiting_to_keep(state)))
        if state.phase == "muster" and state.turn is not None:
            return Decision("muster", seats=(state.turn["player"],))
        if state.phase in ("planning", "actions") and state.turn is not None:
            return Decision("place" if state.phase == "planning" else "act", seats=(state.turn["player"],))
        if state.phase == "regions":
            current = (state.region or {}).get("current")
            if current:
                return Decision("choose", seats=(current["chooser"],))
            return Decision("region", table=True)
        if state.phase == "titles":
            return Decision("titles", table=True)
        return None

    def view(self, state: IvanState, seat: str | None = None) -> dict[str, Any]:
        return view(state, seat)

    def choices(self, state: IvanState, seat: str | None) -> dict[str, Any]:
        return choices(state, seat)

    def facts(self, state: IvanState) -> dict[str, Any]:
        return {"chambers": list(state.data.get("chambers", [])), "regions": list(state.data.get("regions", [])),
                "assignments": list(state.data.get("assignments", [])),
                "colours": {card: state.printed.get(f"ivan.assignment.{card}") for card in values.COLOUR_CARDS}}

    def summary(self, state: IvanState) -> dict[str, Any]:
        return {"phase": state.phase, "decade": state.decade,
                "players": [{"seat": seat, "colour": seat, "name": state.players[seat].name,
                             "score": state.players[seat].vp} for seat in state.seating],
                "result": state.result}

    def text(self, state: IvanState, lang: str, log: int) -> list[str]:
        return text.table_lines(state, lang, log)

    def names(self, state: IvanState, lang: str) -> Names:
        return text.names_for(state, lang)

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict[str, Any]], Any] | None = None) -> Any:
        return simulate.play_game(self, players, seed, check=check, session_factory=session_factory)

    def board_steps(self, state: IvanState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.board_steps(state, events)

    def undo_steps(self, done: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return board.undo_steps(done)

    def undoable(self, events: list[dict[str, Any]]) -> bool:
        """A project taken from the deck is seen by its taker: undo would not unsee it."""
        return not any(e["type"] == "note" and e["key"] == "ivan.took_project_deck" for e in events)

    def printed_questions(self) -> Mapping[str, Any]:
        return catalog.questions()


GAME = IvanRules()
