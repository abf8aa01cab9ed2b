"""The values Edo's cards and board print but its rulebook does not say, and when each is
needed: the set-up's before the first round, a card's actions before it can be planned, the
yields and building costs when a card that uses them is revealed, the current merchant
card's offers when a trade card is (not in referee mode, where the table enters what was
paid and gained instead)."""
from __future__ import annotations

from typing import Any, Mapping

from companion.engine import printed
from companion.engine.printed import EVENT
from companion.errors import RuleError
from companion.games.edo import catalog
from companion.games.edo.commands import TellPrinted
from companion.games.edo.play import Play
from companion.games.edo.state import EdoState

KIND = "printed"
BUILDINGS = ("house", "post", "fortress")
YIELD_COUNTS = (1, 2, 3, 4)
MAP_KINDS = ("city", "forest", "quarry", "field", "post")
MERCHANT_PARTS = ("resource", "price", "most", "point_good", "point_price")
ANY_RESOURCE = "any"


def card_keys(card: str) -> list[str]:
    """The printed keys of one authorization card's actions (and a special card's limits)."""
    if card.startswith("special"):
        return [f"edo.{card}.{what}{n}" for n in (1, 2) for what in ("action", "most")]
    return [f"edo.{card}.action{n}" for n in range(1, 5)]


def setup_keys(side: str, starting_cards: int) -> list[str]:
    keys = [k for c in range(1, starting_cards + 1) for k in card_keys(f"card{c}")]
    keys += [f"edo.start.{what}" for what in ("officials", "ryo", "rice", "wood", "stone")]
    keys += [f"edo.pieces.{what}" for what in ("houses", "fortresses", "shogun")]
    keys += [f"edo.map.{side}.{kind}" for kind in MAP_KINDS]
    return keys + ["edo.special.display"]


def building_keys() -> list[str]:
    return [f"edo.{part}" for b in BUILDINGS
            for part in (f"cost.{b}.wood", f"cost.{b}.stone", f"cost.{b}.ryo", f"points.{b}")]


def yield_keys() -> list[str]:
    return [f"edo.yield.samurai{n}" for n in YIELD_COUNTS]


def merchant_keys(card: str) -> list[str]:
    """The printed keys of one merchant card's two offers: resources at a price in ryo a
    piece up to a most, and 1 power point for a price in one good."""
    return [f"edo.{card}.{what}" for what in MERCHANT_PARTS]


def merchant_offer(state: EdoState) -> dict[str, Any] | None:
    """The current merchant card's offers as printed, by which the game prices a trade; None
    in referee mode or while any is unknown, when the table enters what a trade paid and gave."""
    card = state.merchant_card
    if state.referee or card is None or missing(state, merchant_keys(card)):
        return None
    return {what: state.printed[f"edo.{card}.{what}"] for what in MERCHANT_PARTS}


def missing(state: EdoState, keys: list[str]) -> list[str]:
    return printed.missing(state.printed, keys)


def ask(play: Play, keys: list[str]) -> None:
    """Await the table's answer to these questions (one screen for all of them)."""
    questions = catalog.questions()
    play.pending(KIND, questions=[questions[k].shown() for k in keys])


def card_actions(state: EdoState, card: str) -> dict[str, int]:
    """The actions a card shows and how many executions each allows (its limit)."""
    actions = state.data["actions"]
    if card.startswith("special"):
        return {state.printed[f"edo.{card}.action{n}"]: state.printed[f"edo.{card}.most{n}"]
                for n in (1, 2)}
    return {state.printed[f"edo.{card}.action{n}"]: actions[state.printed[f"edo.{card}.action{n}"]]["most"]
            for n in range(1, 5)}


def _distinct_on_cards(values: Mapping[str, Any], state: EdoState) -> None:
    """«Каждая карта позволяет выполнить 4 различных действия»: one action twice on a card
    cannot be what it prints."""
    known = {**state.printed, **values}
    cards = {key.split(".")[1] for key in values if ".action" in key}
    for card in cards:
        shown = [v for k, v in known.items() if k.startswith(f"edo.{card}.action")]
        if len(shown) != len(set(shown)):
            raise RuleError("edo.card_repeats", card=card)


def tell(play: Play, cmd: TellPrinted) -> None:
    """The table's answer to every question asked, each a value its card could show."""
    pending = play.state.pending
    if pending is None or pending["kind"] != KIND:
        raise RuleError("edo.not_now")
    values = printed.answered(pending["questions"], cmd.values, catalog.questions())
    _distinct_on_cards(values, play.state)
    play.pending(None)
    play.event(EVENT, values=values)
    play.note("printed.told", n=len(values))
