"""The variant «Путь горы»: the mountain tokens drawn face down (their faces in no view),
an expedition army over a mountain road turning one up, its effect at once, one expedition
a movement action; the rulebook's example number for number."""
from __future__ import annotations

import json

import pytest

from companion.errors import RuleError
from companion.games.little_empires.rules import GAME
from little_empires_table import EVERYTHING, P, Table, first_up

EFFECTS = ("ambush", "mercenaries", "bushido_master", "highland_farm", "independent_tribe", "way_is_goal")
# A test board: mountain m joins grey m+1 with the orange capital (1-5), orange 6/7 with purple 2.
ROADS = {1: ("grey2", "orange1"), 2: ("grey3", "orange1"), 3: ("grey4", "orange1"),
         4: ("grey5", "orange1"), 5: ("grey6", "orange1"), 6: ("orange6", "purple2"),
         7: ("orange7", "purple2")}
MOUNTAINS = {f"{P}.mountain{m}.{end}": province for m, road in ROADS.items()
             for end, province in zip("ab", road)}
MOUNTAINS.update({f"{P}.mountain_tokens.{e}": n for e, n in zip(EFFECTS, (2, 2, 2, 2, 1, 1))})
MOUNTAINS[f"{P}.cost.way"] = "bushido"


def mountain_table(*faces: str, seats: tuple[str, ...] = ("blue", "red")) -> Table:
    """A game with the variant whose mountains 1, 2, … hold these faces."""
    table = Table(2, seats=seats, variants=("mountain_path",), printed={**EVERYTHING, **MOUNTAINS})
    s = table.state
    table.events({"type": "setup", "cards": s.cards, "deck": s.deck, "resources": s.resource_at,
                  "shrines": s.shrine_at, "armies": s.armies,
                  "mountains": {str(m): face for m, face in enumerate(faces, start=1)},
                  "players": {seat: {"food": p.food, "bushido": p.bushido, "hand": p.hand, "tokens": p.tokens}
                              for seat, p in s.players.items()}})
    return table


def test_seven_of_the_ten_tokens_go_face_down_and_no_view_shows_them():
    """«поместите по 1 жетону на изображения гор на поле. На поле окажется 7 жетонов;
    оставшиеся верните в коробку, не глядя на их лицевые стороны»."""
    table = Table(3, variants=("mountain_path",), printed={**EVERYTHING, **MOUNTAINS})
    assert len(table.state.mountain_faces) == 7
    for seat in (None, *table.state.seating):
        view = GAME.view(table.state, seat)
        assert all(m["flipped"] is None for m in view["mountains"].values())
        assert not any(f'"{effect}"' in json.dumps(view) for effect in EFFECTS)


def test_the_bushido_master_gives_a_bushido_and_the_army_goes_on():
    """L-E13 «Во время своего действия «движение на 2» Синий игрок сначала перемещает 1 армию
    на жетон горы и переворачивает его. Это жетон «Мастер бусидо», поэтому игрок получает 1 и
    продолжает движение армии в новую провинцию. Затем Синий игрок тратит второе перемещение
    и напрямую переносит другую свою армию в ту же провинцию»."""
    table = mountain_table("bushido_master")
    table.armies("blue", grey2=1)
    first_up(table, "blue", 1, "move2ship")
    bushido = table.state.players["blue"].bushido
    table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1},
                             {"src": "grey1", "dst": "orange1"}])
    assert table.state.players["blue"].bushido == bushido + 1
    assert table.state.armies["orange1"]["blue"] == 4 and "blue" not in table.state.armies.get("grey2", {})
    assert GAME.view(table.state, None)["mountains"]["1"]["flipped"] == "bushido_master"


def test_an_ambush_sends_the_army_back_where_it_started():
    """«Засада: Верните экспедиционную армию в провинцию, из которой она начала движение»."""
    table = mountain_table("ambush")
    table.armies("blue", grey2=1)
    first_up(table, "blue", 1, "move3")
    table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1}])
    assert table.state.armies["grey2"]["blue"] == 1 and table.state.armies["orange1"]["blue"] == 2


