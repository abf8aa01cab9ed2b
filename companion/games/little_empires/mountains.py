"""«Путь горы» (variant): an army moving along a mountain road may first step onto the
mountain token and turn it up (the expedition army): the effect at once, the token
discarded, then on to the next province, or back where it started after an ambush. One
expedition per movement action. The faces stay hidden from every view until turned up.
"""
from __future__ import annotations

from companion.errors import RuleError
from companion.games.little_empires import geo, values
from companion.games.little_empires.commands import Step
from companion.games.little_empires.play import Play

FOLLOW_UP = ("independent_tribe", "way_is_goal")
"""Effects that leave the player a choice, made right after his movement action."""


def check(play: Play, seat: str, step: Step) -> str:
    """The mountain this step's expedition crosses, or the RuleError saying why it cannot."""
    s = play.state
    mountain = str(step.mountain)
    if "mountain_path" not in s.variants or mountain not in s.mountain_faces:
        raise RuleError("le.no_mountain", mountain=step.mountain)
    if mountain in s.mountains_flipped:
        raise RuleError("le.mountain_gone", mountain=step.mountain)
    if step.armies != 1 or step.steps != 1:
        raise RuleError("le.expedition_one_army")
    if {step.src, step.dst} != set(values.mountain_road(s, mountain)):
        raise RuleError("le.mountain_road", mountain=step.mountain)
    return mountain


def expedition(play: Play, seat: str, step: Step) -> None:
    """«Перевернув жетон горы на лицевую сторону, немедленно примените эффект этого жетона и
    сбросьте его. Затем экспедиционная армия продолжает движение в соседнюю провинцию, если
    эффект был благоприятным, или возвращается в исходную провинцию»."""
    s = play.state
    mountain = check(play, seat, step)
    effect = s.mountain_faces[mountain]
    play.event("mountain_flipped", mountain=mountain, effect=effect, player=seat)
    play.note("le.mountain_flipped", player=seat, mountain=int(mountain), effect=effect)
    if effect == "ambush":
        return
    if effect == "mercenaries" and geo.supply(s, seat) > 0:
        play.event("army", province=step.src, player=seat, n=1)
    elif effect == "bushido_master":
        play.goods(seat, bushido=1)
    elif effect == "highland_farm":
        play.goods(seat, food=1)
    play.event("army", province=step.src, player=seat, n=-1)
    play.event("army", province=step.dst, player=seat, n=1)
    play.note("le.moved", player=seat, src=step.src, dst=step.dst, armies=1)
    if effect in FOLLOW_UP:
        play.pending("expedition", player=seat, effect=effect, region=geo.region_of(step.dst))
