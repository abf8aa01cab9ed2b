"""Influence tracked from the map, the group's other choice at creation: the sixteen cities'
regions and colours told once, every warrior, building and boyar placed or moved recorded in
its city, and each region's influence counted (warriors 1, buildings 2, boyars 2), which the
table confirms or corrects at the decade's end."""
from __future__ import annotations

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.ivan import cities
from companion.games.ivan.rules import GAME
from ivan_table import COLOURS, MAP, Table


def phone(seat: str) -> Actor:
    return Actor.of_seat(seat)


def mustered(players: int = 3) -> Table:
    """Past set-up step 19: each family's first two warriors in cities of its own."""
    table = Table(players, influence="map")
    spots = iter(["moscow", "yaroslavl", "nizhny_novgorod", "putivl", "kursk", "chernigov",
                  "novgorod_seversky", "city8"])
    while table.state.phase == "muster":
        seat = table.state.turn["player"]
        table.do({"type": "muster", "player": seat, "city": next(spots)}, phone(seat))
    return table


def acting(table: Table, seat: str, chamber: str, card: str = "colour1", seal: bool = False) -> None:
    table.chambers((seat, chamber, 0), turn=seat, cards={chamber: card})
    table.do({"type": "leave", "player": seat, "chamber": chamber, "seal": seal}, phone(seat))


def test_influence_entered_per_region_stays_the_default():
    """«Влияние ... вводится по регионам» unless the group chooses the map at creation."""
    table = Table(3)
    assert table.state.influence_mode == "entered" and table.state.phase == "planning"


def test_the_map_is_asked_once_with_only_valid_choices_and_the_texts_colour_prefilled():
    """«Шестнадцать городов четырёх разных цветов ... Карта разделена ... на четыре региона»:
    each city's region and colour is asked; Novgorod-Seversky's black is the text's."""
    table = Table(3, influence="map", printed=COLOURS)
    asked = {q["key"]: q for q in table.state.pending["questions"]}
    assert len(asked) == 32
    assert asked["ivan.city.kursk.region"]["options"] == ["east", "south", "west", "north"]
    seversky = asked["ivan.city.novgorod_seversky.colour"]
    assert seversky["suggested"] == "colour1" and "Новгород-Северский" in seversky["source"]


def test_first_warriors_clockwise_then_back_from_the_last():
    """«Все игроки, начиная с первого и далее по часовой стрелке, выставляют по одному своему
    воину ... Затем все игроки в обратном порядке (от последнего к первому)»."""
    table = Table(3, influence="map")
    order = table.state.turn_order
    seen = []
    spots = iter(["moscow", "yaroslavl", "nizhny_novgorod", "putivl", "kursk", "chernigov"])
    while table.state.phase == "muster":
        seat = table.state.turn["player"]
        seen.append(seat)
        table.do({"type": "muster", "player": seat, "city": next(spots)}, phone(seat))
    assert seen == order + order[::-1]
    assert table.state.phase == "planning"


def test_a_first_warrior_goes_to_a_city_with_no_warrior_yet():
    """«выставляют по одному своему воину в любой город, где ещё нет воина»."""
    table = Table(3, influence="map")
    first = table.state.turn["player"]
    table.do({"type": "muster", "player": first, "city": "kursk"}, phone(first))
    second = table.state.turn["player"]
    with pytest.raises(RuleError) as refused:
        table.do({"type": "muster", "player": second, "city": "kursk"}, phone(second))
    assert refused.value.key == "ivan.city_has_warrior"


def test_a_new_warrior_goes_only_where_the_family_has_a_piece():
    """«Выставить нового воина можно только в такой город, где уже есть ваша фишка»."""
    table = mustered()
    acting(table, "white", "manoeuvres")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "manoeuvre", "player": "white", "action": "place", "city": "city9"}, phone("white"))
    assert refused.value.key == "ivan.city_not_yours"
    mine = next(c for c in MAP_CITIES if cities.count(table.state, "white", c))
    table.do({"type": "manoeuvre", "player": "white", "action": "place", "city": mine}, phone("white"))
    assert cities.count(table.state, "white", mine, ("warrior",)) == 2


