"""Edo's screens drawn from scenes alone, as the shell draws them (``s`` the scene, ``ctx``
the device, ``t`` the words): every region at every moment of a whole game, in every
language; a face-down action on no screen but its owner's."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from companion.engine import Session
from companion.games.edo import scoring
from companion.games.edo.rules import GAME
from companion.games.edo.simulate import play_game
from companion.i18n import LANGUAGES
from edo_table import EVERYTHING, NEIGHBOURS, ROADS, Table
from game_screens import SHELL_WORDS, UNFILLED, Screens

SCREENS = Screens(GAME)
SCREENS.env.globals["hand_link"] = lambda game_id, seat: f"/hand/{game_id}/token-{seat}"


def draw(kind: str, session: Session, seat: str | None, lang: str = "en",
         passing: bool = False) -> dict[str, str]:
    """The regions one device shows; ``passing``: the group passes the tablet round."""
    snap = SimpleNamespace(view=GAME.view(session.state, seat), choices=GAME.choices(session.state, seat))
    scene = GAME.screens.scene(snap, lang, seat, GAME.facts(session.state))
    ctx = SimpleNamespace(device=SimpleNamespace(table=seat is None, colour=seat), game_id="g1", lang=lang,
                          settings=SimpleNamespace(pass_tablet=passing))
    return {name: SCREENS.env.get_template(f"edo/{kind}/_{name}.html").render(s=scene, ctx=ctx, t=SCREENS.t_for(lang))
            for name in GAME.screens.regions[kind]}


def text(html: dict[str, str]) -> str:
    return re.sub(r"<[^>]*>", " ", " ".join(html.values()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_region_draws_every_moment_of_a_whole_game(lang):
    history = play_game(GAME, 3, {"ru": 4, "cs": 3, "en": 2}[lang]).history  # cs: the table deals
    for done in range(1, len(history) + 1, 3):
        session = Session.replay(GAME, history[:done])
        screens = [draw("table", session, None, lang)]
        screens += [draw("hand", session, seat, lang) for seat in GAME.seats(session.state)]
        for html in screens:
            shown = text(html)
            assert not UNFILLED.search(shown) and "None" not in shown, shown


def test_a_face_down_action_is_on_no_other_screen():
    table = Table(3)
    table.plan("blue", ("card2", "produce_rice", 1), ("card1", "money", 1), ("card3", "build", 0))
    for seat in ("red", "green"):
        table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))
    for seat in (None, "red", "green"):
        html = draw("table" if seat is None else "hand", table.session, seat, "ru")
        assert "Рисовые поля" not in text(html) and "produce_rice" not in "".join(html.values()), seat
    assert "Рисовые поля" in text(draw("hand", table.session, "blue", "ru"))


def all_planned(table: Table, blue: tuple = ("card2", "produce_rice", 2)) -> None:
    table.plan("blue", blue, ("card1", "rice", 1) if blue[0] == "card2" else ("card2", "develop", 1),
               ("card3", "build", 0))
    for seat in ("red", "green"):
        table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))


def test_the_table_shows_who_has_planned():
    table = Table(3)
    table.plan("red", ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))
    boards = draw("table", table.session, None)["boards"]
    assert 'data-plan-in="red"' in boards and 'data-planning="blue"' in boards


def test_the_officials_stand_before_the_face_down_cards_once_every_plan_is_in():
    """«Чтобы выполнить действие единожды, игрок должен поставить 1 чиновника на поле
    планирования перед этой картой»: the table shows each card face down, its officials
    before it, as the real planning boards do."""
    table = Table(3)
    all_planned(table)
    boards = draw("table", table.session, None)["boards"]
    first = re.search(r'data-card="blue-0" data-card-state="(\w+)">.*?data-officials="(\d)"', boards, re.S)
    assert first.groups() == ("down", "2")
    assert boards.count('class="off"') == 2 + 1 + 1 + 1


def test_a_card_turned_up_shows_its_action_on_the_table():
    """«Первый игрок открывает свою первую карту возможностей ... и осуществляет
    предписанное действие»: once up, its action is on the table in the table's language."""
    table = Table(3)
    all_planned(table, blue=("card1", "money", 1))
    first = table.state.turn["player"]
    table.do({"type": "reveal", "player": first})
    boards = draw("table", table.session, None, "ru")["boards"]
    shown = re.search(rf'data-card="{first}-0" data-card-state="up">\s*<div class="cface">([^<]*)<', boards)
    assert shown.group(1) == "Деньги"
    assert 'data-card-state="down"' in boards


