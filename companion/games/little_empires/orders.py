"""«Фаза исполнения»: the tokens turned up and carried out cell by cell, from the southern
cell upwards in an era's first round, from the northern one downwards in its second; in the
second round the first round's tokens left uncovered act again; of a stack only the top
token acts. Harvest needs no choice and is done at once; every other token waits for its
owner's ``act``."""
from __future__ import annotations

from companion.errors import RuleError
from companion.games.little_empires import actions, values
from companion.games.little_empires.commands import Act
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState

FIELDS = {"recruit": {"places"}, "move3": {"moves"}, "move23": {"moves"},
          "move2ship": {"moves", "ship"}, "attack": {"province", "victims"}, "castle": {"province"},
          "harvest": set()}


def sequence(state: LEState) -> list[int]:
    """The cells' indexes in the round's direction: «снизу вверх», then «сверху вниз»."""
    cells = list(range(len(state.cells)))
    return cells if state.round == 1 else cells[::-1]


def current(state: LEState) -> tuple[int, dict] | None:
    """The cell being carried out and its top token, when one awaits its owner."""
    if state.phase != "execution" or state.cursor is None or state.pending is not None:
        return None
    order = sequence(state)
    if state.cursor >= len(order):
        return None
    cell = order[state.cursor]
    top = state.top(cell)
    if top is None or not top["face_up"] or top["kind"] == "harvest":
        return None
    return cell, top


def _advance(play: Play) -> None:
    play.event("cursor", cursor=play.state.cursor + 1)


def _given(cmd: Act) -> set[str]:
    found = set()
    for name in ("places", "moves", "victims"):
        if getattr(cmd, name):
            found.add(name)
    for name in ("ship", "province"):
        if getattr(cmd, name) is not None:
            found.add(name)
    return found


def act(play: Play, cmd: Act) -> None:
    """Carry out the revealed token: wholly, partly, or not at all (nothing given)."""
    s = play.state
    at = current(s)
    if at is None:
        raise RuleError("le.not_now")
    cell, top = at
    play.player(cmd.player)
    if top["owner"] != cmd.player:
        raise RuleError("le.not_your_turn", player=cmd.player, waiting=top["owner"])
    kind, region = top["kind"], values.cell_region(s, cell + 1)
    extra = _given(cmd) - FIELDS[kind]
    if extra:
        raise RuleError("le.not_for_action", action=kind, field=sorted(extra)[0])
    if kind == "recruit":
        _recruit(play, cmd, region)
    elif kind in ("move3", "move23", "move2ship"):
        _move(play, cmd, kind, region)
    elif kind == "attack":
        _attack(play, cmd, region)
    elif kind == "castle" and cmd.province is not None:
        actions.castle(play, cmd.player, region, cmd.province)
    if not _given(cmd):
        play.note("le.not_carried_out", player=cmd.player, action=kind)
    _advance(play)


def _recruit(play: Play, cmd: Act, region: str) -> None:
    """«Затем можете потратить 1, чтобы немедленно поместить ещё 1 армию»."""
    for n, province in enumerate(cmd.places):
        if n:
            actions.pay(play, cmd.player, "recruit", cmd.pay, region=region)
        actions.recruit(play, cmd.player, region, province)


def _move(play: Play, cmd: Act, kind: str, region: str) -> None:
    rule = play.state.data["orders"][kind]
    if cmd.ship is not None:
        if cmd.moves:
            raise RuleError("le.move_or_ship")
        actions.pay(play, cmd.player, "ship", cmd.pay, region=region)
        actions.ship(play, cmd.player, region, cmd.ship)
        return
    allowance = rule["moves"]
    used = sum(step.armies * step.steps for step in cmd.moves)
    if kind == "move23" and used > allowance:
        actions.pay(play, cmd.player, "move", cmd.pay, region=region)
        allowance += 1
    actions.move(play, cmd.player, region, cmd.moves, allowance)


def _attack(play: Play, cmd: Act, region: str) -> None:
    """«Затем можете потратить 1, чтобы уничтожить ещё 1 армию противника в той же
    провинции»; the destroyed armies may be different players'."""
    if cmd.victims and cmd.province is None:
        raise RuleError("le.attack_where")
    for n, victim in enumerate(cmd.victims):
        if n:
            actions.pay(play, cmd.player, "attack", cmd.pay, region=region)
        actions.kill(play, cmd.player, region, cmd.province, victim)


def execution_step(play: Play) -> bool:
    """Turn up the next token, carry out a harvest at once, or end the round."""
    s = play.state
    order = sequence(s)
    if s.cursor >= len(order):
        play.event("cursor", cursor=None)
        if s.round == 1:
            play.event("round", era=s.era, round=2)
            play.event("phase", phase="planning")
            play.note("le.round_two", era=s.era, player=s.order[0])
        else:
            play.event("phase", phase="era_end")
        return True
    cell = order[s.cursor]
    top = s.top(cell)
    if top is None:
        _advance(play)
        return True
    if not top["face_up"]:
        play.event("revealed", cell=cell + 1, player=top["owner"], token=top["kind"])
    play.note("le.token_up", player=top["owner"], cell=cell + 1, action=top["kind"])
    if top["kind"] == "harvest":
        actions.harvest(play, top["owner"], values.cell_region(s, cell + 1))
        _advance(play)
        return True
    return False