MAP_CITIES = [key.split(".")[2] for key in MAP if key.endswith(".region")]


def test_a_move_takes_the_warrior_from_its_city_to_the_other():
    """«переместить 1 воина или 1 боярина из одного города в другой»."""
    table = mustered()
    acting(table, "white", "manoeuvres")
    start = next(c for c in MAP_CITIES if cities.count(table.state, "white", c))
    table.do({"type": "manoeuvre", "player": "white", "action": "move", "city": start, "to": "city12"},
             phone("white"))
    assert cities.count(table.state, "white", start) == 0
    assert cities.count(table.state, "white", "city12", ("warrior",)) == 1


def test_only_a_piece_the_family_has_there_moves():
    """«переместите 1 своего воина или боярина»: not one that is not there."""
    table = mustered()
    acting(table, "white", "manoeuvres")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "manoeuvre", "player": "white", "action": "move", "piece": "boyar",
                  "city": "moscow", "to": "city12"}, phone("white"))
    assert refused.value.key == "ivan.no_piece_there"


def test_the_boyar_goes_to_a_city_of_the_cards_colour():
    """«переставьте своего боярина с карты поручения в любой город соответствующего цвета»."""
    table = mustered()
    acting(table, "white", "grants", card="colour2")
    wrong = next(c for c in MAP_CITIES if MAP[f"ivan.city.{c}.colour"] != "colour2")
    with pytest.raises(RuleError) as refused:
        table.do({"type": "done", "player": "white", "city": wrong}, phone("white"))
    assert refused.value.key == "ivan.city_not_of_card"
    table.do({"type": "done", "player": "white", "city": "yaroslavl"}, phone("white"))
    assert cities.count(table.state, "white", "yaroslavl", ("boyar",)) == 1


def test_the_multicolour_card_sends_the_boyar_to_any_city():
    """«в любой город на поле, если это многоцветная карта»."""
    table = mustered()
    acting(table, "white", "grants", card="any")
    table.do({"type": "done", "player": "white", "city": "city15"}, phone("white"))
    assert cities.count(table.state, "white", "city15", ("boyar",)) == 1


def test_a_boyar_on_the_kremlin_card_stands_in_no_city():
    """«Если на карте поручения нет города, боярин остаётся на ней до конца раунда» (V12)."""
    table = mustered()
    before = {r: cities.influence(table.state, r) for r in table.state.data["regions"]}
    acting(table, "white", "grants", card="kremlin")
    table.do({"type": "done", "player": "white"}, phone("white"))
    assert {r: cities.influence(table.state, r) for r in table.state.data["regions"]} == before


def test_a_boyar_whose_card_has_no_city_on_this_map_stays_on_the_card():
    """«Если на карте поручения нет города, боярин остаётся на ней до конца раунда»: a card of
    a colour no city of this install's map has is such a card (V12), or the turn could not end."""
    colourless = {key: ("colour1" if value == "colour4" else value) for key, value in MAP.items()}
    table = Table(3, influence="map", printed={**COLOURS, **colourless})
    spots = iter(["moscow", "yaroslavl", "nizhny_novgorod", "putivl", "kursk", "chernigov"])
    while table.state.phase == "muster":
        seat = table.state.turn["player"]
        table.do({"type": "muster", "player": seat, "city": next(spots)}, phone(seat))
    acting(table, "white", "grants", card="colour4")
    table.do({"type": "done", "player": "white"}, phone("white"))
    assert not any(cities.count(table.state, "white", c, ("boyar",)) for c in MAP_CITIES)


def test_a_building_goes_where_the_family_has_a_warrior_and_no_building_stands():
    """«поставьте 1 фишку здания ... в любой город, где есть хотя бы одна ваша фишка (воин или
    боярин), но нет других зданий (ни ваших, ни чужих)»."""
    table = mustered()
    mine = next(c for c in MAP_CITIES if cities.count(table.state, "white", c))
    table.pieces("black", mine, building=1)
    acting(table, "white", "projects")
    table.events({"type": "hand", "player": "white", "hand": ["construction", "construction"]})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 2,
                  "city": mine}, phone("white"))
    assert refused.value.key == "ivan.building_city"
    other = next(c for c in MAP_CITIES if c != mine and cities.count(table.state, "white", c))
    table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 2,
              "city": other}, phone("white"))
    assert cities.count(table.state, "white", other, ("building",)) == 1