def test_the_table_names_the_phase_as_the_rulebook_does():
    """«Фаза 1: Тайное планирование действий»."""
    assert "Фаза 1: Тайное планирование действий" in draw("table", Table(2).session, None, "ru")["top"]


def test_the_table_keeps_each_players_ryo_covered():
    """«Игроки могут хранить деньги тайно, складывая их в стопки»: no ryo count on the table."""
    table = Table(2)
    table.give("blue", ryo=27)
    boards = text({"b": draw("table", table.session, None)["boards"]})
    assert "37" not in boards and "▒" in boards


def test_an_open_stack_of_ryo_is_counted_on_the_table():
    table = Table(2)
    table.do({"type": "cover", "player": "blue", "covered": False})
    boards = draw("table", table.session, None)["boards"]
    assert re.search(r'data-seat="blue".*?Ryo 10<', boards, re.S)
    assert 'data-cover="open"' in draw("hand", table.session, "blue")["me"]


def test_a_player_without_a_house_in_edo_stands_below_the_ranked_ones():
    """«Если у игрока нет дома в Эдо, он выходит из игры и не может победить»: whatever his
    points, his row comes after every ranked player's."""
    table = Table(2)
    table.build("edo", ("house", "red"))
    table.events({"type": "power", "player": "blue", "n": 9}, {"type": "power", "player": "red", "n": 1},
                 {"type": "phase", "phase": "over"}, {"type": "over", "result": scoring.final(table.state)})
    decide = draw("table", table.session, None)["decide"]
    assert re.findall(r'data-final="(\w+)"', decide) == ["red", "blue"]


def test_the_board_shows_every_location_its_buildings_in_build_order_and_the_samurai():
    """«Каждое новое здание должно помещаться на соседний свободный участок»: the plots fill
    in build order, each building in its owner's colour, a fortress in no one's."""
    table = Table(2)
    table.build("city1", ("house", "red"), ("house", "blue"), ("fortress", None))
    figure = table.samurai("blue", "forest1")[0]
    board = draw("table", table.session, None)["map"]
    assert set(re.findall(r'data-location="(\w+)"', board)) == set(table.state.locations)
    plots = re.findall(r'data-plot="(\d+)" data-building="(\w+)" data-owner="(\w*)"', board)
    assert plots == [("1", "house", "red"), ("2", "house", "blue"), ("3", "fortress", "")]
    assert re.search(rf'data-location="forest1".*?data-samurai="{figure}"', board, re.S)


def test_the_phone_plans_by_tapping_each_cards_actions():
    hand = draw("hand", Table(2).session, "blue")["plan"]
    assert 'data-card="card2" data-action="produce_wood"' in hand
    assert 'data-card="card3" data-action="build_complex"' in hand
    assert "<select" not in hand


def test_the_phone_words_a_refused_official_in_its_players_language():
    """«В зависимости от типа, действие может быть выполнено до 4 раз»: one official past the
    limit is refused on the phone with the rules' own words, in Russian here."""
    hand = draw("hand", Table(2).session, "blue", "ru")["plan"]
    refusal = re.search(r'data-action="hire" data-most="1" data-each="1"\s*data-too-many="([^"]*)"', hand)
    assert refusal.group(1) == "Действию «Наём» здесь можно назначить не больше 1 чиновника, а не 2."


def test_the_phone_offers_only_the_samurai_standing_where_the_action_needs_one():
    """«у игрока должен быть один из его самураев в соответствующей ресурсу локации»: the
    samurai at the forest is offered for wood, the one at a border post is not."""
    table = Table(2)
    forester, guard = table.samurai("blue", "forest1", "post1")
    table.plan("blue", ("card2", "produce_wood", 1), ("card1", "money", 0), ("card3", "build", 0))
    table.everyone_idle_but("blue")
    table.play_until_turn("blue")
    table.do({"type": "reveal", "player": "blue"})
    turn = draw("hand", table.session, "blue")["turn"]
    assert f'value="{forester}"' in turn and f'value="{guard}"' not in turn


def test_with_no_samurai_in_place_the_phone_offers_only_to_stop():
    table = Table(2)
    table.samurai("blue", "post1")
    table.plan("blue", ("card2", "produce_wood", 1), ("card1", "money", 0), ("card3", "build", 0))
    table.everyone_idle_but("blue")
    table.play_until_turn("blue")
    table.do({"type": "reveal", "player": "blue"})
    turn = draw("hand", table.session, "blue")["turn"]
    assert "data-no-samurai" in turn and "data-edo-go" not in turn and '"type": "done"' in turn


