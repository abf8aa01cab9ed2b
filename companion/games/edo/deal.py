"""The game's draws: the first player, the special cards laid out and each one that refills
the display, the merchant card turned up each round. The app draws them from the decks it
shuffled at creation, or, when the group chose so, the table shuffles the real decks and taps
which card came, from the cards still in the deck. Either way the draw is the same event, so
replay and undo never ask who drew."""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.edo.commands import Draw
from companion.games.edo.play import Play
from companion.games.edo.state import EdoState

KIND = "draw"


def by_table(state: EdoState) -> bool:
    return state.dealer == "table"


def _ask(play: Play, what: str, count: int, options: list[str], **context: Any) -> None:
    """Await the table's tap: ``count`` of ``options`` (the cards still in the deck)."""
    play.pending(KIND, what=what, count=count, options=list(options), **context)


def _shows(state: EdoState) -> dict[str, list[str]]:
    """The actions of each special card still in the deck whose actions the install knows,
    so that the table finds the card it holds by what it prints."""
    found = {}
    for card in state.special_deck:
        actions = [state.printed.get(f"edo.{card}.action{n}") for n in (1, 2)]
        if all(actions):
            found[card] = actions
    return found


def first(play: Play) -> bool:
    """True once the first player is known; the table that deals draws him too."""
    if play.state.first:
        return True
    _ask(play, "first", 1, play.state.seating)
    return False


def display_size(state: EdoState) -> int:
    return min(state.printed["edo.special.display"], len(state.special_deck) + len(state.special_display))


def lay_out(play: Play) -> bool:
    """The special cards on display at the start; True once they lie there."""
    s = play.state
    if s.special_display:
        return True
    shown = display_size(s)
    if by_table(s):
        _ask(play, "display", shown, s.special_deck, shows=_shows(s))
        return False
    play.event("display", display=s.special_deck[:shown], deck=s.special_deck[shown:])
    return True


def refill(play: Play) -> bool:
    """«Сразу же на место купленной кладется новая карта»: at the table's deal the bought
    card's place waits for the table's tap before anything else happens; True when full."""
    s = play.state
    if not by_table(s) or len(s.special_display) >= display_size(s):
        return True
    _ask(play, "special", 1, s.special_deck, shows=_shows(s))
    return False


def new_round(play: Play, round_: int, first_player: str) -> None:
    """«Текущая карта торговца убирается из игры, затем на ее место выкладывается новая»."""
    s = play.state
    if by_table(s):
        _ask(play, "merchant", 1, s.merchant_deck, round=round_, first=first_player)
    else:
        _open_round(play, round_, first_player, s.merchant_deck[0])


def _open_round(play: Play, round_: int, first_player: str, card: str) -> None:
    play.event("round", round=round_, first=first_player, merchant_card=card,
               merchant_deck=[c for c in play.state.merchant_deck if c != card])
    play.event("phase", phase="planning")
    play.note("edo.round", round=round_, player=first_player)


def came(play: Play, cmd: Draw) -> None:
    """What the table drew: as many as asked, each still in its deck, none twice."""
    s = play.state
    pending = s.pending
    if pending is None or pending["kind"] != KIND:
        raise RuleError("edo.not_now")
    cards = list(cmd.cards)
    for card in cards:
        if card not in pending["options"]:
            raise RuleError("edo.unknown_player" if pending["what"] == "first" else "edo.not_in_deck",
                            card=card, player=card)
        if cards.count(card) > 1:
            raise RuleError("edo.drawn_twice", card=card)
    if len(cards) != pending["count"]:
        raise RuleError("edo.draw_count", n=pending["count"])
    play.pending(None)
    what = pending["what"]
    if what == "first":
        play.event("first", first=cards[0])
        play.note("edo.first_drawn", player=cards[0])
    elif what == "merchant":
        _open_round(play, pending["round"], pending["first"], cards[0])
    else:
        rest = [c for c in s.special_deck if c not in cards]
        play.event("display", display=s.special_display + cards, deck=rest)
        for card in cards:
            play.note("edo.special_came", card=card)
