"""Tenno's Court: what a favour card does once taken (the explanation page, «Карты
благосклонности», rulebook lines 1044-1100).

«Если игрок берёт карту, он должен ... немедленно воспользоваться свойством данной карты,
если возможно, и убрать карту из игры.» «Карты № 4, 10, 11 и 18 являются исключениями»:
#4 may be kept until an unrest token must be placed, #10/#11/#18 protect their holder for
the round. The amount, building or immunity printed on a card is asked from the table the
first time a card is taken (``printed``), before anything is emitted, so the step can run
again after the answer.
"""
from __future__ import annotations

from typing import Any, Callable

from companion.errors import RuleError
from companion.games.shogun import by_hand, printed
from companion.games.shogun.commands import UseFavour
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, ShogunState

EVENT, NOTHING = "event", "nothing"
BOTH = "both"


def card(state: ShogunState, number: int) -> dict[str, Any]:
    return next(c for c in state.expansions["tenno"]["favours"] if c["number"] == number)


def printed_value(state: ShogunState, number: int) -> Any:
    key = card(state, number).get("printed")
    return printed.value(state, key) if key else None


def apply(play: Play) -> None:
    """The effect of the card just taken: done at once, or a choice of its player."""
    s = play.state
    player, number = s.tenno.effect["player"], s.tenno.effect["favour"]
    spec = card(s, number)
    value = None
    if "printed" in spec:
        value = printed.value(s, spec["printed"])
        if value is None:
            printed.ask(play, spec["printed"])
            return
    EFFECTS[spec["effect"]](play, player, number, value)


def _done(play: Play) -> None:
    play.event("favour_effect", effect=None)


def _unusable(play: Play, player: str, number: int, lack: str, **params: Any) -> None:
    """«...воспользоваться свойством данной карты, если возможно»: taken, and removed unused."""
    play.note("tenno.favour_unusable", player=player, favour=number, lack=lack, **params)
    _done(play)


def _gain(play: Play, player: str, number: int, value: int) -> None:
    """#2, 9, 16 chests; #5, 15, 20 rice; #6, 13, 19 points: the printed amount at once."""
    what = card(play.state, number)["effect"]
    play.gain(what, player, value)
    play.note("tenno.favour_gain", player=player, favour=number, what=what, n=value)
    _done(play)


def _armies(play: Play, player: str, number: int, value: int) -> None:
    """#3, 8, 14: «помещает указанное на карте количество армий из своего личного запаса в
    поддон башни сражений» — all of them or none (as the base game's cards)."""
    have = play.state.players[player].supply
    if have < value:
        _unusable(play, player, number, "supply", n=value, have=have)
        return
    by_hand.put_in(play, player, value, "favour", number)
    play.note("tenno.favour_tray", player=player, favour=number, n=value)
    _done(play)


def buildable(state: ShogunState, player: str, building: str) -> list[str]:
    """«В этом случае применяются все основные правила размещения зданий»: a free slot, no
    second building of the type, a token left."""
    if state.tokens.get(building, 0) <= 0:
        return []
    return sorted(p for p in state.owned(player)
                  if building not in state.provinces[p].buildings
                  and len(state.provinces[p].buildings) < state.board.provinces[p].building_slots)


def _building(play: Play, player: str, number: int, value: str) -> None:
    """#7, 17, 21: the building printed on the card, free, in one of the player's provinces."""
    choices = buildable(play.state, player, value)
    if not choices:
        _unusable(play, player, number, "building", building=value)
        return
    _ask(play, player, number, "building", choices, building=value)


def _three_armies(play: Play, player: str, number: int, value: None) -> None:
    """#12: «бесплатно размещает 3 армии в одной из своих провинций или в нейтральной
    провинции. Во втором случае игрок получает карту соответствующей провинции без сражения.»"""
    s = play.state
    n = card(s, number)["armies"]
    if s.players[player].supply < n:
        _unusable(play, player, number, "supply", n=n, have=s.players[player].supply)
        return
    choices = sorted(p for p, prov in s.provinces.items() if prov.owner in (player, None))
    _ask(play, player, number, "armies", choices, n=n)


def _remove_event(play: Play, player: str, number: int, value: None) -> None:
    """#1: «может убрать из игры карту события текущего раунда ... не обязан»."""
    if play.state.event is None:
        _unusable(play, player, number, "event")
        return
    _ask(play, player, number, "event", [EVENT, NOTHING], event=play.state.event)