def test_passing_the_tablet_the_table_opens_the_hands_still_to_plan():
    """Every player plans in turn behind the hand-over screen: the table offers the hands of
    those who have not planned, and no one else's."""
    table = Table(3)
    table.plan("red", ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 0))
    decide = draw("table", table.session, None, passing=True)["decide"]
    assert set(re.findall(r'data-pass-to="(\w+)"', decide)) == {"blue", "green"}
    assert "handover=1" in decide


def test_with_phones_the_table_offers_no_hand():
    decide = draw("table", Table(3).session, None)["decide"]
    assert "data-pass-to" not in decide and "data-waiting-plans" in decide


def test_passing_the_tablet_the_table_turns_up_the_awaited_card():
    """Once every plan is in, nothing left to carry out is secret: passing the tablet, the
    table itself offers the awaited player's card."""
    table = Table(3)
    all_planned(table)
    first = table.state.turn["player"]
    assert f'data-turn-of="{first}"' in draw("table", table.session, None, passing=True)["decide"]
    assert "data-turn-of" not in draw("table", table.session, None)["decide"]


def test_the_table_asks_the_printed_values_with_only_valid_choices():
    decide = draw("table", Table(2, printed={}).session, None, "ru")["decide"]
    assert 'data-key="edo.start.officials"' in decide
    assert "Чиновников у каждого игрока в начале" in text({"d": decide})


def test_every_word_the_templates_use_is_in_each_language():
    used: set[str] = set()
    for path in SCREENS.templates():
        for call in re.findall(r"\bt\(([^)]*)\)", path.read_text(encoding="utf-8")):
            used |= {w for w in re.findall(r"'([a-z_.]+)'", call) if not w.endswith(".")}
    used -= SHELL_WORDS
    for lang in LANGUAGES:
        assert used - {"edo.phase.", "edo.colour."} <= set(SCREENS.words(lang)), (lang, used - set(SCREENS.words(lang)))
        assert set(SCREENS.words(lang)) == set(SCREENS.words("en")), lang


def test_the_table_that_deals_taps_the_merchant_card_among_those_still_in_the_deck():
    """«Текущая карта торговца убирается из игры, затем на ее место выкладывается новая»:
    the table taps the card turned up, in the players' language; one already out is not offered."""
    table = Table(2, deal="table")
    table.do({"type": "draw", "cards": ["blue"]})
    table.do({"type": "draw", "cards": ["special1", "special2", "special3", "special4"]})
    table.events({"type": "display", "display": ["special1", "special2", "special3", "special4"],
                  "deck": [f"special{n}" for n in range(5, 13)]})
    decide = draw("table", table.session, None, "ru")["decide"]
    assert "Раунд 1: какая карта торговца открыта?" in text({"d": decide})
    assert 'value="merchant10"' in decide and "карта торговца 10" in decide
    table.do({"type": "draw", "cards": ["merchant3"]})
    table.events({"type": "pending", "pending": {"kind": "draw", "what": "merchant", "count": 1,
                                                 "options": table.state.merchant_deck, "round": 2,
                                                 "first": "red"}})
    decide = draw("table", table.session, None, "ru")["decide"]
    assert 'value="merchant3"' not in decide and 'value="merchant4"' in decide


def test_the_table_lays_out_as_many_special_cards_as_the_box_shows_naming_what_they_print():
    """The special cards the install knows are offered by their actions, so the table finds
    the card it holds; as many are ticked as lie out."""
    table = Table(2, deal="table", printed={**EVERYTHING, "edo.special5.action1": "trade",
                                            "edo.special5.most1": 2, "edo.special5.action2": "money",
                                            "edo.special5.most2": 3})
    table.do({"type": "draw", "cards": ["blue"]})
    decide = draw("table", table.session, None, "cs")["decide"]
    assert "Které zvláštní karty jsou vyloženy? Označte 4." in text({"d": decide})
    assert decide.count('type="checkbox" name="cards"') == 12
    assert "zvláštní karta 5: Obchod / Peníze" in text({"d": decide})


def test_a_move_offers_the_figures_places_so_only_real_destinations_are_shown():
    """A figure's chip says where it stands; the "to" row belongs to it, so the place it is
    already on is not offered (moving there would be refused)."""
    table = Table(2)
    seat = table.state.first
    for other in table.state.seating:
        if other != seat:
            table.idle_plans(other)
    table.plan(seat, ("card1", "money", 1), ("card2", "develop", 0), ("card3", "money", 1))
    [figure] = table.samurai(seat, "forest1")
    turn = draw("hand", table.session, seat, "en")["turn"]
    assert f'value="{figure}" data-at="forest1"' in turn
    assert 'value="merchant" data-at="edo"' in turn
    assert 'data-to-of="figure"' in turn


