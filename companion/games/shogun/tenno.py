"""Дополнение №1 «Двор Тэнно»: officials, the favour cards laid out, the plan's exchange
cells and the palace's two steps.

Rulebook: «После того как в башню сражений бросили начальный набор армий, каждый игрок
берёт из своего личного запаса столько чиновников, сколько его армий выпало в поддон
башни». Each spring, summer and autumn three favour cards are laid out after the special
cards; every plan gains three exchange cells; after the turn order (and the Samurai's
valour check) the palace: step 1 the exchanges in turn order, cells 3, 2, 1; step 2 the
favours, in order of officials in the waiting hall. Everything but the choice of a favour
card (and where a taken card is used) the game settles itself.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.errors import RuleError
from companion.games.shogun import by_hand, tenno_favours
from companion.games.shogun.catalog import DataError, check_document
from companion.games.shogun.commands import TakeFavour
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY, ShogunState
from companion.games.shogun.tenno_state import AUDIENCE, DONE, EXCHANGE, FAVOURS, WAITING

OFFICIAL = "official"
NOTHING = "nothing"


def playing(state: ShogunState) -> bool:
    return state.tenno is not None


def check_tenno(document: Mapping[str, Any]) -> None:
    """Cards 1-21 once each; the slots' prices from high to low (the highest card goes to
    the dearest slot); every card's printed value one of the questions."""
    check_document(document, "tenno.schema.json", "tenno")
    numbers = sorted(card["number"] for card in document["favours"])
    if numbers != list(range(1, len(numbers) + 1)):
        raise DataError(f"tenno: the favour cards must be numbered 1-{len(numbers)}, not {numbers}")
    if list(document["slots"]) != sorted(document["slots"], reverse=True):
        raise DataError("tenno: the audience hall's slots go from the dearest to the cheapest")
    asked = {q["key"] for q in document["printed"]}
    for card in document["favours"]:
        if "printed" in card and card["printed"] not in asked:
            raise DataError(f"tenno: card {card['number']} names no question {card['printed']!r}")


def data(state: ShogunState) -> dict[str, Any]:
    return state.expansions["tenno"]


def officials(state: ShogunState, player: str, hall: str) -> int:
    return state.tenno.officials[player][hall]


def move_officials(play: Play, player: str, n: int, src: str, dst: str) -> None:
    if n > 0:
        play.event("officials", player=player, n=n, **{"from": src, "to": dst})


# -- set-up ------------------------------------------------------------------------------
def set_up(play: Play) -> None:
    """«Перемешайте карты благосклонности и разместите их стопкой лицевой стороной вниз»:
    the shuffled order is recorded, never shown."""
    if not playing(play.state):
        return
    deck = [card["number"] for card in data(play.state)["favours"]]
    play.rng.shuffle(deck)
    play.event("favour_deck", deck=deck)


def seeded(play: Play) -> None:
    """After the seeding throw, before the armies go back: each player's armies in the tray
    are his first officials in the waiting hall (at most his seven)."""
    s = play.state
    if not playing(s):
        return
    for player in s.seating:
        n = min(s.tray.get(player, 0), officials(s, player, SUPPLY))
        move_officials(play, player, n, SUPPLY, WAITING)
        play.note("tenno.seeded", player=player, n=n)


# -- the favour cards laid out -----------------------------------------------------------
def lay_out(play: Play) -> None:
    """«Возьмите 3 верхние карты ... Разместите карту с самым большим номером в ячейке с
    изображением 4 чиновников, ... а карту с самым маленьким номером — с 2 чиновниками.»"""
    s = play.state
    if not playing(s):
        return
    slots = data(s)["slots"]
    drawn = sorted(s.tenno.deck[:len(slots)], reverse=True)
    offered: list[int | None] = [*drawn, *[None] * (len(slots) - len(drawn))]
    play.event("favours_laid", offered=offered, deck=s.tenno.deck[len(drawn):])
    play.note("tenno.laid_out", numbers=drawn)


