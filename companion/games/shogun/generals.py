"""Дополнение №3 «Генералы»: each player's general, its improved actions, its moves and statues.

Rulebook: «Игроки должны разместить фишки своих генералов в одной из своих провинций.»
«Игрок может выполнить улучшенное действие в провинции, где в данный момент находится
генерал.» «После каждого раунда игроки должны передвигать своих генералов в другую
подконтрольную им провинцию.» Where a general goes is always its player's decision (the
``general`` command), asked in turn order with only the provinces the rules allow; what
follows from it (a statue left, statues taken as trophies, the general removed with its
province) the game settles itself. The numbers of the improved actions are the data file's.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.errors import RuleError
from companion.games.shogun.commands import PlaceGeneral
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState

PLACE, RETURN, MOVE = "place", "return", "move"


def playing(state: ShogunState) -> bool:
    return "generals" in state.expansions


def improved(state: ShogunState, player: str, province: str, action: str) -> dict[str, Any] | None:
    """The improved action printed on the reference card when ``player``'s general stands in
    ``province``, else None (the base action)."""
    if not playing(state) or state.generals.get(player) != province:
        return None
    return state.expansions["generals"]["improved"].get(action)


def statues_left(state: ShogunState, player: str) -> int:
    """Of the player's six statues, those neither on the board nor taken as a trophy."""
    used = sum(here.count(player) for here in state.statues.values())
    taken = sum(t.count(player) for t in state.trophies.values())
    return state.expansions["generals"]["statues_per_player"] - used - taken


def first_placement_due(state: ShogunState) -> bool:
    """«А) ... после определения очередности хода в первом весеннем раунде каждый игрок
    размещает своего генерала в любой своей провинции»: with the recommended provinces only."""
    return (playing(state) and state.setup == "recommended" and state.year == 1
            and state.season == 0 and any(p is None for p in state.generals.values())
            and state.general_queue is None)


def after_turn_order(state: ShogunState) -> str:
    """The step that follows the turn order: the generals' first placement, the Samurai's
    valour check, or the actions."""
    if first_placement_due(state):
        return "general_place"
    return _after_placement(state)


def _after_placement(state: ShogunState) -> str:
    return "valour" if "samurai" in state.expansions else "actions"


def after_round(state: ShogunState) -> str:
    """After an action round the generals move; without them the season simply ends."""
    return "general_move" if playing(state) else "season_end"


def after_winter(state: ShogunState) -> str:
    """«После зимнего раунда, игрок сможет снова разместить своего генерала в любой
    подконтрольной ему провинции»: a step only when some general is off the board."""
    if playing(state) and any(p is None for p in state.generals.values()):
        return "general_return"
    return "round_start"


def place_first(play: Play) -> None:
    _run(play, PLACE, _after_placement)


def return_after_winter(play: Play) -> None:
    _run(play, RETURN, lambda s: "round_start")


def move_after_round(play: Play) -> None:
    _run(play, MOVE, lambda s: "season_end")


def _run(play: Play, mode: str, then: Callable[[ShogunState], str]) -> None:
    """Ask each player in turn order, up to one whose decision is awaited, then go on."""
    if not play.in_turn_order("general_queue", lambda player: _ask(play, mode, player)):
        play.phase(then(play.state))


def _ask(play: Play, mode: str, player: str) -> bool:
    """One player's decision; True when it is awaited, False when there is nothing to decide."""
    s = play.state
    here = s.generals[player]
    if mode == MOVE:
        if here is None:
            return False
        choices = sorted(p for p in s.owned(player) if p != here)
        if not choices:
            play.note("generals.stays", player=player, province=here)
            return False
        adjacent = [p for p in choices if p in s.board.neighbours[here]]
        play.pending("general", player=player, mode=mode, origin=here, provinces=choices,
                     adjacent=adjacent, statues=statues_left(s, player))
        return True
    if here is not None:
        return False
    choices = sorted(s.owned(player))
    if not choices:
        play.note("generals.no_province", player=player)
        return False
    play.pending("general", player=player, mode=mode, origin=None, provinces=choices,
                 adjacent=[], statues=statues_left(s, player))
    return True


