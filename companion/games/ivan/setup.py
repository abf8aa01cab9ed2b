"""«Подготовка к игре»: the seats, the favour track drawn at random (step 14), the first
player left of the lowest marker (step 15), each player's kept project (step 17); and each
decade's deal of the assignment cards (step 3, again at every decade's end)."""
from __future__ import annotations

from typing import Any

from companion.engine import forms
from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.ivan import catalog, cities, values
from companion.games.ivan.commands import Create, Deal, Keep, Muster
from companion.games.ivan.play import Play
from companion.games.ivan.state import IvanState


def left_of_lowest(state: IvanState) -> str:
    """«Игрок, сидящий слева от того, чья фишка на счётчике царской милости стоит ниже всех»
    (V11: the lowest of the positions in use); clockwise, the next seat is on the left."""
    lowest = state.favour[-1]
    return state.seating[(state.seating.index(lowest) + 1) % len(state.seating)]


def create(play: Play, cmd: Create, versions: dict[str, Any]) -> None:
    """Seat the players and draw the favour track: «случайным образом поставьте их по одной
    на деления счётчика царской милости, начиная с верхнего»."""
    if play.state.created:
        raise RuleError("ivan.already_created")
    data = catalog.data()
    seats = [p.seat for p in cmd.players]
    # A seat is a family's colour (Бельские white, Чернятинские black, Заболотские green,
    # Пожарские red), so the shell's colour and pattern mark it everywhere.
    forms.check_seats(seats, data["families"], data["players"], "ivan", unknown="unknown_family")
    order = list(seats)
    play.rng.shuffle(order)
    lowest = order[-1]
    first = seats[(seats.index(lowest) + 1) % len(seats)]
    config = {"players": [{"seat": p.seat, "name": p.name.strip()} for p in cmd.players],
              "referee": cmd.referee, "influence": cmd.influence, "deal": cmd.deal, "data": data,
              "printed": checked(cmd.printed or {}, catalog.questions()),
              "favour": order, "first": first}
    play.event("created", versions=versions, config=config)
    play.event("phase", phase="setup")
    play.note("ivan.created", count=len(seats), player=first, order=order)


def start(play: Play) -> bool:
    """Once the printed values are known: each player keeps one project of three, secretly."""
    unknown = values.missing(play.state, values.setup_keys(play.state))
    if unknown:
        values.ask(play, unknown)
        return False
    play.event("phase", phase="keep")
    play.note("ivan.deal_projects", n=play.data["projects_dealt"])
    return True


def keep(play: Play, cmd: Keep) -> None:
    """«Каждый игрок ... выбирает из них одну и оставляет на руке (не показывая остальным)»."""
    s = play.state
    player = play.player(cmd.player)
    if s.phase != "keep" or s.pending is not None:
        raise RuleError("ivan.not_now")
    if player.kept:
        raise RuleError("ivan.already_kept", player=cmd.player)
    play.event("hand", player=cmd.player, hand=[cmd.kind])
    play.note("ivan.kept", player=cmd.player)


def waiting_to_keep(state: IvanState) -> list[str]:
    return [seat for seat in state.turn_order if not state.players[seat].kept] \
        if state.phase == "keep" else []


def keep_step(play: Play) -> bool:
    """When every project is kept: the first warriors (step 19), then the first decade."""
    if waiting_to_keep(play.state):
        return False
    order = play.state.turn_order
    play.note("ivan.first_warriors", order=order)
    if cities.tracked(play.state):
        play.event("phase", phase="muster")
        play.event("turn", turn={"player": order[0], "placed": 0})
        return True
    deal(play, 1, play.state.first)
    return True


def muster_order(state: IvanState) -> list[str]:
    """«начиная с первого и далее по часовой стрелке ... Затем все игроки в обратном порядке
    (от последнего к первому)»."""
    order = state.turn_order
    return order + order[::-1]


def muster(play: Play, cmd: Muster) -> None:
    """Step 19: «выставляют по одному своему воину в любой город, где ещё нет воина»."""
    s = play.state
    if s.phase != "muster" or s.turn is None or s.pending is not None:
        raise RuleError("ivan.not_now")
    if cmd.player != s.turn["player"]:
        raise RuleError("ivan.not_your_turn", player=cmd.player, waiting=s.turn["player"])
    city = cities.known(play, cmd.city)
    if cities.anyone(s, city, "warrior"):
        raise RuleError("ivan.city_has_warrior", dst=city)
    cities.put(play, cmd.player, city, "warrior")
    play.note("ivan.mustered", player=cmd.player, dst=city)
    placed = s.turn["placed"] + 1
    order = muster_order(s)
    if placed < len(order):
        play.event("turn", turn={"player": order[placed], "placed": placed})
        return
    play.event("turn", turn=None)
    deal(play, 1, s.first)


def deal(play: Play, decade: int, first: str) -> None:
    """«Перемешайте шесть карт поручений и выложите пять из них в открытую ... по одной карте
    под каждой палатой, а шестую положите рядом лицом вниз»: by the app, or by the table,
    which then taps what came."""
    if play.state.dealer == "table":
        play.event("dealing", dealing={"decade": decade, "first": first})
        play.event("phase", phase="dealing")
        play.note("ivan.deal_at_table")
        return
    cards = list(play.data["assignments"])
    play.rng.shuffle(cards)
    chambers = play.data["chambers"]
    _dealt(play, decade, first, dict(zip(chambers, cards)), cards[len(chambers)])


def table_deal(play: Play, cmd: Deal) -> None:
    """The five cards the table laid out; the sixth, face down, is the one left."""
    s = play.state
    if s.phase != "dealing" or s.dealing is None or s.pending is not None:
        raise RuleError("ivan.not_now")
    if set(cmd.cards) != set(s.data["chambers"]):
        raise RuleError("ivan.deal_every_chamber")
    if len(set(cmd.cards.values())) != len(cmd.cards):
        raise RuleError("ivan.card_twice")
    hidden = next(card for card in s.data["assignments"] if card not in cmd.cards.values())
    dealt = {chamber: cmd.cards[chamber] for chamber in s.data["chambers"]}
    _dealt(play, s.dealing["decade"], s.dealing["first"], dealt, hidden)


def _dealt(play: Play, decade: int, first: str, dealt: dict[str, str], hidden: str) -> None:
    play.event("deal", decade=decade, first=first, cards=dealt, hidden=hidden)
    play.event("phase", phase="planning")
    play.event("turn", turn={"player": first})
    play.note("ivan.decade", decade=decade, player=first)
