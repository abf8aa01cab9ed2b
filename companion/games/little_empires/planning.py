"""«Фаза планирования»: in an era's first round each player chooses a destiny card face
down, all are turned up together; then, in turn order, one at a time, each places order
tokens face down, doing the cell's quick action at once if he likes. In the second round a
token may go on top of one's own or, for a price, an opponent's face-up token."""
from __future__ import annotations

from companion.errors import RuleError
from companion.games.little_empires import actions, values
from companion.games.little_empires.commands import Destiny, Place, Quick, Step
from companion.games.little_empires.play import Play
from companion.games.little_empires.state import LEState


def choose(play: Play, cmd: Destiny) -> None:
    """«Каждый игрок выбирает 1 карту судьбы из руки и выкладывает её лицевой стороной
    вниз»: changeable until the last player has chosen."""
    s = play.state
    if s.phase != "destiny":
        raise RuleError("le.not_now")
    p = play.player(cmd.player)
    if cmd.card not in p.hand:
        raise RuleError("le.card_not_held", card=cmd.card)
    changed = p.chosen is not None
    play.event("chosen", player=cmd.player, card=cmd.card)
    play.note("le.destiny_changed" if changed else "le.destiny_chosen", player=cmd.player)


def choosing(state: LEState) -> list[str]:
    """The players whose destiny card is not chosen yet, in turn order."""
    if state.phase != "destiny":
        return []
    return [seat for seat in state.order if state.players[seat].chosen is None]


def destiny_step(play: Play) -> bool:
    """«Затем все игроки одновременно открывают карты»; «Только для игры вдвоём. Перед тем
    как открыть карты судьбы, возьмите верхнюю карту из колоды судьбы и добавьте её»."""
    s = play.state
    if choosing(s):
        return False
    cards = [{"card": s.players[seat].chosen, "region": s.cards[s.players[seat].chosen], "by": seat}
             for seat in s.order]
    deck = list(s.deck)
    if len(s.seating) == 2 and deck:
        top = deck.pop(0)
        cards.append({"card": top, "region": s.cards[top], "by": None})
    play.event("destiny", cards=cards, deck=deck)
    play.note("le.destiny_revealed", regions=[c["region"] for c in cards])
    play.event("phase", phase="planning")
    return True


def quota(state: LEState) -> int:
    """«2 или 3 игрока: 4 жетона, 4 игрока: 3» in the first round; «на 1 жетон приказа
    меньше» in the second."""
    first = state.data["tokens_round_one"][str(len(state.seating))]
    return first if state.round == 1 else first - 1


def placer(state: LEState) -> str | None:
    """Whose token goes down next: turn order, one token each in turn."""
    if state.phase != "planning":
        return None
    placed = sum(p.placed for p in state.players.values())
    if placed >= quota(state) * len(state.order):
        return None
    return state.order[placed % len(state.order)]


def cover_price(state: LEState, seat: str) -> int | None:
    """«Делая это в первый раз, вы должны потратить 1, во второй раз — 2»; None: no more."""
    costs = state.data["cover_costs"]
    covers = state.players[seat].covers
    return costs[covers] if covers < len(costs) else None


def where(state: LEState, seat: str, cell: int) -> str:
    """How a token may go into ``cell``: "empty", "own" (on one's own first-round token),
    "cover" (on an opponent's), or the RuleError saying why not."""
    if not 1 <= cell <= len(state.cells):
        raise RuleError("le.unknown_cell", cell=cell)
    top = state.top(cell - 1)
    if top is None:
        return "empty"
    if state.round == 1:
        raise RuleError("le.cell_taken", cell=cell)
    if not top["face_up"]:
        raise RuleError("le.cover_face_down", cell=cell)
    if top["owner"] == seat:
        return "own"
    if top["owner"] in state.covered:
        raise RuleError("le.already_covered", player=top["owner"], by=state.covered[top["owner"]])
    if cover_price(state, seat) is None:
        raise RuleError("le.no_more_covers")
    return "cover"


def quick(play: Play, seat: str, cell: int, act: Quick) -> None:
    """«Всякий раз, выложив жетон приказа, вы можете сразу же выполнить быстрое действие,
    указанное рядом с ячейкой жетона … вы не тратите ресурсы»."""
    s = play.state
    do_quick(play, seat, values.cell_quick(s, cell), values.cell_region(s, cell), act)


def do_quick(play: Play, seat: str, kind: str, region: str, act: Quick | None) -> None:
    """One quick action of ``kind`` in ``region`` with its fields (a move may go over a
    mountain: variant «Путь горы»)."""
    needs = {"move1": ("src", "dst"), "attack": ("province", "victim"),
             "recruit1": ("province",), "harvest1": ("province",)}[kind]
    given = {name for name in ("province", "src", "dst", "victim") if act and getattr(act, name) is not None}
    if act is None or given != set(needs) or (act.mountain is not None and kind != "move1"):
        raise RuleError("le.quick_fields", action=kind)
    if kind == "move1":
        actions.move(play, seat, region, [Step(act.src, act.dst, mountain=act.mountain)], 1)
    elif kind == "attack":
        actions.kill(play, seat, region, act.province, act.victim)
    elif kind == "recruit1":
        actions.recruit(play, seat, region, act.province)
    else:
        actions.harvest(play, seat, region, act.province)


def place(play: Play, cmd: Place) -> None:
    """One order token face down; a cover is paid first («сначала должны потратить
    требуемое»), then the quick action."""
    s = play.state
    if s.phase != "planning":
        raise RuleError("le.not_now")
    p = play.player(cmd.player)
    turn = placer(s)
    if turn != cmd.player:
        raise RuleError("le.not_your_turn", player=cmd.player, waiting=turn)
    if p.tokens.get(cmd.token, 0) < 1:
        raise RuleError("le.token_not_held", action=cmd.token)
    how = where(s, cmd.player, cmd.cell)
    if how == "cover":
        victim = s.top(cmd.cell - 1)["owner"]
        price = cover_price(s, cmd.player)
        actions.pay(play, cmd.player, "cover", cmd.pay, price)
        play.note("le.covered", player=cmd.player, defender=victim, cell=cmd.cell, n=price)
    play.event("placed", player=cmd.player, cell=cmd.cell, token=cmd.token)
    play.note("le.placed", player=cmd.player, cell=cmd.cell, region=values.cell_region(s, cmd.cell))
    if cmd.quick is not None:
        quick(play, cmd.player, cmd.cell, cmd.quick)


def planning_step(play: Play) -> bool:
    """«Когда все игроки выложили на поле необходимое число жетонов приказов, начинается
    фаза исполнения»."""
    s = play.state
    if placer(s) is not None:
        return False
    play.event("phase", phase="execution")
    play.event("cursor", cursor=0)
    play.note("le.execution", round=s.round)
    return True