# -- planning: the exchange cells --------------------------------------------------------
def court_problem(play: Play, player: str, actions: Mapping[str, str],
                  bid: Mapping[str, Any] | None, court: Mapping[str, str] | None) -> RuleError | None:
    """Why these exchange cells are not allowed, or None. Only what cannot change before the
    palace is judged here: a card in one cell of the fourteen, the player's own provinces,
    no more official cards than he holds. Whether an exchange can be done is the palace's."""
    s = play.state
    if court is None:
        return None
    if not playing(s):
        return RuleError("plan.no_court")
    used = set(actions.values()) | ({bid["province"]} if bid and "province" in bid else set())
    owned = set(s.owned(player))
    held = data(s)["official_cards_per_player"]
    if sum(1 for card in court.values() if card == OFFICIAL) > held:
        return RuleError("plan.official_cards", n=held)
    for card in court.values():
        if card == OFFICIAL:
            continue
        if card not in owned:
            return RuleError("plan.not_your_province", province=str(card))
        if card in used:
            return RuleError("plan.province_twice", province=card)
        used.add(card)
    return None


def unexchangeable(state: ShogunState, player: str) -> dict[str, dict[str, dict[str, Any]]]:
    """For each of ``player``'s provinces, the exchange cells it cannot give its armies to
    («В провинции должна остаться хотя бы 1 армия»), with why: the phone says so when the
    card is laid. Nothing moves a province's armies between the plans and the palace."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    if not playing(state):
        return found
    for province in state.owned(player):
        have = state.provinces[province].armies
        for n in data(state)["exchange_cells"]:
            if have < n + 1:
                found.setdefault(province, {})[f"court{n}"] = {
                    "key": "plan.court_one_army", "params": {"province": province, "n": n, "have": have}}
    return found


def court_of(state: ShogunState, player: str) -> dict[str, str]:
    return (state.plans.get(player) or {}).get("court", {})


# -- the palace --------------------------------------------------------------------------
def palace_due(state: ShogunState) -> bool:
    """The palace comes before the ten actions of every spring, summer and autumn."""
    return playing(state) and state.tenno.step != DONE


def run(play: Play) -> None:
    """Step 1 at once (it needs nobody), then step 2 player by player, up to a decision."""
    s = play.state
    t = s.tenno
    if t.step is None:
        _exchange(play)
    if t.effect is not None:
        tenno_favours.apply(play)
        if s.pending is not None or t.effect is not None:
            return
    while t.queue and any(card is not None for card in t.offered):
        player = t.queue[0]
        play.event("palace", step=FAVOURS, queue=t.queue[1:])
        if _audience(play, player):
            return
    _close(play)


def _exchange(play: Play) -> None:
    """«Игроки в порядке очередности хода открывают карты ... сначала ... «Обменять 3 армии
    на 3 чиновников» ..., затем ... 2 ..., а затем ... 1»; then the order of step 2."""
    s = play.state
    play.event("palace", step=EXCHANGE, queue=[])
    for player in s.turn_order:
        court = court_of(s, player)
        for cell in data(s)["exchange_cells"]:
            _exchange_one(play, player, cell, court.get(str(cell)))
    order = sorted(s.turn_order, key=lambda c: (-officials(s, c, WAITING), s.turn_order.index(c)))
    play.event("palace", step=FAVOURS, queue=order)
    play.note("tenno.favour_order", order=order,
              numbers=[officials(s, c, WAITING) for c in order])


def _exchange_one(play: Play, player: str, n: int, card: str | None) -> None:
    """«Если действие не может быть выполнено полностью ..., игрок не выполняет такое
    действие»: exactly n armies and n officials, or nothing."""
    s = play.state
    if card is None:
        play.note("tenno.cell_intrigue", player=player, n=n)
        return
    reason = None
    if card == OFFICIAL:
        if not by_hand.can_take_out(s, player, n):
            reason, have = "tray", s.tray.get(player, 0)
    else:
        prov = s.provinces[card]
        if prov.owner != player:
            reason, have = "not_yours", 0
        elif prov.armies < n + 1:
            reason, have = "one_army", prov.armies
    if reason is None and officials(s, player, SUPPLY) < n:
        reason, have = "officials", officials(s, player, SUPPLY)
    where = {} if card == OFFICIAL else {"province": card}
    if reason is not None:
        play.note(f"tenno.not_exchanged_{'tray' if card == OFFICIAL else 'province'}",
                  player=player, n=n, lack=reason, have=have, **where)
        return
    if card == OFFICIAL:
        by_hand.take_out(play, player, n, "official")
    else:
        play.move(player, n, card, SUPPLY)
    move_officials(play, player, n, SUPPLY, WAITING)
    play.note(f"tenno.exchanged_{'tray' if card == OFFICIAL else 'province'}",
              player=player, n=n, **where)


def _audience(play: Play, player: str) -> bool:
    """«Активный игрок передвигает всех своих придворных чиновников из зала ожидания в зал
    для аудиенций» and may take a card he can pay for; True when his choice is awaited."""
    s = play.state
    move_officials(play, player, officials(s, player, WAITING), WAITING, AUDIENCE)
    present = officials(s, player, AUDIENCE)
    prices = data(s)["slots"]
    offers = [{"favour": card, "price": prices[i]} for i, card in enumerate(s.tenno.offered)
              if card is not None and prices[i] <= present]
    if not offers:
        play.note("tenno.cannot_take", player=player, n=present)
        return False
    play.pending("favour", player=player, officials=present, offers=offers)
    return True


def choose(play: Play, cmd: TakeFavour) -> None:
    """One card paid with its slot's officials, or none («может, но не обязан»)."""
    pending = play.expect("favour", cmd.player)
    if cmd.take == NOTHING:
        play.pending(None)
        play.note("tenno.took_nothing", player=cmd.player)
        return
    offer = next((o for o in pending["offers"] if o["favour"] == cmd.take), None)
    if offer is None:
        raise RuleError("favour.not_offered", player=cmd.player, favour=cmd.take)
    play.pending(None)
    move_officials(play, cmd.player, offer["price"], AUDIENCE, SUPPLY)
    play.event("favour_taken", player=cmd.player, favour=cmd.take,
               slot=play.state.tenno.offered.index(cmd.take))
    play.note("tenno.took", player=cmd.player, favour=cmd.take, n=offer["price"])