def test_warriors_placed_by_a_cards_effect_each_name_a_city():
    """«Поставьте 1 воина из своего запаса в любой город, где есть ваша фишка»: a card's
    warriors go to cities too."""
    table = mustered()
    acting(table, "white", "grants")
    table.events({"type": "cards", "player": "white", "estates": 1})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "effect", "player": "white", "source": "estate", "warriors": 1}, phone("white"))
    assert refused.value.key == "ivan.warrior_cities"


def test_a_regions_influence_is_warriors_one_buildings_two_boyars_two():
    """«Каждый воин на поле даёт 1 очко влияния в своём регионе»; «Каждый боярин на поле даёт 2
    очка влияния»; «Здания ... дают 2 очка влияния в своём регионе»."""
    table = Table(3, influence="map", keep=False)
    table.pieces("white", "moscow", warrior=2, building=1)
    table.pieces("white", "kursk", boyar=1)
    table.pieces("black", "yaroslavl", warrior=1)
    assert cities.influence(table.state, "east") == {"white": 6, "black": 0, "green": 0}


def test_boyars_go_back_to_their_owners_at_the_decades_end():
    """«В конце раунда все бояре возвращаются к своим владельцам»."""
    table = Table(3, influence="map", keep=False)
    table.pieces("white", "kursk", boyar=1, warrior=1)
    table.regions(decade=2)
    assert cities.count(table.state, "white", "kursk", ("boyar",)) == 0
    assert cities.count(table.state, "white", "kursk", ("warrior",)) == 1


def test_the_table_confirms_the_count_and_a_correction_is_logged_and_rewarded():
    """«Игрок с наибольшим влиянием выбирает одну из двух наград»: by the count the table
    confirms; a number it corrects is what the reward goes by, and the log says so."""
    table = Table(3, influence="map", keep=False)
    table.pieces("white", "moscow", warrior=3)
    table.pieces("black", "kursk", warrior=2)
    table.regions()
    table.do({"type": "region", "region": "east", "influence": {"white": 3, "black": 4},
              "rewards": [{"vp": 3}, {"coins": 2}]})
    assert table.state.region["current"]["leader"] == "black"
    corrected = [n for n in table.state.log if n["key"] == "ivan.influence_corrected"]
    assert [(n["params"]["player"], n["params"]["counted"], n["params"]["n"]) for n in corrected] == [("black", 2, 4)]


def test_the_view_offers_the_counted_influence_for_the_table_to_confirm():
    """The decade's end shows each region's count kept from the map."""
    table = Table(3, influence="map", keep=False)
    table.pieces("green", "putivl", warrior=1, building=1)
    assert GAME.view(table.state)["counted"]["north"]["green"] == 3


def test_the_log_names_the_cities_of_a_move():
    """«Черниятинские передвигают воина из Чернигова в Новгород-Северский»: the log says from
    where to where."""
    table = mustered()
    acting(table, "white", "manoeuvres")
    start = next(c for c in MAP_CITIES if cities.count(table.state, "white", c))
    table.do({"type": "manoeuvre", "player": "white", "action": "move", "city": start, "to": "novgorod_seversky"},
             phone("white"))
    note = table.state.log[-1]
    assert note["key"] == "ivan.warrior_moved" and note["params"]["dst"] == "novgorod_seversky"


def test_no_city_for_a_building_keeps_it_in_the_supply():
    """«Если таких городов нет ... вы не ставите здание (но всё равно получаете очки за проект)»."""
    table = Table(3, influence="map", keep=False)
    acting(table, "white", "projects")
    table.events({"type": "hand", "player": "white", "hand": ["construction"]})
    buildings = table.state.players["white"].buildings
    table.do({"type": "complete", "player": "white", "kind": "construction", "paid": {}, "vp": 3}, phone("white"))
    assert table.state.players["white"].buildings == buildings and table.state.players["white"].vp == 3
