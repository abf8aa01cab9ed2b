"""Battles and revolts with the real tower.

The engine names every cube to throw (the armies, the peasants, the extra cubes from cards
and every cube lying in the tray), moves them into the tower in its bookkeeping, and waits
for the tray to be counted. A count is checked against that bookkeeping before it is
applied: no colour can come out of the tower more often than it is inside.

Rulebook, 'Результат сражения': the side with more cubes in the tray wins. Peasants fight
for the defender when the defending province has no unrest tokens, and for the attacker
in a revolt; cubes of players outside the battle stay in the tray. The loser's cubes go
back to their supplies; the winner returns as many of its own as the loser's side had
(peasants included), and its remaining cubes stand in the province. "Карту этой провинции
получает или сохраняет игрок, одержавший победу": a defender whose side wins keeps the card
and the buildings even with none of its own armies left to stand there. Only a tie, or a
battle without a winner (only the defender's peasants came out), clears the province.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.errors import RuleError
from companion.games.shogun import by_hand, tenno, tenno_favours
from companion.games.shogun.colours import CUBE_COLOURS, PEASANT
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, TOWER, TRAY
from companion.kits.tower.source import Throw


def part(colour: str, n: int, src: str, role: str) -> dict[str, Any]:
    return {"colour": colour, "n": n, "from": src, "role": role}


def throw(play: Play, battle: dict[str, Any], parts: list[dict[str, Any]]) -> None:
    """Put every named cube into the tower, the tray's first, and wait for the count. The
    tray's cubes put there by hand are named with their cause ("2 blue from the tray: the
    Samurai bonus"): the players should find them there, and throw them too."""
    s = play.state
    inside = {c: n for c, n in s.tower.items() if n}
    in_tray = [_tray_part(c, n, by_hand.since_last_throw(s)) for c, n in s.tray.items() if n]
    parts = [p for p in in_tray + parts if p["n"] > 0]
    for p in parts:
        play.move(p["colour"], p["n"], p["from"], TOWER)
    battle = dict(battle, parts=parts, inside=inside)
    play.event("battle", battle=battle)
    play.note("battle.throw", kind=battle["kind"], province=battle.get("province"), parts=parts)
    play.pending("tray", battle=battle["kind"])


def _tray_part(colour: str, n: int, changes: list[dict[str, Any]]) -> dict[str, Any]:
    """What lay in the tray of one colour, with the changes made to it by hand, if any."""
    found = part(colour, n, TRAY, "tray")
    mine = [c for c in changes if c["player"] == colour]
    return dict(found, by_hand=mine) if mine else found


def throw_of(battle: Mapping[str, Any]) -> Throw:
    """What a tray source needs to know about the throw in progress."""
    thrown: dict[str, int] = {}
    for p in battle["parts"]:
        thrown[p["colour"]] = thrown.get(p["colour"], 0) + p["n"]
    return Throw(thrown=thrown, inside=dict(battle["inside"]))


def check_counts(play: Play, counts: Mapping[str, Any]) -> dict[str, int]:
    """Refuse a count that cube conservation rules out; it is a miscount, never applied."""
    s = play.state
    clean: dict[str, int] = {}
    for colour, n in counts.items():
        if colour not in CUBE_COLOURS:
            raise RuleError("tray.unknown_colour", colour=str(colour))
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleError("tray.bad_count", colour=colour)
        if n > s.tower[colour]:
            raise RuleError("tray.impossible", colour=colour, counted=n, most=s.tower[colour])
        if n:
            clean[colour] = n
    return clean


def count(play: Play, counts: Mapping[str, Any]) -> dict[str, Any]:
    play.expect("tray")
    clean = check_counts(play, counts)
    for colour, n in clean.items():
        play.move(colour, n, TOWER, TRAY)
    play.note("tray.counted", counts=clean)
    play.pending(None)
    battle = play.state.battle
    outcome = RESOLVE[battle["kind"]](play, battle)
    play.event("battle", battle=None)
    return outcome


def fell(play: Play, counts: Mapping[str, Any]) -> None:
    """Ruling: cubes that fall out between battles stay in the tray and are thrown with the
    next battle. While a throw is being counted they are part of that count instead."""
    if play.state.pending and play.state.pending["kind"] == "tray":
        raise RuleError("tray.count_first")
    if play.state.phase in ("new", "draft", "over"):
        raise RuleError("phase.not_now", phase=play.state.phase, expected=play.state.phase)
    clean = check_counts(play, counts)
    for colour, n in clean.items():
        play.move(colour, n, TOWER, TRAY)
    play.note("tray.fell", counts=clean)


def _return_tray(play: Play, colour: str | None, n: int | None = None) -> None:
    if colour is None:
        return
    have = play.state.tray[colour]
    play.move(colour, have if n is None else min(n, have), TRAY, SUPPLY)


