"""Ivan's screens drawn from scenes alone, as the shell draws them (``s`` the scene, ``ctx``
the device, ``t`` the words): every region at every moment of a whole game, in every
language; a project hand on no screen but its owner's; the final table explained."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from companion.engine import Session
from companion.games.ivan.rules import GAME
from companion.games.ivan.simulate import play_game
from companion.i18n import LANGUAGES
from ivan_table import COLOURS, Table, city_income, effect_face, project_face, regional_face, title_face
from game_screens import SHELL_WORDS, UNFILLED, Screens

SCREENS = Screens(GAME)


def draw(kind: str, session: Session, seat: str | None, lang: str = "en") -> dict[str, str]:
    snap = SimpleNamespace(view=GAME.view(session.state, seat), choices=GAME.choices(session.state, seat))
    scene = GAME.screens.scene(snap, lang, seat, GAME.facts(session.state))
    ctx = SimpleNamespace(device=SimpleNamespace(table=seat is None, colour=seat), game_id="g1", lang=lang)
    return {name: SCREENS.env.get_template(f"ivan/{kind}/_{name}.html").render(s=scene, ctx=ctx, t=SCREENS.t_for(lang))
            for name in GAME.screens.regions[kind]}


def text(html: dict[str, str]) -> str:
    return re.sub(r"<[^>]*>", " ", " ".join(html.values()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_region_draws_every_moment_of_a_whole_game(lang):
    history = play_game(GAME, 3, 3 if lang == "ru" else 2, referee=lang != "cs").history
    for done in range(1, len(history) + 1, 13):
        session = Session.replay(GAME, history[:done])
        screens = [draw("table", session, None, lang)]
        screens += [draw("hand", session, seat, lang) for seat in GAME.seats(session.state)]
        for html in screens:
            shown = text(html)
            assert not UNFILLED.search(shown) and "None" not in shown and "ivan." not in shown, shown


def test_a_hand_is_on_no_other_screen():
    """«оставляет на руке (не показывая остальным)»."""
    table = Table(3, keep=False)
    for seat, kind in zip(table.state.seating, ("trade", "military", "military")):
        table.do({"type": "keep", "player": seat, "kind": kind})
    for seat in (None, "black", "green"):
        html = "".join(draw("table" if seat is None else "hand", table.session, seat, "ru").values())
        assert 'data-hand="trade"' not in html and "Мои проекты (только на этом телефоне): торговый" not in html, seat
    mine = draw("hand", table.session, "white", "ru")["me"]
    assert 'data-hand="trade"' in mine and "Мои проекты (только на этом телефоне): торговый" in mine


def test_the_kremlin_marks_the_most_significant_boyar_and_the_seal():
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 0), ("black", "income", 1), ("green", "grants", 0),
                   turn="green")
    table.do({"type": "leave", "player": "green", "chamber": "grants", "seal": True})
    kremlin = draw("table", table.session, None)["kremlin"]
    assert 'data-chamber="income" data-top="black"' in kremlin
    assert 'data-seal="green"' in kremlin


def test_the_phone_offers_the_seal_only_where_it_may_seal():
    table = Table(3)
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 0), ("white", "projects", 0), ("black", "projects", 2),
                   turn="white")
    turn = draw("hand", table.session, "white")["turn"]
    assert 'data-seal="income"' in turn and 'data-seal="projects"' not in turn
    assert 'data-leave="projects"' in turn


def test_the_final_table_explains_each_players_points_line_by_line():
    state = play_game(GAME, 2, 3).state
    session = Session.replay(GAME, [])
    session.state = state
    decide = text({"d": draw("table", session, None, "ru")["decide"]})
    assert "Победа" in decide and "проекты +" in decide and "титулы +" in decide
    row = state.result["rows"][0]
    assert sum(row["by"].values()) == row["total"]


def test_the_table_asks_the_cards_colours_with_only_colours():
    decide = draw("table", Table(2, referee=False, printed={}, keep=False).session, None, "ru")["decide"]
    assert 'data-key="ivan.assignment.colour1"' in decide
    assert "чёрный" in text({"d": decide}) and "Цвет города на карте поручения 1" in text({"d": decide})


def test_every_word_the_templates_use_is_in_each_language():
    used: set[str] = set()
    for path in SCREENS.templates():
        for call in re.findall(r"\bt\(([^)]*)\)", path.read_text(encoding="utf-8")):
            used |= {w for w in re.findall(r"'([a-z_.]+)'", call) if not w.endswith(".")}
    used -= SHELL_WORDS
    for lang in LANGUAGES:
        assert used <= set(SCREENS.words(lang)), (lang, used - set(SCREENS.words(lang)))
        assert set(SCREENS.words(lang)) == set(SCREENS.words("en")), lang


def test_a_table_dealing_itself_taps_which_card_lies_under_each_chamber():
    session = Session.create(GAME, {"type": "create", "seed": 1, "referee": True, "deal": "table",
                                    "players": [{"seat": s} for s in ("white", "black")]})
    for seat in ("white", "black"):
        session.execute({"type": "keep", "player": seat, "kind": "trade"})
    decide = draw("table", session, None, "ru")["decide"]
    assert decide.count('name="cards"') == 5 and "карта Кремля" in text({"d": decide})


def test_with_the_map_the_regions_form_comes_filled_from_the_count_in_russian():
    """«Каждый воин на поле даёт 1 очко влияния в своём регионе»: the table confirms what the
    map counts; the cities are named as the rulebook names them."""
    table = Table(3, influence="map", keep=False)
    table.pieces("white", "moscow", warrior=2, building=1)
    table.regions()
    html = draw("table", table.session, None, "ru")
    assert 'data-key="white" data-kind="int" type="number" inputmode="numeric" min="0" max="100" value="4"' in html["decide"]
    assert "Москва" in html["status"] and "data-counted" in html["decide"]


def test_the_map_questions_offer_regions_and_cards_by_name():
    """«Карта разделена границами на четыре региона: Восток, Юг, Запад и Север»."""
    table = Table(3, influence="map", printed=COLOURS)
    html = text(draw("table", table.session, None, "ru"))
    assert "Курск: регион" in html and "Юг (II)" in html and "карта города цвета 1" in html


def test_the_regions_form_offers_the_known_tokens_by_their_rewards_in_russian():
    """«выбирает одну из двух наград, указанных на региональном жетоне»: the table taps the
    token on the map among those the install knows, or tells another one once."""
    table = Table(3, referee=False, printed={**COLOURS, **regional_face(7, vp=4, action="estate")})
    table.regions()
    decide = draw("table", table.session, None, "ru")["decide"]
    known = re.search(r'<label data-known-token="7">(.*?)</label>', decide, re.S).group(1)
    assert "4 ПО, возьмите 1 карту поместья" in known and 'value="new"' in decide


def test_the_phone_offers_a_known_project_with_its_goods_and_points_in_czech():
    """«заплатите товары, указанные на нём слева, получите очки, указанные на нём справа»."""
    table = Table(3, referee=False, printed={**COLOURS, **project_face("military", 2, vp=4, rye=3)})
    table.favour("white", "black", "green")
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    table.do({"type": "leave", "player": "white", "chamber": "projects"})
    turn = draw("hand", table.session, "white", "cs")["turn"]
    known = re.search(r'data-known-project="military2".*?<button[^>]*>(.*?)</button>', turn, re.S).group(1)
    assert "3 žito → 4" in known and 'value="new"' in turn


def test_the_phone_names_a_city_with_its_known_income_in_russian():
    """«Они получают 2 ржи из Путивля»: a city the install knows shows its income by its name."""
    table = Table(3, referee=False, printed={**COLOURS, **city_income("putivl", good="rye", goods=2)})
    table.favour("white", "black", "green")
    table.chambers(("white", "income", 0), turn="white", cards={"income": "colour1"})
    table.do({"type": "leave", "player": "white", "chamber": "income"})
    turn = draw("hand", table.session, "white", "ru")["turn"]
    assert '<option value="putivl">Путивль (2 рожь)</option>' in turn


def test_the_phone_offers_a_known_trade_token_by_its_effect_in_english():
    """«торговый жетон, который приносит рожь и монету»."""
    table = Table(3, referee=False, printed={**COLOURS, **effect_face("trade_token", 3, coins=1, rye=1)})
    table.favour("white", "black", "green")
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    turn = draw("hand", table.session, "white", "en")["turn"]
    known = re.search(r'data-known-face="trade_token3".*?<button[^>]*>(.*?)</button>', turn, re.S).group(1)
    assert "3: 1 coin, 1 rye" in known


def test_the_phone_offers_a_held_estate_by_its_effect_and_icon_in_russian():
    """«поместье, позволяющее выставить воина за рожь и монету»; the icon is the board's."""
    face = effect_face("estate", 2, coins=-1, rye=-1, warriors=1, action="move")
    table = Table(3, referee=False, printed={**COLOURS, **face})
    table.favour("white", "black", "green")
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    assert 'data-known-face="estate2"' not in draw("hand", table.session, "white", "ru")["turn"]
    table.events({"type": "cards", "player": "white", "estates": 1})
    turn = draw("hand", table.session, "white", "ru")["turn"]
    known = re.search(r'data-known-face="estate2".*?<button[^>]*>(.*?)</button>', turn, re.S).group(1)
    assert "1 рожь → 1 × " in known and "переместите в соседний город" in known


def test_the_scoring_form_offers_the_known_titles_by_their_formula_in_czech():
    """«На карте титула указано, каким образом она приносит победные очки»: the table taps a
    known title; without the map it may enter a count of cities."""
    table = Table(3, referee=False, printed={**COLOURS, **title_face(5, "trade", 2)})
    table.events({"type": "phase", "phase": "titles"})
    decide = draw("table", table.session, None, "cs")["decide"]
    assert '<option value="5">5: obchodní projekty, 2 VB za každých 1</option>' in decide
    assert 'value="new"' in decide and ".count" in decide