def choose(play: Play, cmd: PlaceGeneral) -> None:
    """The general placed or moved; only the offered provinces, and a statue only behind
    a move to an adjacent province while the player has one left."""
    pending = play.expect("general", cmd.player)
    if cmd.province not in pending["provinces"]:
        raise RuleError("general.not_offered", player=cmd.player, province=cmd.province,
                        mode=pending["mode"])
    origin = pending["origin"]
    adjacent = cmd.province in pending["adjacent"]
    if cmd.statue and not adjacent:
        raise RuleError("general.no_statue_fled", province=cmd.province)
    if cmd.statue and pending["statues"] < 1:
        raise RuleError("general.no_statue_left", player=cmd.player)
    play.pending(None)
    play.event("general", player=cmd.player, province=cmd.province, origin=origin)
    if pending["mode"] != MOVE:
        play.note("generals.placed", player=cmd.player, province=cmd.province,
                  mode=pending["mode"])
        return
    if adjacent:
        if cmd.statue:
            play.event("statue", player=cmd.player, province=origin, placed=True)
        play.note("generals.moved", player=cmd.player, src=origin, dst=cmd.province,
                  statue=int(cmd.statue))
    else:
        play.note("generals.fled", player=cmd.player, src=origin, dst=cmd.province)
    _capture(play, cmd.player, cmd.province)


def _capture(play: Play, player: str, province: str) -> None:
    """«если другой игрок перемещает своего генерала в эту провинцию, он забирает себе жетон
    статуи в качестве трофея»: every other player's statue there; the player's own stay."""
    for owner in list(play.state.statues.get(province, [])):
        if owner != player:
            play.event("trophy", player=player, owner=owner, province=province)
            play.note("generals.captured", player=player, owner=owner, province=province)


def place_in_draft(play: Play, player: str, province: str, chosen: bool) -> None:
    """«Б) ... может решить во время выбора провинций, в какой из них разместить генерала.
    Если игрок не разместил генерала ранее, фишка автоматически размещается в последней
    выбранной провинции.»"""
    s = play.state
    if not playing(s) or s.generals[player] is not None:
        return
    last = not s.players[player].groups
    if chosen or last:
        play.event("general", player=player, province=province, origin=None)
        play.note("generals.placed", player=player, province=province,
                  mode="draft" if chosen else "draft_last")


def check_draft_choice(state: ShogunState, player: str, chosen: bool) -> None:
    """A general only in a game with the Generals, and only once in the draft."""
    if not chosen:
        return
    if not playing(state):
        raise RuleError("general.not_playing")
    if state.generals[player] is not None:
        raise RuleError("general.already_placed", player=player)


def final_scores(state: ShogunState) -> dict[str, dict[str, int]]:
    """«Игрок получает по 1 ПО за каждый свой жетон статуи на игровом поле, а также за
    каждый захваченный жетон статуи соперника.» Each line as the table can count it."""
    points = state.expansions["generals"]["statue_points"]
    table = {}
    for c in state.seating:
        standing = sum(here.count(c) for here in state.statues.values())
        captured = len(state.trophies[c])
        table[c] = {"statues": standing, "trophies": captured,
                    "total": (standing + captured) * points}
    return table


def score(play: Play) -> None:
    """The statues' points at the end of the game, one line per player."""
    if not playing(play.state):
        return
    for colour, row in final_scores(play.state).items():
        if row["total"]:
            play.event("score", player=colour, n=row["total"])
        play.note("generals.scored", player=colour, **row)


def view(state: ShogunState) -> dict[str, Any]:
    """Where each general stands, the statues on each province (owners' colours), the
    trophies each player holds and how many statues each has left: for the map and the
    players' panel."""
    if not playing(state):
        return {}
    return {"generals": dict(state.generals),
            "statues": {p: list(owners) for p, owners in state.statues.items()},
            "trophies": {c: list(t) for c, t in state.trophies.items()},
            "statues_left": {c: statues_left(state, c) for c in state.seating}}