def _unrest(play: Play, player: str, number: int, value: None) -> None:
    """#4: one unrest token off an own province; with none, the card is kept until the
    player must place an unrest token."""
    s = play.state
    choices = sorted(p for p in s.owned(player) if s.provinces[p].unrest)
    if not choices:
        play.event("favour_kept", player=player, favour=number, kept=True)
        play.note("tenno.unrest_card_kept", player=player, favour=number)
        _done(play)
        return
    _ask(play, player, number, "unrest", choices)


def _immunity(play: Play, player: str, number: int, value: str) -> None:
    """#10, 11, 18: «В текущем раунде игрок не может быть атакован с помощью действий
    «Сражение/Перемещение» (I или II).» Kept until the end of the round."""
    play.event("favour_kept", player=player, favour=number, kept=True)
    play.note("tenno.immune", player=player, favour=number, against=value)
    _done(play)


def _ask(play: Play, player: str, number: int, use: str, choices: list[str], **more: Any) -> None:
    play.pending("use_favour", player=player, favour=number, use=use, choices=choices, **more)


EFFECTS: dict[str, Callable[[Play, str, int, Any], None]] = {
    "chests": _gain, "rice": _gain, "score": _gain, "armies": _armies, "building": _building,
    "three_armies": _three_armies, "remove_event": _remove_event, "unrest": _unrest,
    "immunity": _immunity,
}


def use(play: Play, cmd: UseFavour) -> None:
    """Where the card is used: only one of the choices offered."""
    pending = play.expect("use_favour", cmd.player)
    if cmd.choice not in pending["choices"]:
        raise RuleError("favour.bad_choice", player=cmd.player, favour=pending["favour"])
    play.pending(None)
    USES[pending["use"]](play, cmd.player, pending, cmd.choice)
    _done(play)


def _use_building(play: Play, player: str, pending: dict[str, Any], province: str) -> None:
    play.event("building", province=province, kind=pending["building"], built=True)
    play.note("tenno.favour_built", player=player, favour=pending["favour"],
              building=pending["building"], province=province)


def _use_armies(play: Play, player: str, pending: dict[str, Any], province: str) -> None:
    neutral = play.state.provinces[province].owner is None
    if neutral:
        play.change_owner(province, player)
    play.move(player, pending["n"], SUPPLY, province)
    play.note("tenno.favour_armies", player=player, favour=pending["favour"], province=province,
              n=pending["n"], neutral=int(neutral))


def _use_event(play: Play, player: str, pending: dict[str, Any], choice: str) -> None:
    if choice == NOTHING:
        play.note("tenno.event_kept", player=player, favour=pending["favour"])
        return
    play.note("tenno.event_removed", player=player, favour=pending["favour"],
              event=play.state.event)
    play.event("event_removed")


def _use_unrest(play: Play, player: str, pending: dict[str, Any], province: str) -> None:
    play.event("unrest", province=province, n=-1)
    play.note("tenno.unrest_removed", player=player, favour=pending["favour"], province=province)


USES: dict[str, Callable[[Play, str, dict[str, Any], str], None]] = {
    "building": _use_building, "armies": _use_armies, "event": _use_event, "unrest": _use_unrest,
}


def spare_unrest(play: Play, province: str) -> bool:
    """#4 kept: «использовать её, когда должен будет разместить жетон волнения» — the token
    is not placed and the card leaves the game. True when it was used."""
    s = play.state
    owner = s.provinces[province].owner
    if s.tenno is None or owner is None:
        return False
    kept = [n for n in s.tenno.kept[owner] if card(s, n)["effect"] == "unrest"]
    if not kept:
        return False
    play.event("favour_kept", player=owner, favour=kept[0], kept=False)
    play.note("tenno.unrest_prevented", player=owner, favour=kept[0], province=province)
    return True


def immune(state: ShogunState, owner: str | None, action: str) -> bool:
    """Whether ``owner``'s provinces cannot be attacked with ``action`` this round."""
    if state.tenno is None or owner is None:
        return False
    for number in state.tenno.kept[owner]:
        if card(state, number)["effect"] == "immunity" and \
                printed_value(state, number) in (action, BOTH):
            return True
    return False


def end_round(play: Play) -> None:
    """«В конце раунда уберите данную карту из игры»: the immunities end with the round."""
    s = play.state
    if s.tenno is None:
        return
    for player in s.seating:
        for number in list(s.tenno.kept[player]):
            if card(s, number)["effect"] == "immunity":
                play.event("favour_kept", player=player, favour=number, kept=False)
                play.note("tenno.immunity_ends", player=player, favour=number)
