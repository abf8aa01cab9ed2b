"""The odds shown before an attack is chosen: win, tie, lose and the attacker's survivors for
every army count, from what the tower holds, judged as the battle judges a tray."""
import math
from collections import Counter

import pytest

from companion.engine import Session
from companion.games.shogun.battle import attack_verdict, throw_of
from companion.games.shogun.odds import OUTCOMES
from companion.kits.tower.odds import tray_distribution
from companion.kits.tower.simulated import SimulatedTower
from tests.shogun_table import RULES, Table

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]
THROWS = 20_000
Z = 4.5


def choosing(table, src, attacker="blue"):
    """``attacker`` is asked where to move from ``src`` (their battle action)."""
    table.set_round(actions=ORDER)
    table.plan_round({attacker: {"battle1": src}})
    assert table.state.pending["kind"] == "move"


def odds_of(table, target, seat="blue"):
    return {row["armies"]: row for row in odds_for(table, seat)[target]}


def odds_for(table, seat):
    """The odds in ``seat``'s choices (None: the table's)."""
    return RULES.choices(table.state, seat).get("odds", {})


def test_a_row_for_every_army_count_the_attacker_may_send(table):
    """Rulebook: 'по крайней мере 1 армия должна остаться на месте'."""
    table.give("shinano", "blue", armies=6)
    table.give("kozuke", "yellow", armies=3)
    choosing(table, "shinano")
    assert sorted(odds_of(table, "kozuke")) == [1, 2, 3, 4, 5]
    for row in odds_of(table, "kozuke").values():
        assert row["win"] + row["tie"] + row["lose"] == pytest.approx(1.0)


def test_the_odds_are_shown_to_the_attacker_and_the_table_but_no_other_phone(table):
    table.give("shinano", "blue", armies=4)
    table.give("kozuke", "yellow", armies=2)
    choosing(table, "shinano")
    assert "kozuke" in odds_for(table, "blue")
    assert "kozuke" in odds_for(table, None)
    assert odds_for(table, "yellow") == {}
    assert odds_for(table, "red") == {}


def test_no_odds_for_the_players_own_provinces(table):
    table.give("shinano", "blue", armies=4)
    table.give("kozuke", "blue", armies=1)
    choosing(table, "shinano")
    assert "kozuke" not in odds_for(table, "blue")


def test_more_armies_sent_win_more_often(table):
    table.give("shinano", "blue", armies=8)
    table.give("kozuke", "yellow", armies=3)
    choosing(table, "shinano")
    wins = [row["win"] for _, row in sorted(odds_of(table, "kozuke").items())]
    assert wins == sorted(wins) and wins[-1] > wins[0]


def test_peasants_in_the_tower_fight_for_a_defender_without_unrest(table):
    """Rulebook: 'Если в провинции защищающегося игрока нет жетонов волнений, все армии
    крестьян из поддона сражаются на стороне защищающегося'. The same attack on a
    province with an unrest token, where they do not, is won more often."""
    table.put_in_tower("green", 6)
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    choosing(table, "shinano")
    calm = odds_of(table, "kozuke")[4]["win"]
    table.give("kozuke", "yellow", armies=3, unrest=1)
    assert odds_of(table, "kozuke")[4]["win"] > calm + 0.05


def test_a_neutral_province_is_defended_by_one_peasant_from_the_supply(table):
    """Rulebook: 'Если игрок атакует нейтральную провинцию, он вместе со своими армиями
    бросает в башню 1 армию крестьян из общего запаса в качестве защищающейся стороны'.
    With an empty tower, the attacker loses when no more blue than green comes out."""
    table.give("shinano", "blue", armies=3)
    table.give("kozuke", None)
    table.arrange(*[{"type": "cubes", "colour": c, "n": n, "from": "tower", "to": "supply"}
                    for c, n in table.state.tower.items() if n])
    choosing(table, "shinano")
    trays = tray_distribution({"blue": 2, "green": 1}, {}, ["blue", "green"])
    held = sum(float(trays[b, g]) for b in range(3) for g in range(2) if b <= g)
    assert odds_of(table, "kozuke")[2]["lose"] == pytest.approx(held)


def test_every_verdict_a_battle_can_reach_counts_as_a_win_a_tie_or_a_loss():
    reached = {attack_verdict(a, own, green, defended)[0]
               for a in range(6) for own in range(6) for green in range(4)
               for defended in (True, False) if defended or own == 0}
    assert reached <= set(OUTCOMES)


def settle(table, tray, province, attacker):
    """What the engine makes of ``tray``: a copy of the game counts it."""
    game = Session.replay(RULES, table.session.history, table.session.draws)
    game.execute({"type": "count_tray", "counts": tray})
    prov = game.state.provinces[province]
    if prov.owner == attacker:
        return "win", prov.armies
    return ("tie" if prov.owner is None else "lose"), 0


def test_the_odds_agree_with_battles_thrown_in_the_simulated_tower(table):
    """Yellow's Kozuke (3 armies, a castle) attacked from Shinano with 4 of 6 armies, with
    cubes of both sides, peasants and a bystander inside the tower and in the tray. The
    same attack thrown 20,000 times in the simulated tower (fixed seed), each tray counted by
    the engine: every outcome as often as the odds say, within 4.5 binomial standard errors,
    and the survivors' average within 4.5 standard errors of the mean."""
    table.give("shinano", "blue", armies=6)
    table.give("kozuke", "yellow", armies=3, buildings=("castle",))
    for colour, n in {"blue": 2, "yellow": 3, "green": 3, "red": 4}.items():
        table.put_in_tower(colour, n)
    table.arrange({"type": "cubes", "colour": "green", "n": 1, "from": "tower", "to": "tray"})
    choosing(table, "shinano")
    shown = odds_of(table, "kozuke")[4]
    table.do({"type": "move", "player": "blue", "to": "kozuke", "armies": 4})
    throw = throw_of(table.state.battle)
    tower = SimulatedTower(seed=37)
    verdicts, outcomes, survivors = {}, Counter(), []
    for _ in range(THROWS):
        tray = tower.drop(throw.thrown, throw.inside)
        key = tuple(sorted(tray.items()))
        if key not in verdicts:
            verdicts[key] = settle(table, tray, "kozuke", "blue")
        outcome, stand = verdicts[key]
        outcomes[outcome] += 1
        survivors.append(stand)
    for outcome in ("win", "tie", "lose"):
        chance = shown[outcome]
        error = math.sqrt(chance * (1 - chance) / THROWS)
        assert abs(outcomes[outcome] / THROWS - chance) <= Z * error, outcome
    mean = sum(survivors) / THROWS
    spread = math.sqrt(sum((s - mean) ** 2 for s in survivors) / (THROWS - 1))
    assert abs(mean - shown["survivors"]) <= Z * spread / math.sqrt(THROWS)


def test_the_odds_count_the_extra_army_a_plus_one_attacking_card_offers(table):
    """The card says the attacker 'может' throw one more army: the odds, shown before the
    offer is answered, are those of the attack with it (a side takes what helps it)."""
    table.give("shinano", "blue", armies=6)
    table.give("kozuke", "yellow", armies=3)
    table.set_round(actions=ORDER)
    table.plan_round({"blue": {"battle1": "shinano"}}, specials={"blue": "attack"})
    with_card = odds_of(table, "kozuke")[3]["win"]
    other = Table()
    other.give("shinano", "blue", armies=6)
    other.give("kozuke", "yellow", armies=3)
    choosing(other, "shinano")
    assert with_card > odds_of(other, "kozuke")[3]["win"]