def test_mercenaries_join_in_the_province_the_expedition_left():
    """«Наёмники: Добавьте 1 армию из личного запаса в провинцию, из которой экспедиционная
    армия начала движение»."""
    table = mountain_table("mercenaries")
    table.armies("blue", grey2=1)
    first_up(table, "blue", 1, "move3")
    table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1}])
    assert table.state.armies["grey2"]["blue"] == 1 and table.state.armies["orange1"]["blue"] == 3


def test_only_one_expedition_a_movement_action():
    """«Игроки могут посылать только 1 экспедиционную армию за действие движения»."""
    table = mountain_table("highland_farm", "highland_farm")
    table.armies("blue", grey2=1, grey3=1)
    first_up(table, "blue", 1, "move3")
    with pytest.raises(RuleError) as err:
        table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1},
                                 {"src": "grey3", "dst": "orange1", "mountain": 2}])
    assert err.value.key == "le.one_expedition"


def test_an_expedition_follows_its_mountains_road():
    table = mountain_table("highland_farm", "highland_farm")
    table.armies("blue", grey2=1)
    first_up(table, "blue", 1, "move3")
    with pytest.raises(RuleError) as err:
        table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 2}])
    assert err.value.key == "le.mountain_road"


def test_the_way_is_the_goal_may_pay_to_destroy_an_army_of_the_region_it_entered():
    """«Путь как цель: Можете потратить 1, чтобы уничтожить армию противника в любой
    провинции региона … выбирайте регион, в который экспедиционная армия перемещается»."""
    table = mountain_table("way_is_goal")
    table.armies("blue", grey2=1)
    table.armies("red", orange3=1)
    first_up(table, "blue", 1, "move3")
    table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1}])
    assert GAME.decision(table.state).kind == "expedition" and GAME.decision(table.state).seats == ("blue",)
    bushido = table.state.players["blue"].bushido
    table.do({"type": "expedition", "player": "blue", "quick": {"province": "orange3", "victim": "red"}})
    assert "red" not in table.state.armies["orange3"] and table.state.players["blue"].bushido == bushido - 1
    assert GAME.decision(table.state).kind == "act"


def test_an_independent_tribe_does_one_of_the_regions_quick_actions():
    """«Независимое племя: Немедленно выполните одно из быстрых действий, доступных в
    регионе»: in orange (cells 4-6) harvest 1, move 1 or attack, never «вербовка 1 армии»."""
    table = mountain_table("independent_tribe")
    table.armies("blue", grey2=1)
    first_up(table, "blue", 1, "move3")
    table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1}])
    with pytest.raises(RuleError) as err:
        table.do({"type": "expedition", "player": "blue", "action": "recruit1", "quick": {"province": "orange1"}})
    assert err.value.key == "le.tribe_action"
    table.do({"type": "expedition", "player": "blue", "action": "attack",
              "quick": {"province": "orange1", "victim": "red"}})
    assert table.state.armies["orange1"] == {"blue": 3, "red": 1}


def test_a_quick_move_may_send_the_expedition_and_the_token_is_then_gone():
    """L7: «движение на 1» may send the expedition; «Перевернув жетон … сбросьте его»."""
    table = mountain_table("highland_farm")
    table.armies("blue", grey2=2)
    first_up(table, "blue", 1, "move3", quick={"src": "grey2", "dst": "orange1", "mountain": 1})
    assert table.state.mountains_flipped == {"1": "highland_farm"}
    assert not GAME.undoable(next(events for events in table.session.history
                                  if any(e["type"] == "mountain_flipped" for e in events)))
    with pytest.raises(RuleError) as err:
        table.act("blue", moves=[{"src": "grey2", "dst": "orange1", "mountain": 1}])
    assert err.value.key == "le.mountain_gone"
