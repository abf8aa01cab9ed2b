"""The values Ivan's components print but its rulebook does not say, and when each is
needed: the four assignment cards' city colours before the first deal (never in referee
mode, where the cards are named by number and the table reads their colours itself)."""
from __future__ import annotations

from companion.engine import printed
from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.ivan import catalog, cities
from companion.games.ivan.commands import TellPrinted
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState

KIND = "printed"
COLOUR_CARDS = ("colour1", "colour2", "colour3", "colour4")


def setup_keys(state: IvanState) -> list[str]:
    """The cards' colours (not in referee mode), and the map's cities when it is tracked."""
    colours = [] if state.referee else [f"ivan.assignment.{card}" for card in COLOUR_CARDS]
    return colours + cities.keys(state)


def missing(state: IvanState, keys: list[str]) -> list[str]:
    return printed.missing(state.printed, keys)


def ask(play: Play, keys: list[str]) -> None:
    """Await the table's answer to these questions (one screen for all of them)."""
    questions = catalog.questions()
    play.pending(KIND, questions=[questions[k].shown() for k in keys])


def tell(play: Play, cmd: TellPrinted) -> None:
    """The table's answer to every question asked; «Четыре карты соответствуют цветам
    городов»: four cards, four different colours."""
    pending = play.state.pending
    if pending is None or pending["kind"] != KIND:
        raise RuleError("ivan.not_now")
    values = printed.answered(pending["questions"], cmd.values, catalog.questions())
    known = {**play.state.printed, **values}
    colours = [known[f"ivan.assignment.{c}"] for c in COLOUR_CARDS if f"ivan.assignment.{c}" in known]
    if len(colours) != len(set(colours)):
        raise RuleError("ivan.colours_repeat")
    play.pending(None)
    play.event(EVENT, values=values)
    play.note("printed.told", n=len(values))
