"""The Kremlin: boyars placed in turn with coins under them, significance worked out before
every removal, seals, refunds, the two-player surcharge and the Kremlin card; the rulebook's
example of the Grants chamber (I1) number for number."""
from __future__ import annotations

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.ivan.kremlin import significant
from ivan_table import Table


def i1_table() -> Table:
    """«В палате пожалований трое бояр: Бельский и Чернятинский без монет и Заболотский с одной
    монетой»; in the Exchange chamber Zabolotsky and Pozharsky have two coins each."""
    table = Table(4)
    table.favour("white", "black", "red", "green")
    table.chambers(("white", "grants", 0), ("black", "grants", 0), ("green", "grants", 1),
                   ("green", "exchange", 2), ("red", "exchange", 2),
                   turn="green", cards={"grants": "kremlin"})
    return table


def test_more_coins_make_a_boyar_most_significant():
    """«Поскольку под Заболотским монет больше, он обладает наибольшей значимостью в этой палате»."""
    assert significant(i1_table().state)["grants"] == "green"


def test_without_coins_the_tie_goes_to_the_higher_favour():
    """«Если бы под ним не было монеты, самым значимым считался бы Бельский, поскольку этот род
    стоит выше остальных по царской милости»."""
    table = Table(4)
    table.favour("white", "black", "red", "green")
    table.chambers(("white", "grants", 0), ("black", "grants", 0), ("green", "grants", 0),
                   turn="green")
    assert significant(table.state)["grants"] == "white"


def test_i1_the_most_significant_boyar_seals_and_the_kremlin_card_gives_a_coin_and_favour():
    """«монета из-под него уходит в резерв ... кладёт печать ... По эффекту карты поручения
    Заболотские получают монету и царскую милость, поднимаясь на верхнее деление счётчика и
    сдвигая всех остальных»."""
    table = i1_table()
    coins = table.state.players["green"].coins
    table.do({"type": "leave", "player": "green", "chamber": "grants", "seal": True})
    s = table.state
    assert s.players["green"].coins == coins + 1
    assert s.favour == ["green", "white", "black", "red"]
    assert s.seals == {"grants": "green"} and s.players["green"].seals == 1


def test_i1_significance_changes_elsewhere_when_favour_moves():
    """«Теперь этот род ... обладает наибольшей значимостью ещё и в палате обмена, поскольку и
    под Заболотским, и под Пожарским по две монеты, а по милости Заболотские стали выше»."""
    table = i1_table()
    assert significant(table.state)["exchange"] == "red"
    table.do({"type": "leave", "player": "green", "chamber": "grants", "seal": True})
    assert significant(table.state)["exchange"] == "green"


def test_sealing_gives_the_others_their_coins_back_at_once():
    """«Если вы положили печать в палату, остальные игроки сразу же забирают себе все монеты из-под
    своих бояр в этой палате»."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 3), ("black", "income", 2), turn="white")
    before = table.state.players["black"].coins
    table.do({"type": "leave", "player": "white", "chamber": "income", "seal": True})
    assert table.state.players["black"].coins == before + 2
    assert table.state.chambers["income"] == [{"player": "black", "coins": 0}]


def test_a_boyar_not_most_significant_takes_his_coins_back():
    """«Если боярин ... не обладает наибольшей значимостью в своей палате, заберите себе все
    монеты из-под него. Вы получаете только обычные действия этой палаты»."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 3), ("black", "income", 2), turn="black")
    before = table.state.players["black"].coins
    table.do({"type": "leave", "player": "black", "chamber": "income"})
    assert table.state.players["black"].coins == before + 2
    assert not table.state.turn["sealed"]


def test_the_most_significant_boyars_coins_go_to_the_reserve_even_without_a_seal():
    """V4: «обладает наибольшей значимостью в палате, сбросьте все монеты из-под него в общий
    резерв. Затем ... вы можете положить в неё печать»: the coins go, seal or not."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 3), turn="white")
    before = table.state.players["white"].coins
    table.do({"type": "leave", "player": "white", "chamber": "income", "seal": False})
    assert table.state.players["white"].coins == before


def test_only_the_most_significant_boyar_may_seal_and_nothing_changes():
    """«Если же боярин, которого вы выводите, обладает наибольшей значимостью в палате ... вы
    можете положить в неё печать»."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 3), ("black", "income", 2), turn="black")
    history = list(table.session.history)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "leave", "player": "black", "chamber": "income", "seal": True})
    assert refused.value.key == "ivan.not_most_significant"
    assert table.session.history == history


