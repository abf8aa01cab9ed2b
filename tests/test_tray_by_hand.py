"""Cubes put into the tower's tray or taken out of it by hand (the Samurai bonus, Tenno's
favours №3/8/14 and official cards), kept in the bookkeeping and thrown with the next
battle (rulebook seed 000: «а также все кубики, лежащие в поддоне башни в начале сражения,
и одновременно бросает их в башню»)."""
from __future__ import annotations

import copy
import random

import pytest

from companion.errors import RuleError
from companion.games.shogun import by_hand
from companion.games.shogun.board import board_steps, undo_steps
from companion.games.shogun.play import Play
from companion.games.shogun.rules import GAME
from companion.games.shogun.simulate import check_invariants
from companion.games.shogun.state import SUPPLY, TOWER, TRAY, apply
from companion.games.shogun.text import CATALOGUES
from companion.games.shogun.tray import ShogunTower, count_command, start_throw
from companion.i18n import Names, sentence
from companion.kits.tower.check import differences
from companion.kits.tower.manual import ManualTraySource
from companion.kits.tower.simulated import SimulatedTower
from test_shogun_samurai import SPECIALS, SamuraiTable

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]
KOZUKE_THROW = {"red": 3, "blue": 4}
"""Blue's 4 armies from Shinano against red's 1 in Kozuke, and red's 2 from the tray."""


def samurai_bonus_then_attack() -> SamuraiTable:
    """Red takes card 3's armies bonus (2 armies into the tray) after the turn order; then
    blue attacks red's Kozuke from Shinano with 4 armies, the round's first action."""
    table = SamuraiTable()
    table.give("kozuke", "red", armies=1)
    table.give("shinano", "blue", armies=5)
    table.stack_top("red", 2)
    table.set_round(actions=ORDER, specials=SPECIALS)
    bids = {"red": {"chests": 2}, "blue": {"chests": 1}, "yellow": {"chests": 0}}
    table.plan_round({"blue": {"battle1": "shinano"}}, bids=bids,
                     specials=dict(zip(("red", "blue", "yellow"), SPECIALS)))
    table.do({"type": "valour", "player": "red", "take": "armies"})
    while table.state.pending["kind"] == "valour":
        table.do({"type": "valour", "player": table.state.pending["player"], "take": "nothing"})
    return table


@pytest.fixture
def attacked() -> SamuraiTable:
    return samurai_bonus_then_attack()


def play_on(table: SamuraiTable) -> Play:
    """The rules' working context on the table's state, as an expansion's handler gets it
    (each event folded at once)."""
    state = table.state
    return Play(state, lambda event: apply(state, event), random.Random(0))


def in_tray(table: SamuraiTable) -> dict[str, int]:
    return {c: n for c, n in table.state.tray.items() if n}


def test_the_armies_bonus_lies_in_the_tray_until_the_next_battle(attacked):
    """«Поместите указанное количество армий из своего личного запаса в поддон башни
    сражений»: card 3's 2 red armies lie in the tray while the next battle waits."""
    assert in_tray(attacked) == {"red": 2}
    assert attacked.state.cube_locations("red")[TRAY] == 2


def test_the_next_battle_throws_the_cubes_put_in_by_hand(attacked):
    """«Игрок берёт все участвующие в сражении армии ..., а также все кубики, лежащие в
    поддоне башни в начале сражения, и одновременно бросает их в башню»."""
    tower = dict(attacked.state.tower)
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    assert in_tray(attacked) == {}
    assert attacked.state.tower["red"] == tower["red"] + 3
    parts = {(p["colour"], p["from"]): p["n"] for p in attacked.state.battle["parts"]}
    assert parts[("red", TRAY)] == 2


def test_the_throw_names_the_cubes_put_in_by_hand_with_their_cause(attacked):
    """The table names every cube to throw; the 2 red lying in the tray say why they are
    there: «Поместите ... в поддон башни сражений» (the Samurai bonus)."""
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    tray_part = next(p for p in attacked.state.battle["parts"] if p["from"] == TRAY)
    assert tray_part["by_hand"] == [{"player": "red", "n": 2, "cause": "samurai", "card": None}]


def test_a_count_of_the_whole_tray_includes_the_thrown_hand_put_cubes(attacked):
    """«Некоторые из этих кубиков останутся внутри башни, а некоторые ... выпадут в поддон»:
    the tray's red cubes, thrown again, may all come out with red's defender, so a count of
    3 red is possible, and a source is told they were thrown."""
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    source = ManualTraySource(ShogunTower.colours)
    start_throw(attacked.state, source)
    source.enter({"blue": 1, "red": 3})
    attacked.do(count_command(source))
    assert attacked.state.provinces["kozuke"].owner == "red"


def test_the_battle_after_a_hand_put_in_ends_alike_whichever_source_counts(attacked):
    """«Сторона, чьих армий выпало больше, побеждает»: the simulated tower's tray, and the
    same tray entered by hand, decide the battle alike; the cubes stay conserved."""
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    simulated = SimulatedTower(seed=5)
    start_throw(attacked.state, simulated)
    by_simulation = count_command(simulated)
    manual = ManualTraySource(ShogunTower.colours)
    start_throw(attacked.state, manual)
    manual.enter(by_simulation["counts"])
    assert count_command(manual) == by_simulation
    attacked.do(by_simulation)
    check_invariants(attacked.state)