def _seeding(play: Play, battle: Mapping[str, Any]) -> dict[str, Any]:
    """Rulebook: armies that fell into the tray go back to their owners' supplies (with
    Tenno's Court, once they have been counted as officials)."""
    tenno.seeded(play)
    for colour in CUBE_COLOURS:
        _return_tray(play, colour)
    play.note("tower.seeded", inside={c: n for c, n in play.state.tower.items() if n})
    return {"result": "seeded"}


def attack_sides(battle: Mapping[str, Any], tray: Mapping[str, int]) -> tuple[int, int, int]:
    """An attack's tray as the battle counts it: the attacker's cubes, the defender's own,
    and the peasants fighting for the defender (none when the province has unrest)."""
    dfd = battle["defender"]
    own = tray.get(dfd, 0) if dfd else 0
    green = tray.get(PEASANT, 0) if battle["peasants_side"] == "defender" else 0
    return tray.get(battle["attacker"], 0), own, green


def attack_verdict(a: int, own: int, green: int, defended: bool) -> tuple[str, int]:
    """What an attack's tray decides: "attacker", "defender", "neutral_held" or "cleared",
    and how many of the winner's armies stand in the province. One function for the battle
    and for the odds shown before an attack, so the odds follow the rule."""
    d = own + green
    if a > d:
        return "attacker", a - d
    if not defended:
        return "neutral_held", 0
    if d > a and own > 0:
        return "defender", max(own - a, 0)
    return "cleared", 0


def _attack(play: Play, battle: Mapping[str, Any]) -> dict[str, Any]:
    s = play.state
    province, att, dfd = battle["province"], battle["attacker"], battle["defender"]
    peasants_fight = battle["peasants_side"] == "defender"
    a, own, green = attack_sides(battle, s.tray)
    d = own + green
    verdict, stand = attack_verdict(a, own, green, dfd is not None)
    if verdict == "attacker":
        _return_tray(play, dfd)
        play.move(att, d, TRAY, SUPPLY)
        play.change_owner(province, att)
        play.move(att, stand, TRAY, province)
        outcome = {"result": "attacker", "winner": att, "stand": stand}
        play.note("battle.attacker_won", province=province, attacker=att, defender=dfd,
                  a=a, d=d, own=own, peasants=green, stand=stand)
    elif verdict == "neutral_held":
        _return_tray(play, att)
        outcome = {"result": "neutral_held"}
        play.note("battle.neutral_held", province=province, attacker=att, a=a, d=d)
    elif verdict == "defender":
        outcome = _defender_keeps(play, battle, a, d, own, green)
    else:
        _return_tray(play, att)
        _return_tray(play, dfd)
        play.clear_province(province)
        reason = "tie" if a == d else "peasants_only"
        outcome = {"result": "cleared", "reason": reason}
        play.note("battle.cleared", province=province, attacker=att, defender=dfd, a=a, d=d,
                  own=own, peasants=green, reason=reason)
    if peasants_fight:
        _return_tray(play, PEASANT)
    return outcome


def _defender_keeps(play: Play, battle: Mapping[str, Any], a: int, d: int, own: int,
                    green: int) -> dict[str, Any]:
    """Ruling: the defender returns as many of its own armies as the attacker's side had;
    with none left the province stays its own, card and buildings, with no armies in it."""
    province, att, dfd = battle["province"], battle["attacker"], battle["defender"]
    stand = max(own - a, 0)
    _return_tray(play, att)
    play.move(dfd, own - stand, TRAY, SUPPLY)
    play.move(dfd, stand, TRAY, province)
    play.note("battle.defender_won" if stand else "battle.defender_kept", province=province,
              attacker=att, defender=dfd, a=a, d=d, own=own, peasants=green, stand=stand)
    return {"result": "defender", "winner": dfd, "stand": stand}


def _revolt(play: Play, battle: Mapping[str, Any]) -> dict[str, Any]:
    """Rulebook, 'Восставшие крестьяне против игрока': a won revolt keeps the province,
    returns as many own armies as peasants came out, and adds one unrest token."""
    s = play.state
    province, player = battle["province"], battle["defender"]
    green, own = s.tray[PEASANT], s.tray[player]
    if own > green:
        play.move(player, green, TRAY, SUPPLY)
        play.move(player, own - green, TRAY, province)
        if not tenno_favours.spare_unrest(play, province):
            play.event("unrest", province=province, n=1)
        outcome = {"result": "defender", "winner": player, "stand": own - green}
        play.note("revolt.crushed", province=province, player=player, own=own, peasants=green,
                  stand=own - green)
    else:
        _return_tray(play, player)
        play.clear_province(province)
        outcome = {"result": "cleared", "reason": "tie" if own == green else "peasants"}
        play.note("revolt.lost", province=province, player=player, own=own, peasants=green)
    _return_tray(play, PEASANT)
    return outcome


RESOLVE = {"seeding": _seeding, "attack": _attack, "revolt": _revolt}
