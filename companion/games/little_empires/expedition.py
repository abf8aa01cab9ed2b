"""The choice a mountain token leaves: «Независимое племя» («Немедленно выполните одно из
быстрых действий, доступных в регионе») and «Путь как цель» («Можете потратить 1, чтобы
уничтожить армию противника в любой провинции региона»), in the region the expedition
army moved into; made right after the movement action that turned the token up."""
from __future__ import annotations

from companion.errors import RuleError
from companion.games.little_empires import actions, geo, planning, values
from companion.games.little_empires.commands import Expedition
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState


def region_quick(state: LEState, region: str) -> list[str]:
    """The quick actions printed by (or drawn for) the region's cells."""
    return sorted({values.cell_quick(state, n) for n in range(1, len(state.cells) + 1)
                   if values.cell_region(state, n) == region})


def follow_up(play: Play, cmd: Expedition) -> None:
    s = play.state
    pending = s.pending
    if pending is None or pending["kind"] != "expedition":
        raise RuleError("le.not_now")
    if cmd.player != pending["player"]:
        raise RuleError("le.not_your_turn", player=cmd.player, waiting=pending["player"])
    region = pending["region"]
    play.pending(None)
    if pending["effect"] == "independent_tribe" and cmd.action is not None:
        if cmd.action not in region_quick(s, region):
            raise RuleError("le.tribe_action", action=cmd.action, region=region)
        planning.do_quick(play, cmd.player, cmd.action, region, cmd.quick)
    elif pending["effect"] == "way_is_goal" and cmd.quick is not None:
        act = cmd.quick
        if act.province is None or act.victim is None:
            raise RuleError("le.attack_where")
        if act.province not in geo.provinces(s.data) or geo.region_of(act.province) != region:
            raise RuleError("le.not_in_region", province=act.province, region=region)
        if act.victim == cmd.player or geo.armies(s, act.province, act.victim) < 1:
            raise RuleError("le.no_army_to_attack", player=act.victim, province=act.province)
        actions.pay(play, cmd.player, "way", cmd.pay)
        play.event("army", province=act.province, player=act.victim, n=-1)
        play.note("le.destroyed", player=cmd.player, defender=act.victim, province=act.province)
    else:
        play.note("le.expedition_nothing", player=cmd.player)
