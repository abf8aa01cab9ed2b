"""Little Empires' phone forms drawn from a real game's view: a form offers what the player
can do, says why when he can do nothing, and asks what he pays with only where he pays."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from flask import render_template

from companion.games.little_empires.rules import GAME
from companion.games.little_empires.web.screens import SCREENS
from little_empires_table import EVERYTHING, Table, first_up
from web.screens import GameWords

CELL = 1
REGION = EVERYTHING[f"little_empires.cell{CELL}.region"]


def turn_form(app: Any, table: Table, seat: str, lang: str) -> str:
    """The phone's turn region for ``seat``, as the live page draws it."""
    state = table.state
    snap = SimpleNamespace(view=GAME.view(state, seat), choices=GAME.choices(state, seat))
    words = GameWords("little-empires", lang)
    scene = SCREENS.scene(snap, lang, seat, GAME.facts(state), words)
    with app.test_request_context():
        return render_template("little-empires/hand/_turn.html", s=scene, t=words)


@pytest.mark.parametrize("token", ["move3", "attack"])
def test_with_no_army_in_the_region_the_form_says_so_and_offers_to_let_the_token_go(app, token):
    """«вы вправе выполнить его частично … и даже не выполнять вовсе»: with none of his armies in the token's region the
    player is told why there is nothing to choose, and offered only to leave it undone."""
    table = Table(players=2)
    table.armies("red", **{f"{REGION}1": 0})
    first_up(table, "red", CELL, token)
    form = turn_form(app, table, "red", "ru")
    assert "data-no-army" in form and "нет ваших армий" in form and "«Не выполнять»" in form
    assert "data-le-go" not in form and "data-skip" in form


def test_the_no_army_hint_reads_in_czech(app):
    table = Table(players=2)
    table.armies("red", **{f"{REGION}1": 0})
    first_up(table, "red", CELL, "move3")
    assert "nemáte žádnou armádu" in turn_form(app, table, "red", "cs")


def test_with_an_army_in_the_region_the_move_form_has_no_hint(app):
    table = Table(players=2)
    first_up(table, "red", CELL, "move3")
    form = turn_form(app, table, "red", "ru")
    assert "data-no-army" not in form and "data-le-go" in form


def test_placing_a_token_in_round_one_asks_the_referee_nothing_to_pay(app):
    """«если вы накрываете жетон противника, то сначала должны потратить требуемое»: only a
    cover costs, and round one has none, so the referee's form has no «Плачу»."""
    table = Table(players=2, referee=True)
    table.choose_destiny()
    seat = GAME.decision(table.state).seats[0]
    form = turn_form(app, table, seat, "ru")
    assert "data-place-form" in form and 'name="pay"' not in form


def test_an_order_that_costs_nothing_asks_the_referee_nothing_to_pay(app):
    """«Движение на 3» has no paid extra: no «Плачу» on its form."""
    table = Table(players=2, referee=True)
    first_up(table, "red", CELL, "move3")
    assert 'name="pay"' not in turn_form(app, table, "red", "ru")


def test_an_order_with_a_paid_extra_asks_the_referee_what_he_pays_with(app):
    """«Вербовка»: the second army is paid, so the referee says with what."""
    table = Table(players=2, referee=True)
    first_up(table, "red", CELL, "recruit")
    assert 'name="pay"' in turn_form(app, table, "red", "ru")


def test_move_two_or_ship_offers_two_moves_by_land_not_three(app):
    """«а) или движение на 2: получите 2 перемещения»: by land two moves, so two numbered
    rows."""
    table = Table(players=2)
    first_up(table, "red", CELL, "move2ship")
    form = turn_form(app, table, "red", "ru")
    assert form.count("data-move=") == 2 and "Перемещение 2" in form


def test_move_two_or_three_marks_its_third_move_as_paid(app):
    """«Затем вы можете потратить 1 …, чтобы получить ещё 1 перемещение»: the third move of
    «Движение на 2 или 3» is the paid one, and its row says so."""
    table = Table(players=2)
    first_up(table, "red", CELL, "move23")
    form = turn_form(app, table, "red", "ru")
    third = form[form.index('data-move="3"'):]
    assert "Перемещение 3 (платно)" in third[:200] and "Перемещение 2 (платно)" not in form


def test_with_nowhere_to_build_a_castle_the_form_offers_only_to_let_the_token_go(app):
    """«верните в личный запас 2 ваши армии из 1 провинции этого региона, чтобы поместить в
    неё замок»: with no such province the phone says so and offers only «Не выполнять»."""
    table = Table(players=2)
    first_up(table, "red", CELL, "castle")
    form = turn_form(app, table, "red", "ru")
    assert "data-no-castle" in form and "«Не выполнять»" in form
    assert "data-le-go" not in form and 'name="province"' not in form


def test_an_attacks_victims_carry_the_provinces_where_they_have_an_army(app):
    """«Уничтожьте 1 армию противника в провинции этого региона с хотя бы 1 вашей армией»:
    the form knows where each opponent stands, so it offers for a province only those there."""
    table = Table(players=2)
    table.armies("blue", **{f"{REGION}1": 0, f"{REGION}2": 1})
    first_up(table, "red", CELL, "attack")
    form = turn_form(app, table, "red", "ru")
    victim = form[form.index('name="victims.0"'):]
    assert 'value="blue" data-at="' in victim
    held = victim[victim.index('data-at="') + 9:]
    assert f"{REGION}2" in held[:held.index('"')].split() and f"{REGION}1" not in held[:held.index('"')].split()
