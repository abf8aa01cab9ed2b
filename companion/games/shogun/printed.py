"""What Shogun's expansions print on their cards and boards but their rules do not say.

Each expansion's data file declares its questions (``"printed"``, checked by
``companion.engine.printed``). A game knows the values its install was told before (the
create command's ``printed``, recorded in the ``created`` event) and those its table tells
it in play (``printed`` events). A step that needs an unknown value asks the table and
returns: the table's answer clears the decision, and ``rules.proceed`` runs the same step
again, which now finds the value. So a step asks before it emits anything.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine import printed
from companion.engine.printed import EVENT, Question, declared
from companion.games.shogun.catalog import read_data
from companion.games.shogun.commands import TellPrinted
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState

KIND = "printed"
"""The table's decision: tell the values the pending record's ``questions`` ask."""


def of_expansions(documents: Mapping[str, Mapping[str, Any]]) -> dict[str, Question]:
    """The questions of these expansions' data documents, by key."""
    found: dict[str, Question] = {}
    for name, document in documents.items():
        found.update(declared(document.get("printed", ()), name))
    return found


def every_question(implemented: tuple[str, ...]) -> dict[str, Question]:
    """Every question this install's expansions may ask (their packaged data): what the
    install's page of printed values lists."""
    return of_expansions({name: read_data(f"{name}.json") for name in implemented})


def known(values: Mapping[str, Any], documents: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The install's values a new game with these expansions records (each checked)."""
    return printed.checked(values, of_expansions(documents))


def value(state: ShogunState, key: str) -> Any:
    """The value printed under ``key`` as this game knows it, or None."""
    return state.printed.get(key)


def missing(state: ShogunState, keys: list[str]) -> list[str]:
    """The keys among ``keys`` this game does not know yet, each once, in order."""
    return printed.missing(state.printed, keys)


def ask(play: Play, *keys: str) -> None:
    """Await the table's answer to these questions (one screen for all of them)."""
    questions = of_expansions(play.state.expansions)
    play.pending(KIND, questions=[questions[k].shown() for k in keys])


def tell(play: Play, cmd: TellPrinted) -> None:
    """The table's answer: every question asked, each with a value its card could show."""
    pending = play.expect(KIND)
    values = printed.answered(pending["questions"], cmd.values, of_expansions(play.state.expansions))
    play.pending(None)
    play.event(EVENT, values=values)
    play.note("printed.told", n=len(values))