def trade_turned_up(**kw) -> Table:
    table = Table(2, **kw)
    table.samurai("blue", "edo")
    table.plan("blue", ("card3", "trade", 1), ("card1", "money", 0), ("card2", "develop", 0))
    table.everyone_idle_but("blue")
    table.play_until_turn("blue")
    table.do({"type": "reveal", "player": "blue"})
    return table


def test_the_phone_trades_only_what_the_merchant_card_sells_at_its_price():
    """«в зависимости от карты торговца»: the test box's card sells wood, so the phone asks
    only how much wood, and no price."""
    turn = draw("hand", trade_turned_up().session, "blue")["turn"]
    assert 'name="got.wood"' in turn and 'name="got.stone"' not in turn and 'name="paid.ryo"' not in turn


def test_in_referee_mode_the_phone_asks_what_a_trade_paid():
    turn = draw("hand", trade_turned_up(referee=True).session, "blue")["turn"]
    assert 'name="paid.ryo"' in turn and 'name="got.stone"' in turn


def test_the_table_shows_the_current_merchant_cards_offers():
    decide = text({"d": draw("table", trade_turned_up().session, None, "ru")["decide"]})
    assert "Продаёт: Дерево, 2 Рё за единицу, не больше 2; 1 очко власти за 3 × Рё" in decide


def test_the_table_asks_a_merchant_card_in_the_players_language():
    printed = {k: v for k, v in EVERYTHING.items() if not k.startswith("edo.merchant")}
    decide = text({"d": draw("table", trade_turned_up(printed=printed).session, None, "ru")["decide"]})
    assert "Карта торговца" in decide and "Любой ресурс" in decide


def test_the_table_says_how_to_number_the_places_when_it_asks_the_maps_counts():
    """D31: the rulebook names Edo only; the numbers are read the same way in every game."""
    decide = draw("table", Table(2, printed={}).session, None, "ru")["decide"]
    assert "data-numbering" in decide and "по часовой стрелке" in text({"d": decide})


def test_the_table_taps_a_places_neighbours_among_every_other_place():
    """D31: one form a place; a road told from the other end is already ticked."""
    table = Table(3, ask_roads=True)
    table.do({"type": "roads", "place": "edo", "neighbours": ["city1"]})
    html = draw("table", table.session, None, "cs")
    offered = re.findall(r'name="neighbours" data-list="1" value="(\w+)"( checked)?', html["decide"])
    assert [place for place, _ in offered] == [p for p in table.state.locations if p != "city1"]
    assert [place for place, ticked in offered if ticked] == ["edo"]
    assert "data-roads-later" in html["decide"] and 'class="loc k-city asked"' in html["map"]


def test_the_board_draws_each_road_the_install_knows():
    """D22: the schematic draws the roads the install was told, one line a road."""
    board = draw("table", Table(2, printed={**EVERYTHING, **ROADS}).session, None)["map"]
    drawn = {frozenset(pair.split()) for pair in re.findall(r'data-road="(\w+ \w+)"', board)}
    assert drawn == {frozenset((a, b)) for a, near in NEIGHBOURS.items() for b in near}


def test_without_roads_the_board_draws_none_and_the_move_asks_the_steps():
    table = Table(2)
    table.idle_plans(*table.state.seating)
    html = draw("hand", table.session, table.state.first)
    assert "data-road" not in draw("table", table.session, None)["map"]
    assert 'name="steps"' in html["turn"]


def test_a_move_by_the_roads_is_a_tap_on_where_each_place_showing_its_ryo():
    """«заплатить 1 Рё в запас за каждый переход»: from Forest 1, City 2 is 3 ryo away; the
    phone asks no steps."""
    table = Table(2, printed={**EVERYTHING, **ROADS})
    seat = table.state.first
    table.idle_plans(*table.state.seating)
    table.samurai(seat, "forest1")
    turn = draw("hand", table.session, seat, "ru")["turn"]
    assert 'name="steps"' not in turn
    assert re.search(r'value="city2"(?:(?!</label>).)*data-from="forest1">&nbsp;· 3 Рё<', turn, re.S)


def test_a_road_is_drawn_as_soon_as_the_table_taps_it():
    table = Table(3, ask_roads=True)
    table.do({"type": "roads", "place": "edo", "neighbours": ["city1", "field1"]})
    board = draw("table", table.session, None)["map"]
    assert re.findall(r'data-road="(\w+ \w+)"', board) == ["edo city1", "edo field1"]
