"""The variant «Жетоны с заданиями регионов»: a token beside each region, random side up;
its main task scores at once in the player's own turn, once per player per token; its law
waives one cost in that region for everyone. The rulebook's example number for number."""
from __future__ import annotations

import re
from collections import Counter

from companion.engine import board
from companion.games.little_empires import agenda
from companion.games.little_empires.rules import GAME
from companion.games.little_empires.text import names_for
from companion.i18n import render
from little_empires_table import Table, first_up


def laid(table: Table, **tokens: tuple[str, str]) -> None:
    """Put these agenda tokens (number, side) beside these regions (the game dealt others)."""
    table.events({"type": "setup", "cards": table.state.cards, "deck": table.state.deck,
                  "resources": table.state.resource_at, "shrines": table.state.shrine_at,
                  "armies": table.state.armies,
                  "agenda": {region: {"token": n, "side": side} for region, (n, side) in tokens.items()},
                  "players": {seat: {"food": p.food, "bushido": p.bushido, "hand": p.hand, "tokens": p.tokens}
                              for seat, p in table.state.players.items()}})


def test_each_region_gets_one_of_the_four_tokens_on_a_random_side():
    """«Перемешайте жетоны с заданиями регионов и случайным образом выложите рядом с каждым
    регионом по 1 жетону случайной стороной»."""
    sides = Counter()
    for seed in range(8):
        table = Table(3, variants=("agenda",), seed=seed)
        assert sorted(a["token"] for a in table.state.agenda.values()) == ["1", "2", "3", "4"]
        sides.update(a["side"] for a in table.state.agenda.values())
    assert set(sides) == {"A", "B"}


def test_shipping_into_turquoise_meets_its_crushing_tactics_at_once():
    """L-E12 «Действием «движение на корабле» в оранжевом регионе Синий игрок переместил 2
    армии из оранжевого региона в бирюзовый … (у него есть хотя бы по 3 армии хотя бы в 3
    провинциях). Синий игрок немедленно получает 4 победных очка»."""
    table = Table(2, seats=("blue", "yellow"), variants=("agenda",))
    laid(table, turquoise=("3", "A"), orange=("1", "A"), grey=("2", "A"), purple=("4", "B"))
    table.armies("blue", orange2=2, turquoise1=3, turquoise2=3, turquoise3=1)
    first_up(table, "blue", 4, "move2ship")
    table.act("blue", ship={"src": "orange2", "dst": "turquoise3", "armies": 2})
    assert table.state.players["blue"].vp == 4 and table.state.agenda_done == {"turquoise": ["blue"]}


def test_earth_and_people_is_met_by_two_resource_provinces_and_the_capital():
    """L-E12 «Жёлтый игрок смог установить контроль над 2 ресурсными провинциями и
    столичной провинцией. Он выполнил главное задание оранжевого региона … 4 победных очка»."""
    table = Table(2, seats=("yellow", "blue"), variants=("agenda",))
    laid(table, orange=("4", "B"), grey=("1", "B"), turquoise=("2", "B"), purple=("3", "B"))
    fields = sorted(p for p in table.state.resource_at if p.startswith("orange"))[:2]
    table.armies("yellow", orange1=3, **{fields[0]: 1})
    table.armies("yellow", **{fields[1]: 1})
    assert agenda.TASKS["earth_and_people"](table.state, "yellow", "orange")
    first_up(table, "yellow", 4, "recruit")
    table.act("yellow")
    assert table.state.players["yellow"].vp == 4


def test_a_main_task_scores_once_per_player_per_token():
    """«каждый игрок может выполнить главное задание одного и того же жетона лишь 1 раз»."""
    table = Table(2, seats=("blue", "yellow"), variants=("agenda",))
    laid(table, grey=("2", "A"), orange=("1", "A"), turquoise=("3", "A"), purple=("4", "A"))
    table.armies("blue", grey1=7)
    first_up(table, "blue", 1, "recruit")
    table.act("blue", places=["grey1"])
    table.act(GAME.view(table.state)["current"]["player"])
    assert table.state.players["blue"].vp == 4
    assert [n["key"] for n in table.state.log].count("le.agenda_done") == 1


def test_dishonourable_fight_makes_the_second_kill_free():
    """«Бесчестная борьба: Не тратьте, если хотите уничтожить дополнительную армию действием
    «нападение»»."""
    table = Table(2, seats=("yellow", "blue"), variants=("agenda",))
    laid(table, grey=("1", "A"), orange=("2", "A"), turquoise=("3", "A"), purple=("4", "A"))
    table.armies("yellow", grey2=1)
    table.armies("blue", grey2=2)
    bushido = table.state.players["yellow"].bushido
    first_up(table, "yellow", 1, "attack")
    table.act("yellow", province="grey2", victims=["blue", "blue"])
    assert table.state.players["yellow"].bushido == bushido and "blue" not in table.state.armies["grey2"]


def test_hardy_fighters_make_the_second_recruit_free_only_in_their_region():
    """«Выносливые бойцы: Не тратьте, если хотите завербовать дополнительную армию»."""
    table = Table(2, seats=("green", "blue"), variants=("agenda",))
    laid(table, grey=("3", "A"), orange=("2", "A"), turquoise=("1", "A"), purple=("4", "A"))
    food = table.state.players["green"].food
    first_up(table, "green", 1, "recruit")
    table.act("green", places=["grey1", "grey1"])
    assert table.state.players["green"].food == food and table.state.armies["grey1"]["green"] == 4


def test_the_board_step_names_a_tokens_side_as_printed_on_it():
    """The Russian box prints the sides «А» and «Б»: the step says which, in those letters."""
    table = Table(3, variants=("agenda",))
    steps = board.steps_of(GAME, table.session.history, table.session.seq)
    names = names_for(table.state, "ru")
    said = [render(line["key"], line["params"], names) for step in steps for line in step.lines
            if line["key"] == "le.board.agenda"]
    printed = sorted("«А»" if laid["side"] == "A" else "«Б»" for laid in table.state.agenda.values())
    assert sorted(re.search("стороной («.»)", line).group(1) for line in said) == printed