def test_a_chamber_takes_one_seal():
    """«если в этой палате ещё нет печати, вы можете положить в неё печать»."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 0), ("black", "income", 0), turn="black")
    table.events({"type": "left", "player": "white", "chamber": "income", "sealed": True})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "leave", "player": "black", "chamber": "income", "seal": True})
    assert refused.value.key == "ivan.already_sealed"


def test_no_seal_left_no_seal():
    """«Если у вас не осталось печатей, вы не можете этого сделать»."""
    table = Table(3)
    table.chambers(("white", "income", 1), turn="white")
    table.events({"type": "left", "player": "white", "chamber": "projects", "sealed": True},
                 {"type": "left", "player": "white", "chamber": "grants", "sealed": True})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "leave", "player": "white", "chamber": "income", "seal": True})
    assert refused.value.key == "ivan.no_seal_left"


def test_two_players_pay_one_coin_more_to_seal():
    """«если вы играете вдвоём, вы должны дополнительно заплатить 1 монету (вернуть её в общий
    резерв), чтобы положить печать в палату»."""
    table = Table(2)
    table.chambers(("white", "projects", 1), turn="white", cards={"projects": "any"})
    table.coins("white", 2)
    table.do({"type": "leave", "player": "white", "chamber": "projects", "seal": True})
    assert table.state.players["white"].coins == 1


def test_two_players_cannot_seal_without_the_extra_coin():
    table = Table(2)
    table.chambers(("white", "projects", 1), turn="white", cards={"projects": "any"})
    table.coins("white", 0)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "leave", "player": "white", "chamber": "projects", "seal": True})
    assert refused.value.key == "ivan.seal_costs"


def test_the_kremlin_card_gives_a_coin_but_no_favour_without_the_seal():
    """V3: «такая карта добавляет к обычным действиям своей палаты получение 1 монеты, а к её
    усилению — получение царской милости»."""
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("green", "exchange", 0), turn="green", cards={"exchange": "kremlin"})
    before = table.state.players["green"].coins
    table.do({"type": "leave", "player": "green", "chamber": "exchange"})
    assert table.state.players["green"].coins == before + 1
    assert table.state.favour[-1] == "green"


def test_a_boyar_goes_into_a_chamber_where_his_family_has_none():
    """«выставить одного своего боярина в любую из пяти палат, где ещё нет вашего боярина»."""
    table = Table(3)
    seat = table.state.turn["player"]
    table.do({"type": "place", "player": seat, "chamber": "income", "coins": 1})
    for other in table.state.turn_order[1:]:
        table.do({"type": "place", "player": other, "chamber": "projects"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "place", "player": seat, "chamber": "income"})
    assert refused.value.key == "ivan.chamber_taken"


def test_coins_under_a_boyar_come_from_the_players_supply():
    """«подложить под выставленную фишку сколько угодно монет из своего запаса»: 3 to start."""
    table = Table(3)
    seat = table.state.turn["player"]
    with pytest.raises(RuleError) as refused:
        table.do({"type": "place", "player": seat, "chamber": "income", "coins": 4})
    assert refused.value.key == "ivan.not_enough_coins"
    table.do({"type": "place", "player": seat, "chamber": "income", "coins": 3})
    assert table.state.players[seat].coins == 0


def test_planning_goes_clockwise_from_the_first_player_until_every_boyar_is_placed():
    """«Игроки ходят по часовой стрелке, начиная с первого ... Когда все игроки выставили всех
    своих бояр в палаты, переходите к фазе действий»."""
    table = Table(3)
    order = table.state.turn_order
    seen = []
    for n in range(9):
        seat = table.state.turn["player"]
        seen.append(seat)
        table.do({"type": "place", "player": seat, "chamber": ("income", "projects", "grants")[n // 3]})
    assert seen == order * 3
    assert table.state.phase == "actions" and table.state.turn["player"] == order[0]


def test_a_phone_places_only_its_own_boyar():
    table = Table(3)
    seat = table.state.turn["player"]
    other = next(s for s in table.state.seating if s != seat)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "place", "player": seat, "chamber": "income"}, Actor.of_seat(other))
    assert refused.value.key == "device.not_your_colour"


def test_one_boyar_leaves_a_chamber_each_turn():
    """«В свой ход вы должны вывести одного своего боярина из палаты»."""
    table = Table(3)
    table.chambers(("white", "income", 0), ("white", "projects", 0), turn="white")
    table.do({"type": "leave", "player": "white", "chamber": "income"})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "leave", "player": "white", "chamber": "projects"})
    assert refused.value.key == "ivan.one_boyar_a_turn"


def test_the_action_phase_goes_round_until_every_boyar_has_left():
    """«Продолжайте, пока все бояре всех игроков не выведены из палат», then the decade's end."""
    table = Table(2)
    table.chambers(("white", "income", 0), ("black", "projects", 0), turn="white",
                   cards={"income": "colour1", "projects": "colour2"})
    table.do({"type": "leave", "player": "white", "chamber": "income"})
    table.do({"type": "done", "player": "white"})
    assert table.state.turn["player"] == "black"
    table.do({"type": "leave", "player": "black", "chamber": "projects"})
    table.do({"type": "done", "player": "black"})
    assert table.state.phase == "regions"
