"""The special cards that say "may" (может): offered to the player, never applied unasked.

Rulebook, 'Особые карты': «6 армий: ... игрок может размещать 6 армий вместо 5»; «+1 армия
при атаке: Атакующий игрок ... может бросить 1 свою дополнительную армию в башню сражений»;
«+1 армия при защите: Защищающийся игрок может бросить 1 свою дополнительную армию».
The shared rulings: "may" means the player is asked, and a bonus never makes the base
action impossible. So the game stops at a yes/no decision, made only when the bonus can be
taken in full (its armies are in the supply); when it cannot, the log says why and the base
action goes ahead. The answer is an ordinary command, undone like any other.
"""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.shogun.commands import AnswerBonus
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState


def held(state: ShogunState, player: str | None, effect: str) -> str | None:
    """The special card with ``effect`` that ``player`` holds this round, if any."""
    card = state.specials.get(player) if player else None
    if card is None or state.catalog.specials[card]["effect"] != effect:
        return None
    return card


def offer(play: Play, player: str, card: str, armies: int, then: dict[str, Any]) -> None:
    """Ask ``player`` whether to use ``card`` (``armies`` is what it adds or places);
    ``then`` is what the answer goes on with."""
    play.pending("bonus", player=player, card=card, armies=armies, then=then)
    play.note("bonus.offered", player=player, card=card)


def unavailable(play: Play, player: str, card: str, need: int, have: int) -> None:
    play.note("bonus.unavailable", player=player, card=card, need=need, have=have)


def answer(play: Play, cmd: AnswerBonus) -> dict[str, Any]:
    """The offer being answered, cleared; refused when none is made to this player."""
    pending = play.state.pending
    if pending is None or pending["kind"] != "bonus":
        raise RuleError("bonus.not_offered", player=cmd.player)
    play.expect("bonus", cmd.player)
    play.pending(None)
    play.note("bonus.taken" if cmd.take else "bonus.declined", player=cmd.player,
              card=pending["card"])
    return pending
