"""«15 КАРТ ТИТУЛОВ»: «На карте титула указано, каким образом она приносит победные очки после
второго и четвёртого раундов»; a title's formula learned the first time it is scored, then
tapped, and scored by the game from what it counts (V37-V39)."""
from __future__ import annotations

import typing
from typing import Any

import pytest

from companion.errors import RuleError
from companion.games.ivan import catalog, titles
from companion.games.ivan.commands import Title
from ivan_table import COLOURS, Table, title_face
from test_ivan_scoring import to_scoring


def scoring(*faces: dict[str, Any], referee: bool = False, **completed: int) -> Table:
    """The second decade's scoring, white holding ``completed`` projects, the favour track
    white, black, green, red."""
    table = Table(4, referee=referee, printed={**COLOURS, **{k: v for f in faces for k, v in f.items()}})
    table.favour("white", "black", "green", "red")
    for kind, n in completed.items():
        table.events(*({"type": "completed", "player": "white", "kind": kind} for _ in range(n)))
    to_scoring(table, 2)
    return table


def titled(table: Table) -> int:
    return table.state.players["white"].vp_by.get("titles", 0)


def test_a_title_scored_for_the_first_time_is_kept_for_the_install():
    """«На карте титула указано, каким образом она приносит победные очки»: told once."""
    table = scoring(trade=3)
    table.do({"type": "titles", "known": {"white": [{"title": "new", "per": "trade", "vp": 2}]}})
    assert titles.face(table.state, 1) == {"n": 1, "per": "trade", "how": "each", "vp": 2, "of": 1}


def test_a_known_title_is_scored_from_the_projects_the_game_counts():
    """«титул, дающий очки за торговые проекты ... 6 очков (3 раза по 2 очка)»."""
    table = scoring(title_face(4, "trade", 2), trade=3)
    table.do({"type": "titles", "known": {"white": [{"title": 4}]}})
    assert titled(table) == 6


def test_i8_a_known_set_title_uses_each_project_once():
    """«если у игрока выполнено 3 торговых, 2 военных и 1 строительный проект, он получит очки
    только за один набор»."""
    table = scoring(title_face(1, "set", 5), title_face(2, "trade", 2), trade=3, military=2, construction=1)
    table.do({"type": "titles", "known": {"white": [{"title": 1}, {"title": 2}]}})
    assert titled(table) == 11


def test_the_trophies_and_tokens_title_counts_both():
    """«столько очков, сколько общее количество жетонов трофеев у него в запасе и торговых
    жетонов на его планшете»."""
    table = scoring(title_face(3, "trophies_tokens", 1))
    table.events({"type": "pieces", "player": "white", "trophies": 2}, {"type": "tokens", "player": "white", "n": 1})
    table.do({"type": "titles", "known": {"white": [{"title": 3}]}})
    assert titled(table) == 3


def test_a_title_for_every_two_counts_whole_pairs():
    table = scoring(title_face(5, "projects", 3, of=2), trade=3, military=2)
    table.do({"type": "titles", "known": {"white": [{"title": 5}]}})
    assert titled(table) == 6


def test_a_threshold_title_scores_once_it_is_reached():
    table = scoring(title_face(6, "projects", 4, how="at_least", of=3), trade=2)
    table.do({"type": "titles", "known": {"white": [{"title": 6}]}})
    assert titled(table) == 0
    table = scoring(title_face(6, "projects", 4, how="at_least", of=3), trade=3)
    table.do({"type": "titles", "known": {"white": [{"title": 6}]}})
    assert titled(table) == 4


def test_a_most_title_goes_to_the_most_and_a_tie_to_the_higher_favour():
    """«ничья по любому показателю» is broken by the tsar's favour: black ties white's coins
    and stands lower."""
    table = scoring(title_face(7, "coins", 5, how="most", of=2))
    for seat, coins in (("white", 4), ("black", 4), ("green", 1)):
        table.coins(seat, coins)
    table.do({"type": "titles", "known": {"black": [{"title": 7}]}})
    assert table.state.players["black"].vp_by["titles"] == 2


def test_without_the_map_a_known_cities_title_asks_the_count():
    """«Влияние в городах определяется так же, как в регионах»: without the map the table
    enters how many cities, not the points."""
    table = scoring(title_face(8, "cities", 2))
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": 8}]}})
    assert refused.value.key == "ivan.title_count_needed"
    table.do({"type": "titles", "known": {"white": [{"title": 8, "count": 2}]}})
    assert titled(table) == 4


def test_without_the_map_a_most_title_on_cities_is_entered_as_points():
    table = scoring(title_face(8, "cities", 2, how="most", of=1))
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": 8, "count": 2}]}})
    assert refused.value.key == "ivan.title_most_untracked"


def test_a_known_title_refuses_another_formula():
    table = scoring(title_face(4, "trade", 2), trade=3)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": 4, "vp": 3}]}})
    assert refused.value.key == "ivan.title_prints_other"


def test_a_refused_scoring_changes_nothing():
    table = scoring(title_face(4, "trade", 2), trade=3)
    before = (table.state.phase, table.state.players["white"].vp, dict(table.state.printed))
    with pytest.raises(RuleError):
        table.do({"type": "titles", "known": {"white": [{"title": "new", "per": "set", "vp": 1}, {"title": 9}]}})
    assert (table.state.phase, table.state.players["white"].vp, dict(table.state.printed)) == before


def test_a_title_card_is_held_by_one_family():
    table = scoring(title_face(4, "trade", 2))
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": 4}], "black": [{"title": 4}]}})
    assert refused.value.key == "ivan.title_twice"


def test_there_is_no_sixteenth_title():
    """«15 КАРТ ТИТУЛОВ»."""
    table = scoring(*(title_face(n, "coins", 1) for n in range(1, 16)))
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": "new", "per": "goods", "vp": 1}]}})
    assert refused.value.key == "ivan.title_all_known"


def test_each_title_the_game_counts_is_explained_in_the_log():
    table = scoring(title_face(4, "trade", 2), trade=3)
    table.do({"type": "titles", "known": {"white": [{"title": 4}]}})
    assert {"key": "ivan.title_scored",
            "params": {"player": "white", "n": 4, "per": "trade", "count": 3, "points": 6}} in table.state.log


def test_titles_not_identified_are_entered_as_points():
    table = scoring(title_face(4, "trade", 2), trade=3)
    table.do({"type": "titles", "vp": {"white": 7}, "known": {"white": [{"title": 4}]}})
    assert titled(table) == 13


def test_in_referee_mode_no_title_is_tapped():
    table = scoring(title_face(4, "trade", 2), referee=True)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"title": 4}]}})
    assert refused.value.key == "ivan.face_referee"


@pytest.mark.parametrize("part", ["per", "how"])
def test_the_commands_words_are_the_datas(part):
    """A title's words are declared once in the data; the command accepts exactly those."""
    hint = typing.get_type_hints(Title)[part]
    assert list(typing.get_args(typing.get_args(hint)[0])) == titles.choices(catalog.data(), part)
