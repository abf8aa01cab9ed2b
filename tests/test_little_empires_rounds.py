"""An era's two rounds («Процесс игры»): the destiny cards chosen face down and turned up
together, the order tokens placed in turn order and carried out cell by cell, south to
north in the first round and north to south in the second, where tokens may be covered."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.little_empires import geo
from companion.games.little_empires.rules import GAME
from little_empires_table import Table

FILLERS = ("move3", "move23", "castle", "recruit", "attack", "move23", "castle", "recruit")


def round_one(table: Table) -> None:
    """Every player's round-one tokens in cells 1, 2, 3… in turn order, none a harvest;
    then all carried out as nothing."""
    if table.state.phase == "destiny":
        table.choose_destiny()
    used = {seat: 0 for seat in table.state.seating}
    cell = 1
    while GAME.decision(table.state).kind == "place":
        seat = GAME.decision(table.state).seats[0]
        table.place(seat, cell, FILLERS[used[seat]])
        used[seat] += 1
        cell += 1
    table.pass_all()


def cells_turned_up(table: Table) -> list[int]:
    return [note["params"]["cell"] for note in table.state.log if note["key"] == "le.token_up"]


def test_the_destiny_cards_are_turned_up_only_once_all_have_chosen():
    """«Каждый игрок выбирает 1 карту судьбы … лицевой стороной вниз. Затем все игроки
    одновременно открывают карты»."""
    table = Table(3)
    first, *rest = table.state.order
    table.do({"type": "destiny", "player": first, "card": table.state.players[first].hand[0]})
    assert table.state.played == [] and GAME.decision(table.state).seats == tuple(rest)
    for seat in rest:
        table.do({"type": "destiny", "player": seat, "card": table.state.players[seat].hand[1]})
    assert [c["by"] for c in table.state.played] == table.state.order
    assert table.state.phase == "planning"


def test_a_destiny_card_may_be_chosen_again_until_the_last_player_has_chosen():
    table = Table(2)
    first = table.state.order[0]
    hand = table.state.players[first].hand
    table.do({"type": "destiny", "player": first, "card": hand[0]})
    table.do({"type": "destiny", "player": first, "card": hand[2]})
    chosen = hand[2]
    table.do({"type": "destiny", "player": table.state.order[1],
              "card": table.state.players[table.state.order[1]].hand[0]})
    assert table.state.played[0]["card"] == chosen


def test_with_two_players_the_decks_top_card_is_turned_up_with_theirs():
    """«Только для игры вдвоём. Перед тем как открыть карты судьбы, возьмите верхнюю карту из
    колоды судьбы и добавьте её к картам, выбранным игроками. Затем откройте все 3 карты»."""
    table = Table(2)
    top = table.state.deck[0]
    table.choose_destiny()
    assert len(table.state.played) == 3
    assert table.state.played[-1] == {"card": top, "region": table.state.cards[top], "by": None}


def test_with_three_players_no_deck_card_is_added():
    table = Table(3)
    table.choose_destiny()
    assert len(table.state.played) == 3 and all(c["by"] for c in table.state.played)


def test_a_card_not_in_hand_cannot_be_chosen():
    table = Table(2)
    other = table.state.players[table.state.order[1]].hand[0]
    with pytest.raises(RuleError) as err:
        table.do({"type": "destiny", "player": table.state.order[0], "card": other})
    assert err.value.key == "le.card_not_held"


@pytest.mark.parametrize("players, first, second", [(2, 4, 3), (3, 4, 3), (4, 3, 2)])
def test_each_player_places_four_tokens_or_three_with_four_players_and_one_fewer_in_round_two(
        players, first, second):
    """L-E9 «В партии на троих в фазе планирования первого раунда игроки разместят по 4
    жетона …, а … второго раунда — по 3»; with four players 3 («4 игрока = 3 жетона»)."""
    table = Table(players)
    table.choose_destiny()
    assert GAME.view(table.state)["quota"] == first
    round_one(table)
    assert table.state.round == 2 and GAME.view(table.state)["quota"] == second
    placed = sum(1 for stack in table.state.cells for token in stack)
    assert placed == first * players


def test_tokens_go_down_one_at_a_time_in_turn_order():
    """«игроки в порядке очерёдности хода выкладывают по 1 жетону приказа»."""
    table = Table(3)
    table.choose_destiny()
    a, b, c = table.state.order
    with pytest.raises(RuleError) as err:
        table.place(b, 1, "recruit")
    assert err.value.key == "le.not_your_turn"
    table.place(a, 1, "recruit")
    assert GAME.decision(table.state).seats == (b,)


def test_in_round_one_tokens_go_only_into_empty_cells():
    """«в любые пустые ячейки на поле»."""
    table = Table(3)
    table.choose_destiny()
    a, b, _ = table.state.order
    table.place(a, 5, "recruit")
    with pytest.raises(RuleError) as err:
        table.place(b, 5, "recruit")
    assert err.value.key == "le.cell_taken"


def test_round_one_is_carried_out_from_the_southern_cell_up_and_empty_cells_are_skipped():
    """«Начиная с самого южного (самого нижнего) жетона приказа на поле и двигаясь вверх»;
    «При игре вдвоём некоторые ячейки … останутся пустыми … Пропускайте такие ячейки»."""
    table = Table(2)
    table.choose_destiny()
    a, b = table.state.order
    for seat, cell, token in [(a, 9, "recruit"), (b, 2, "recruit"), (a, 12, "move3"), (b, 5, "move3"),
                              (a, 3, "castle"), (b, 7, "castle"), (a, 1, "attack"), (b, 10, "attack")]:
        table.place(seat, cell, token)
    table.pass_all()
    assert cells_turned_up(table) == [1, 2, 3, 5, 7, 9, 10, 12]


def test_the_lowest_token_acts_first_and_an_attack_then_takes_the_food_province():
    """L-E2 «самый нижний жетон приказа принадлежит Синему игроку … «вербовку армий». Он
    вербует 1 армию и помещает её в столичную провинцию. Следующий жетон приказа принадлежит
    Жёлтому игроку … «нападение» … уничтожить армию Синего игрока в провинции с пищей, чтобы
    взять эту провинцию под свой контроль»."""
    table = Table(2, seats=("blue", "yellow"))
    food = next(p for p, r in sorted(table.state.resource_at.items()) if r == "food")
    region = geo.region_of(food)
    low = 3 * ("grey", "orange", "turquoise", "purple").index(region) + 1
    table.armies("blue", **{food: 1})
    table.armies("yellow", **{food: 1})
    table.order("blue", "yellow")
    table.choose_destiny()
    free = [c for c in range(12, 0, -1) if c not in (low, low + 1)]
    table.place("blue", low, "recruit")
    table.place("yellow", low + 1, "attack")
    for n in range(6):
        table.place(("blue", "yellow")[n % 2], free.pop(0), ("move3", "move3", "castle", "castle", "attack", "recruit")[n])
    assert GAME.decision(table.state).seats == ("blue",)
    table.act("blue", places=[geo.capital(region)])
    assert table.state.armies[geo.capital(region)]["blue"] == 3
    assert GAME.decision(table.state).seats == ("yellow",)
    table.act("yellow", province=food, victims=["blue"])
    assert geo.controller(table.state, food) == "yellow"


def test_round_two_runs_north_to_south_and_uncovered_tokens_act_again():
    """«начиная с самого северного жетона и двигаясь вниз»; «Действия жетонов, выложенных в
    первом раунде эпохи и не накрытых новыми жетонами приказов, в этой фазе выполняйте
    вновь»."""
    table = Table(2)
    round_one(table)
    a, b = table.state.order
    start = len(cells_turned_up(table))
    for seat, cell, token in [(a, 9, "harvest"), (b, 12, "recruit"), (a, 1, "move2ship"),
                              (b, 2, "castle"), (a, 10, "recruit"), (b, 11, "attack")]:
        table.place(seat, cell, token)
    table.pass_all()
    assert cells_turned_up(table)[start:] == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert table.state.phase == "destiny" and table.state.era == 2


def test_only_the_top_token_of_a_stack_acts():
    table = Table(2)
    round_one(table)
    a, b = table.state.order
    table.place(a, 1, "harvest")
    assert [t["kind"] for t in table.state.cells[0]] == ["move3", "harvest"]


def test_covering_an_opponents_token_costs_one_then_two():
    """«Делая это в первый раз, вы должны потратить 1, во второй раз — 2»."""
    table = Table(3)
    round_one(table)
    a, b, c = table.state.order
    table.give(a, bushido=1)
    table.place(a, 2, "recruit")
    table.place(b, 5, "recruit")
    table.place(c, 6, "recruit")
    table.place(a, 3, "attack")
    assert table.state.players[a].bushido == 0
    assert [n["params"]["n"] for n in table.state.log if n["key"] == "le.covered"] == [1, 2]


def test_only_a_player_with_no_token_covered_yet_can_be_covered():
    """L-E10 «игрок А накрыл жетон приказа игрока Б. Затем игрок Б решил накрыть жетон
    приказа игрока В. Теперь игрок В может накрыть только жетон приказа игрока А»."""
    table = Table(3)
    round_one(table)
    a, b, c = table.state.order
    table.place(a, 2, "recruit")
    table.place(b, 3, "recruit")
    with pytest.raises(RuleError) as err:
        table.place(c, 5, "recruit")
    assert err.value.key == "le.already_covered"
    table.place(c, 1, "recruit")
    assert table.state.covered == {b: a, c: b, a: c}


def test_a_token_placed_this_round_cannot_be_covered():
    """«Вы не можете накрыть жетон приказа, выложенный в этом раунде (лежащий лицевой
    стороной вниз)»."""
    table = Table(3)
    round_one(table)
    a, b, _ = table.state.order
    table.place(a, 1, "recruit")
    with pytest.raises(RuleError) as err:
        table.place(b, 1, "recruit")
    assert err.value.key == "le.cover_face_down"


def test_covering_ones_own_token_is_free():
    """«б) или выложите жетон поверх своего собственного жетона, размещённого в первом раунде»."""
    table = Table(3)
    round_one(table)
    a = table.state.order[0]
    before = table.state.players[a].bushido, table.state.players[a].food
    table.place(a, 1, "recruit")
    assert (table.state.players[a].bushido, table.state.players[a].food) == before


def test_a_cover_is_paid_before_the_quick_action():
    """«если вы накрываете жетон противника, то сначала должны потратить требуемое»: the
    cover takes the last bushido, so the quick action cannot be paid from it (it is free)."""
    table = Table(3)
    round_one(table)
    a, b, _ = table.state.order
    table.give(a, bushido=-1)
    events = table.place(a, 2, "recruit", quick={"province": "grey1", "victim": b})
    kinds = [e["type"] for e in events if e["type"] in ("goods", "placed", "army")]
    assert kinds == ["goods", "placed", "army"]
