"""Фаза 2: «Выполнение действий»: every player's left card in turn order, then the middle,
then the right. Before turning up his card a player may move his samurai and the merchant,
1 ryo a step; once it is up, its executions follow one after another.

The actions that need no choice (money, rice, hiring) are carried out when the card is
turned up; the others wait for the player's ``act``, one execution each, or his ``done``.
"""
from __future__ import annotations


from companion.errors import RuleError
from companion.games.edo import actions, deal, roads, values
from companion.games.edo.commands import Done, Move, Reveal
from companion.games.edo.play import Play
from companion.games.edo.planning import new_turn
from companion.games.edo.state import EdoState

MERCHANT = "merchant"


def move(play: Play, cmd: Move) -> None:
    """«Перед открытием своей карты возможностей, игрок может передвинуть любое количество
    своих самураев на поле ... заплатить 1 Рё в запас за каждый переход»; the merchant alike.
    With the board's roads known the game counts the fewest steps (D32), else the player's."""
    turn = play.turn(cmd.player)
    if turn["revealed"]:
        raise RuleError("edo.move_before_reveal")
    s = play.state
    player = s.players[cmd.player]
    if cmd.to not in s.locations:
        raise RuleError("edo.unknown_location", province=cmd.to)
    if cmd.figure == MERCHANT:
        at = s.merchant_at
    elif cmd.figure in player.samurai:
        at = player.samurai[cmd.figure]
    else:
        raise RuleError("edo.not_your_samurai", figure=cmd.figure)
    if at == cmd.to:
        raise RuleError("edo.already_there", province=cmd.to)
    steps, way = _way(s, at, cmd.to, cmd.steps)
    cost = steps * s.data["step_ryo"]
    if player.ryo < cost:
        raise RuleError("edo.not_enough_ryo", n=cost, held=player.ryo)
    play.goods(cmd.player, ryo=-cost)
    if cmd.figure == MERCHANT:
        play.event("merchant", merchant_at=cmd.to, player=cmd.player, way=way)
        play.note("edo.merchant_moved", player=cmd.player, src=at, dst=cmd.to, n=cost)
    else:
        play.event("figure", player=cmd.player, figure=cmd.figure, at=cmd.to, way=way)
        play.note("edo.samurai_moved", player=cmd.player, src=at, dst=cmd.to, n=cost)


def _way(state: EdoState, src: str, dst: str, steps: int | None) -> tuple[int, list[str]]:
    """A move's steps and the places it passes, both ends included: by the roads when the
    install knows them (a count entered by hand is then refused), else the steps the player
    counted, the places between not known to the app."""
    known = roads.network(state)
    if known is None:
        if steps is None:
            raise RuleError("edo.enter_steps")
        return steps, [src, dst]
    if steps is not None:
        raise RuleError("edo.steps_counted")
    way = roads.path(known, src, dst)
    if way is None:
        raise RuleError("edo.no_road", src=src, dst=dst)
    return len(way) - 1, way


def reveal(play: Play, cmd: Reveal) -> None:
    """Turn up the card: its action is public from now on."""
    turn = play.turn(cmd.player)
    if turn["revealed"]:
        raise RuleError("edo.already_revealed")
    slot = play.state.plans[cmd.player][turn["slot"]]
    play.event("revealed", player=cmd.player, slot=turn["slot"], **slot)
    play.event("turn", turn={**turn, "revealed": True})
    play.note("edo.revealed", player=cmd.player, slot=turn["slot"] + 1, action=slot["action"],
              n=slot["officials"])


def done(play: Play, cmd: Done) -> None:
    turn = play.turn(cmd.player)
    if not turn["started"] or turn["left"] == 0:
        raise RuleError("edo.not_now")
    play.event("turn", turn={**turn, "left": 0})
    play.note("edo.stopped", player=cmd.player, n=turn["left"])


def needed(state: EdoState, action: str) -> list[str]:
    """The printed values this action works with (none in referee mode)."""
    if state.referee:
        return []
    if action.startswith("produce_"):
        return values.yield_keys()
    if action.startswith("build"):
        return values.building_keys()
    if action == "trade" and state.merchant_card is not None:
        return values.merchant_keys(state.merchant_card)
    return []


def _start(play: Play) -> bool:
    s = play.state
    turn = s.turn
    slot = s.plans[turn["player"]][turn["slot"]]
    unknown = values.missing(s, needed(s, slot["action"]))
    if unknown:
        values.ask(play, unknown)
        return False
    rule = s.data["actions"][slot["action"]]
    executions = slot["officials"] // rule.get("officials_each", 1)
    turn = {**turn, "started": True, "left": executions,
            "own": slot["officials"] - slot["shogun"], "shogun": slot["shogun"]}
    play.event("turn", turn=turn)
    if executions == 0:
        play.note("edo.no_officials", player=turn["player"], action=slot["action"])
    elif slot["action"] in actions.AT_ONCE:
        actions.AT_ONCE[slot["action"]](play, turn["player"], executions)
        play.event("turn", turn={**turn, "left": 0})
    return True


def step(play: Play) -> bool:
    """Carry the turn on as far as it goes without the player."""
    s = play.state
    turn = s.turn
    if not deal.refill(play):
        return False
    if not turn["revealed"]:
        return False
    if not turn["started"]:
        return _start(play)
    if turn["left"] > 0:
        return False
    index, slot = turn["index"] + 1, turn["slot"]
    if index == len(s.seating):
        index, slot = 0, slot + 1
    if slot == s.data["slots"]:
        play.event("turn", turn=None)
        play.event("phase", phase="wages")
        play.note("edo.phase3")
    else:
        play.event("turn", turn=new_turn(s, slot, index))
    return True
