"""The Kremlin: «Фаза планирования» (boyars into the chambers, coins under them) and the
removal that opens each turn of «Фаза действий» (significance, seals, refunds, the
assignment card).

Significance is never stored: it is worked out from the coins and the favour track just
before each removal, «непосредственно перед тем, как вывести боярина из палаты»."""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.ivan import favour
from companion.games.ivan.commands import Leave, Place
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState

KREMLIN = "kremlin"


def unplaced(state: IvanState, seat: str) -> int:
    """Boyars not yet in a chamber this decade."""
    return state.data["pieces"]["boyars"] - len(state.boyars_in_chambers(seat))


def significant(state: IvanState) -> dict[str, str | None]:
    """Each chamber's most significant boyar's owner, as it stands now."""
    return {c: favour.most_significant(boyars, state.favour) for c, boyars in state.chambers.items()}


def own_turn(play: Play, seat: str, phase: str) -> dict[str, Any]:
    s = play.state
    play.player(seat)
    if s.phase != phase or s.turn is None or s.pending is not None:
        raise RuleError("ivan.not_now")
    if s.turn["player"] != seat:
        raise RuleError("ivan.not_your_turn", player=seat, waiting=s.turn["player"])
    return s.turn


def next_seat(state: IvanState, after: str, still: Any) -> str | None:
    """The next player clockwise after ``after`` for whom ``still(seat)`` holds."""
    order = state.turn_order
    at = order.index(after)
    for seat in order[at + 1:] + order[:at + 1]:
        if still(seat):
            return seat
    return None


def place(play: Play, cmd: Place) -> None:
    """«В свой ход вы должны выставить одного своего боярина в любую из пяти палат, где ещё
    нет вашего боярина. При этом вы можете ... подложить под выставленную фишку сколько
    угодно монет из своего запаса»."""
    own_turn(play, cmd.player, "planning")
    s = play.state
    player = s.players[cmd.player]
    if any(b["player"] == cmd.player for b in s.chambers[cmd.chamber]):
        raise RuleError("ivan.chamber_taken", player=cmd.player, action=cmd.chamber)
    if cmd.coins > player.coins:
        raise RuleError("ivan.not_enough_coins", n=cmd.coins, held=player.coins)
    play.event("placed", player=cmd.player, chamber=cmd.chamber, coins=cmd.coins)
    play.note("ivan.placed", player=cmd.player, action=cmd.chamber, n=cmd.coins)
    following = next_seat(s, cmd.player, lambda seat: unplaced(s, seat) > 0)
    if following is None:
        play.event("phase", phase="actions")
        play.event("turn", turn=new_turn(s.first))
        play.note("ivan.actions", player=s.first)
    else:
        play.event("turn", turn={"player": following})


def new_turn(seat: str) -> dict[str, Any]:
    return {"player": seat, "chamber": None, "sealed": False, "left": {}}


def allowances(state: IvanState, chamber: str, sealed: bool) -> dict[str, int]:
    """What the chamber's ordinary actions allow, and its enhancement more."""
    d = state.data
    if chamber == "income":
        return {"income": 1}
    if chamber in ("manoeuvres", "projects"):
        return {"actions": d[chamber]["actions"] + (d[chamber]["extra"] if sealed else 0)}
    if chamber == "exchange":
        return {"foreign": d["exchange"]["foreign"] + (d["exchange"]["extra"] if sealed else 0)}
    return {"cards": d["grants"]["cards"], "estates": d["grants"]["extra_estates"] if sealed else 0}


def leave(play: Play, cmd: Leave) -> None:
    """Take a boyar out of a chamber onto its assignment card.

    «Если боярин ... не обладает наибольшей значимостью в своей палате, заберите себе все
    монеты из-под него»; if he does, «сбросьте все монеты из-под него в общий резерв» (V4:
    sealing or not); then «если в этой палате ещё нет печати, вы можете положить в неё
    печать ... остальные игроки сразу же забирают себе все монеты из-под своих бояр»."""
    turn = own_turn(play, cmd.player, "actions")
    s = play.state
    if turn["chamber"] is not None:
        raise RuleError("ivan.one_boyar_a_turn")
    boyars = s.chambers[cmd.chamber]
    mine = next((b for b in boyars if b["player"] == cmd.player), None)
    if mine is None:
        raise RuleError("ivan.no_boyar_there", player=cmd.player, action=cmd.chamber)
    top = favour.most_significant(boyars, s.favour) == cmd.player
    player = s.players[cmd.player]
    surcharge = s.data["two_player_seal_coins"] if len(s.seating) == 2 else 0
    if cmd.seal:
        if not top:
            raise RuleError("ivan.not_most_significant", action=cmd.chamber)
        if cmd.chamber in s.seals:
            raise RuleError("ivan.already_sealed", action=cmd.chamber)
        if player.seals <= 0:
            raise RuleError("ivan.no_seal_left")
        if player.coins < surcharge:
            raise RuleError("ivan.seal_costs", n=surcharge, held=player.coins)
    if top:
        play.note("ivan.coins_discarded", player=cmd.player, action=cmd.chamber, n=mine["coins"])
    else:
        play.coins(cmd.player, mine["coins"])
        play.note("ivan.coins_back", player=cmd.player, action=cmd.chamber, n=mine["coins"])
    play.event("left", player=cmd.player, chamber=cmd.chamber, sealed=cmd.seal)
    if cmd.seal:
        play.coins(cmd.player, -surcharge)
        if surcharge:
            play.note("ivan.sealed", player=cmd.player, action=cmd.chamber, n=surcharge)
        else:
            play.note("ivan.sealed_plain", player=cmd.player, action=cmd.chamber)
        for other in boyars:
            if other["player"] != cmd.player:
                play.coins(other["player"], other["coins"])
                play.event("refund", player=other["player"], chamber=cmd.chamber)
                play.note("ivan.refunded", player=other["player"], n=other["coins"])
    card = s.assignments[cmd.chamber]
    if card == KREMLIN:
        play.coins(cmd.player, s.data["kremlin"]["coins"])
        play.note("ivan.kremlin_coin", player=cmd.player, n=s.data["kremlin"]["coins"])
        if cmd.seal:
            play.gain_favour(cmd.player)
    play.event("turn", turn={**turn, "chamber": cmd.chamber, "sealed": cmd.seal,
                             "left": allowances(s, cmd.chamber, cmd.seal)})