def test_cubes_of_players_outside_the_battle_stay_in_the_tray(attacked):
    """«Армии игроков, которые не участвовали в сражении, не учитываются и остаются лежать в
    поддоне»: a yellow cube that fell out with them stays for the battle after."""
    attacked.arrange({"type": "cubes", "colour": "yellow", "n": 1, "from": SUPPLY, "to": TOWER})
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    attacked.do({"type": "count_tray", "counts": {"blue": 2, "red": 1, "yellow": 1}})
    assert in_tray(attacked) == {"yellow": 1}


def test_a_throw_starts_the_tray_afresh_so_no_change_by_hand_is_left(attacked):
    """A cube put in by hand is thrown with the next battle, so after it the tray holds
    nothing put there by hand."""
    assert by_hand.since_last_throw(attacked.state) == [
        {"player": "red", "n": 2, "cause": "samurai", "card": None}]
    attacked.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    assert by_hand.since_last_throw(attacked.state) == []


def test_an_official_card_takes_the_players_own_cubes_out_of_the_tray(attacked):
    """«он должен вытащить из поддона башни сражений (осторожно!) столько своих армий,
    сколько указано в ячейке действия, и вернуть их в свой личный запас»."""
    supply = attacked.state.players["red"].supply
    by_hand.take_out(play_on(attacked), "red", 2, "official")
    check_invariants(attacked.state)
    assert in_tray(attacked) == {}
    assert attacked.state.players["red"].supply == supply + 2


def test_taking_out_more_than_the_tray_holds_is_refused_and_changes_nothing(attacked):
    """«Если действие не может быть выполнено полностью (например, у игрока недостаточно
    армий ... в поддоне башни сражений ...), игрок не выполняет такое действие»."""
    events: list[dict] = []
    play = Play(attacked.state, events.append, random.Random(0))
    assert not by_hand.can_take_out(attacked.state, "red", 3)
    with pytest.raises(RuleError) as refused:
        by_hand.take_out(play, "red", 3, "official")
    assert events == []
    names = Names("ru", players={"red": "Аня"}, catalogues=CATALOGUES)
    assert sentence({"key": refused.value.key, "params": refused.value.params}, names) == \
        "Аня: в лотке только 2 своих кубика, а нужно 3 — ничего не забирается."


def test_a_favour_puts_armies_from_the_supply_into_the_tray(attacked):
    """№3, 8, 14: «Игрок помещает указанное на карте количество армий из своего личного
    запаса в поддон башни сражений»."""
    by_hand.put_in(play_on(attacked), "yellow", 3, "favour", card=8)
    check_invariants(attacked.state)
    assert in_tray(attacked) == {"red": 2, "yellow": 3}
    assert by_hand.since_last_throw(attacked.state)[-1] == {"player": "yellow", "n": 3,
                                                            "cause": "favour", "card": 8}


def test_a_put_in_beyond_the_supply_is_refused(attacked):
    """«...из своего личного запаса»: armies the supply does not hold cannot go in."""
    supply = attacked.state.players["yellow"].supply
    with pytest.raises(RuleError) as refused:
        by_hand.put_in(Play(attacked.state, [].append, random.Random(0)), "yellow", supply + 1, "favour", card=3)
    assert refused.value.key == "tray.supply_short"


def test_the_table_is_told_to_take_out_the_cubes_by_hand(attacked):
    """The step for an official card, said in the player's language like a throw: "take 2
    of your red cubes out of the tray"; the undo's opposite puts them back."""
    before = copy.deepcopy(attacked.state)
    events: list[dict] = []
    state = attacked.state
    by_hand.take_out(Play(state, lambda e: (events.append(e), apply(state, e)), random.Random(0)),
                     "red", 2, "official")
    steps = board_steps(before, events)
    assert [s["player"] for s in steps] == ["red"]
    line = steps[0]["lines"][0]
    assert sentence(line, Names("en", catalogues=CATALOGUES)) == (
        "Carefully take these cubes of yours out of the tray and back to your supply: 2 red "
        "(an official card).")
    back = undo_steps(steps)[0]["lines"][0]
    assert sentence(back, Names("ru", catalogues=CATALOGUES)) == \
        "Положите в лоток башни из своего запаса кубики: 2 красных (карта чиновников)."


def test_a_look_at_the_tray_short_of_the_bookkeeping_says_what_to_put_in():
    """The bookkeeping expects 2 blue cubes put in by hand; a look that finds 1 says so
    plainly: "the tray shows 1 blue, 2 expected: put the other one in"."""
    found = differences({"blue": 2}, {"blue": 1})
    names = Names("en", catalogues=CATALOGUES)
    assert [sentence(d.note(), names) for d in found] == [
        "The tray shows 1 blue, 2 expected: put the other one in."]


def test_a_look_that_agrees_with_the_bookkeeping_finds_nothing_to_do():
    """The tray as expected: nothing differs, whatever colours the look names at 0."""
    assert differences({"red": 2, "yellow": 1}, {"yellow": 1, "red": 2, "blue": 0}) == []
