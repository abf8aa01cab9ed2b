"""The verdict's first line on the battle screen: the score with each side named, because a
bare "3:2" does not say whose 3 it is."""
import pytest

from companion.engine import Session
from companion.games.shogun.text import names_for
from companion.games.shogun.tray import ShogunTower
from companion.i18n import sentence
from tests.shogun_table import RULES

ORDER = ["battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5", "recruit3",
         "recruit1", "battle2"]


def verdict(table, counts, lang="en"):
    """What the table is shown before confirming ``counts``, from a copy of the game."""
    game = Session.replay(RULES, table.session.history, table.session.draws)
    events = game.execute({"type": "count_tray", "counts": counts})
    return [sentence(n, names_for(game.state, lang)) for n in ShogunTower().outcome(events)]


def attack(table, src, dst, armies, attacker="blue"):
    table.set_round(actions=ORDER)
    table.plan_round({attacker: {"battle1": src}})
    table.do({"type": "move", "player": attacker, "to": dst, "armies": armies})


@pytest.mark.parametrize("lang, score", [("en", "Score: blue 3 : yellow 1 + peasants 1"),
                                         ("ru", "Счёт: синий 3 : жёлтый 1 + крестьяне 1"),
                                         ("cs", "Skóre: modrý 3 : žlutý 1 + rolníci 1")])
def test_blue_3_against_yellow_1_and_a_peasant_names_both_sides(table, lang, score):
    """Rulebook example: 'Так как в Кодзукэ нет жетонов волнений, крестьяне сражаются на
    стороне защищающегося жёлтого игрока. Но всё равно побеждает синий игрок (3:2).'"""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    lines = verdict(table, {"blue": 3, "yellow": 1, "red": 1, "green": 1}, lang)
    assert lines[0] == score
    assert "3:2" in lines[1]


def test_an_attack_on_a_neutral_province_scores_against_the_peasants(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", None)
    attack(table, "shinano", "kozuke", 4)
    assert verdict(table, {"blue": 1, "green": 2})[0] == "Score: blue 1 : peasants 2"


def test_a_defence_without_peasants_scores_the_two_players_alone(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3, unrest=1)
    attack(table, "shinano", "kozuke", 4)
    assert verdict(table, {"blue": 1, "yellow": 2, "green": 1})[0] == "Score: blue 1 : yellow 2"