def _close(play: Play) -> None:
    """«все придворные чиновники, оставшиеся в зале для аудиенций, возвращаются в зал
    ожидания. Все оставшиеся открытые карты благосклонности убираются из игры.»"""
    s = play.state
    for player in s.turn_order:
        move_officials(play, player, officials(s, player, AUDIENCE), AUDIENCE, WAITING)
    left = [card for card in s.tenno.offered if card is not None]
    if left:
        play.event("favours_cleared")
        play.note("tenno.favours_removed", numbers=left)
    play.event("palace", step=DONE, queue=[])
    play.phase("actions")


def view(state: ShogunState) -> dict[str, Any]:
    """The palace as the table shows it: each player's officials in the supply and both
    halls, the face-up cards with their slots' prices, the cards players keep."""
    if not playing(state):
        return {}
    t = state.tenno
    prices = data(state)["slots"]
    return {"palace": {"officials": {c: dict(t.officials[c]) for c in state.seating},
                       "offered": [{"favour": card, "price": prices[i]} if card is not None else None
                                   for i, card in enumerate(t.offered)],
                       "kept": {c: list(t.kept[c]) for c in state.seating},
                       "step": t.step, "deck": len(t.deck),
                       "official_cards": data(state)["official_cards_per_player"],
                       "cells": list(data(state)["exchange_cells"])}}


def court_seen(state: ShogunState, owner: str, viewer: str | None) -> dict[str, str] | None:
    """A player's exchange cells: his own always; everyone's once the palace turns them
    («открывают карты на своих дополнительных планшетах»); None when not to be shown."""
    if not playing(state) or owner not in state.plans:
        return None
    if viewer == owner or state.tenno.step is not None:
        return dict(court_of(state, owner))
    return None
