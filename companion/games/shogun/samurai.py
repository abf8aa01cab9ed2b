"""Дополнение №2 «Самураи»: the valour stacks, checked after every turn order.

Rulebook: «Каждый раз после определения очередности хода каждый игрок проверяет,
контролирует ли он провинции хотя бы в 4 разных регионах. Если данное условие выполняется,
игрок кладёт верхнюю карту из стопки карт воинской доблести под низ стопки и может получить
один из бонусов на новой верхней карте стопки. Игроки действуют в порядке очередности
хода.» The check is the game's own (it knows who holds which province); the card turns by
itself; the bonus is the player's choice, "nothing" included, so it is a decision of that
player. «После зимнего раунда игроки складывают карты воинской доблести в том же порядке,
что и при подготовке к игре.»
"""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.shogun import printed
from companion.games.shogun.commands import ValourBonus
from companion.games.shogun.expansions import valour_amount
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, TRAY, ShogunState

REGIONS_NEEDED = 4
NOTHING = "nothing"
BONUSES = ("chests", "rice", "armies", "score")
"""The bonus kinds in the rulebook's order: chests, rice, armies into the tray, points."""


def playing(state: ShogunState) -> bool:
    return "samurai" in state.expansions


def regions_held(state: ShogunState, player: str) -> list[str]:
    """The regions where ``player`` holds at least one province card, in the board's order
    (a province held with no armies left in it is still the player's: its card is)."""
    held = {state.board.provinces[p].region for p in state.owned(player)}
    return [r for r in state.board.regions if r in held]


def _keys(state: ShogunState, top: int) -> list[str]:
    """The printed values of the card ``top`` places from the empty banner: its amounts."""
    return [valour_amount(top + 1, kind) for kind in state.expansions["samurai"]["stack"][top]["bonuses"]]


def amounts(state: ShogunState, top: int) -> dict[str, int | None]:
    """The card's bonus amounts by kind, None where the table has not told it yet. A game
    recorded when the data held the amounts themselves keeps them."""
    bonuses = state.expansions["samurai"]["stack"][top]["bonuses"]
    if isinstance(bonuses, dict):
        return dict(bonuses)
    return {kind: printed.value(state, valour_amount(top + 1, kind)) for kind in bonuses}


def offers(state: ShogunState, player: str) -> dict[str, int]:
    """The bonuses of ``player``'s top card that can be taken: a 0 amount is no bonus, and
    armies only when the supply holds them all («Поместите указанное количество армий из
    своего личного запаса»)."""
    bonuses = amounts(state, state.valour[player])
    found = {kind: bonuses[kind] for kind in BONUSES if bonuses.get(kind)}
    if found.get("armies", 0) > state.players[player].supply:
        del found["armies"]
    return found


def run(play: Play) -> None:
    """Check each player in turn order, up to one who chooses a bonus, then the actions.
    The amounts on the cards the advancing players turn up are asked first, once."""
    unknown = _unknown_amounts(play.state)
    if unknown:
        printed.ask(play, *unknown)
        return
    if not play.in_turn_order("valour_queue", lambda player: _check(play, player)):
        play.phase("actions")


def _unknown_amounts(state: ShogunState) -> list[str]:
    """The printed amounts not yet known on the cards the players still to check will turn
    up (each advancing player's next card)."""
    if isinstance(state.expansions["samurai"]["stack"][0]["bonuses"], dict):
        return []
    queue = state.turn_order if state.valour_queue is None else state.valour_queue
    size = len(state.expansions["samurai"]["stack"])
    keys = [key for player in queue if len(regions_held(state, player)) >= REGIONS_NEEDED
            for key in _keys(state, (state.valour[player] + 1) % size)]
    return printed.missing(state, keys)


def _check(play: Play, player: str) -> bool:
    """One player's check; True when it stops at that player's choice of bonus."""
    s = play.state
    regions = regions_held(s, player)
    if len(regions) < REGIONS_NEEDED:
        play.note("samurai.stays", player=player, regions=regions, n=len(regions),
                  top=s.valour[player] + 1)
        return False
    top = (s.valour[player] + 1) % len(s.expansions["samurai"]["stack"])
    play.event("valour", player=player, top=top)
    play.note("samurai.advanced", player=player, regions=regions, n=len(regions), top=top + 1)
    armies = amounts(s, top).get("armies") or 0
    found = offers(s, player)
    if armies and "armies" not in found:
        play.note("samurai.armies_short", player=player, need=armies,
                  have=s.players[player].supply)
    if not found:
        return False
    play.pending("valour", player=player, top=top + 1, offers=found)
    return True


def choose(play: Play, cmd: ValourBonus) -> None:
    """The bonus taken (one at most), or none; anything not offered is refused."""
    pending = play.expect("valour", cmd.player)
    offered = pending["offers"]
    if cmd.take != NOTHING and cmd.take not in offered:
        raise RuleError("valour.not_offered", player=cmd.player, bonus=cmd.take)
    play.pending(None)
    if cmd.take == NOTHING:
        play.note("samurai.declined", player=cmd.player, top=pending["top"])
        return
    n = offered[cmd.take]
    if cmd.take == "armies":
        play.move(cmd.player, n, SUPPLY, TRAY)
    else:
        play.gain(cmd.take, cmd.player, n)
    play.note("samurai.took", player=cmd.player, bonus=cmd.take, n=n, top=pending["top"])


def restack(play: Play) -> None:
    """After the winter round every stack is put back as at set-up, the empty banner on
    top; a stack already so is left alone."""
    s = play.state
    if not playing(s):
        return
    for player in s.seating:
        if s.valour[player]:
            play.event("valour", player=player, top=0)
    play.note("samurai.restacked")


def view(state: ShogunState) -> dict[str, Any]:
    """Each player's top valour card and what it offers, and the regions each holds: what
    the table shows beside the players when the Samurai are played."""
    if not playing(state):
        return {}
    return {"valour": {c: {"top": state.valour[c] + 1,
                           "bonuses": amounts(state, state.valour[c]),
                           "regions": regions_held(state, c)} for c in state.seating}}
