"""«18 РЕГИОНАЛЬНЫХ ЖЕТОНОВ»: the regional tokens' faces learned as the group plays. A token
met for the first time is told once and kept for the install; afterwards the table taps it,
and the game gives what it prints and refuses anything else (V25-V28)."""
from __future__ import annotations

from typing import Any

import pytest

from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.ivan import catalog, regional
from companion.games.ivan.rules import GAME
from ivan_table import COLOURS, Table, regional_face

FIRST_MET = {"token": "new", "background": "light", "threshold": 3,
             "rewards": [{"vp": 4, "action": "warrior"}, {"coins": 1, "goods": {"rye": 2}, "favour": True}]}


def at_regions(players: int = 4, decade: int = 1, **faces: Any) -> Table:
    table = Table(players, referee=False, printed={**COLOURS, **faces})
    table.regions(decade)
    table.favour(*table.state.data["families"][:players])
    return table


def known(*faces: dict[str, Any]) -> dict[str, Any]:
    return {key: value for face in faces for key, value in face.items()}


def region(table: Table, name: str = "east", influence: dict[str, int] | None = None, **token: Any) -> None:
    table.do({"type": "region", "region": name, "influence": influence or {"white": 3, "black": 1}, **token})


def test_a_token_met_for_the_first_time_is_kept_for_the_install():
    """«На этих жетонах указаны награды»: told once, its face becomes the install's values
    (a ``printed`` event, which the store keeps) in the first free place."""
    table = at_regions()
    region(table, **FIRST_MET)
    assert regional.known(table.state) == [1]
    assert regional.face(table.state, 1)["rewards"][1] == {"vp": 0, "coins": 1, "goods": {"rye": 2},
                                                           "favour": True, "action": "none"}


def test_a_known_token_gives_what_it_prints_without_entering_it():
    """«Игрок с наибольшим влиянием выбирает одну из двух наград, указанных на региональном
    жетоне. Следующий по влиянию игрок получает другую награду»."""
    table = at_regions(**known(regional_face(5, vp=3, coins=2)))
    coins = table.state.players["black"].coins
    region(table, token=5)
    table.do({"type": "choose", "player": "white", "region": "east", "reward": 0}, Actor.of_seat("white"))
    assert table.state.players["white"].vp == 3 and table.state.players["black"].coins == coins + 2


def test_a_known_token_refuses_other_rewards():
    """«указанных на региональном жетоне»: a known token's rewards are its own, not entered ones."""
    table = at_regions(**known(regional_face(5, vp=3, coins=2)))
    with pytest.raises(RuleError) as refused:
        region(table, token=5, rewards=[{"vp": 9}, {"coins": 2}])
    assert refused.value.key == "ivan.token_prints_other"
    assert table.state.region is None or not table.state.region.get("current")


def test_a_token_already_on_the_map_this_game_cannot_come_again():
    """«Сброшенные торговые и региональные жетоны больше не участвуют в игре»."""
    table = at_regions(**known(regional_face(5)))
    region(table, token=5, influence={"white": 0})
    with pytest.raises(RuleError) as refused:
        region(table, "south", token=5)
    assert refused.value.key == "ivan.token_used"


def test_the_last_decade_takes_only_a_dark_token():
    """«В последнем раунде используются только жетоны с тёмным фоном»."""
    table = at_regions(decade=4, **known(regional_face(5, background="light")))
    with pytest.raises(RuleError) as refused:
        region(table, token=5)
    assert refused.value.key == "ivan.token_dark_only"


def test_a_light_token_met_in_the_last_decade_is_refused():
    """«В последнем раунде используются только жетоны с тёмным фоном»: a new token then is dark."""
    table = at_regions(decade=4)
    with pytest.raises(RuleError) as refused:
        region(table, **FIRST_MET)
    assert refused.value.key == "ivan.token_dark_only"


def test_the_last_decade_offers_only_the_dark_tokens():
    table = at_regions(decade=4, **known(regional_face(5, background="light"), regional_face(6)))
    assert [face["n"] for face in GAME.view(table.state)["regional_tokens"]] == [6]


def test_there_is_no_nineteenth_regional_token():
    """«18 РЕГИОНАЛЬНЫХ ЖЕТОНОВ»: with all eighteen known, a new one is refused."""
    every = known(*(regional_face(n, background="dark" if n <= 9 else "light") for n in range(1, 19)))
    table = at_regions(**every)
    with pytest.raises(RuleError) as refused:
        region(table, **{**FIRST_MET, "background": "dark"})
    assert refused.value.key in ("ivan.token_all_known", "ivan.token_background_full")


def test_there_is_no_tenth_dark_token():
    """«Перемешайте лицом вниз 9 региональных жетонов с тёмным фоном»."""
    table = at_regions(**known(*(regional_face(n) for n in range(1, 10))))
    with pytest.raises(RuleError) as refused:
        region(table, **{**FIRST_MET, "background": "dark"})
    assert refused.value.key == "ivan.token_background_full"


def test_a_reward_shows_one_kind_of_goods():
    table = at_regions()
    rewards = [{"vp": 1}, {"goods": {"rye": 1, "wood": 1}}]
    with pytest.raises(RuleError) as refused:
        region(table, **{**FIRST_MET, "rewards": rewards})
    assert refused.value.key == "ivan.token_one_good"


def test_a_new_token_needs_its_background_and_number():
    table = at_regions()
    with pytest.raises(RuleError) as refused:
        region(table, **{k: v for k, v in FIRST_MET.items() if k != "background"})
    assert refused.value.key == "ivan.token_face_needed"


def test_an_unknown_token_cannot_be_tapped():
    table = at_regions()
    with pytest.raises(RuleError) as refused:
        region(table, token=3)
    assert refused.value.key == "ivan.token_unknown"


def test_two_players_compare_with_the_known_tokens_number():
    """«Если эта разница ниже числа очков, указанного на региональном жетоне, игрок с меньшим
    влиянием выбирает»: the number is the token's, not entered."""
    table = at_regions(2, **known(regional_face(5, threshold=3)))
    region(table, token=5, influence={"white": 4, "black": 2})
    assert table.state.region["current"]["chooser"] == "black"


def test_an_icon_the_game_does_not_count_is_carried_out_on_the_board():
    """«Поставьте 1 воина из своего запаса в любой город, где есть ваша фишка»: the reward's
    icon is named in the log for the player to carry out."""
    table = at_regions(**known(regional_face(5, action="warrior")))
    region(table, token=5)
    table.do({"type": "choose", "player": "white", "region": "east", "reward": 0}, Actor.of_seat("white"))
    reminded = [note["params"] for note in table.state.log if note["key"] == "ivan.reward_icon"]
    assert reminded == [{"player": "white", "icon": "warrior"}]


def test_the_tsars_favour_on_a_known_token_is_a_favour_gain():
    """«Получите царскую милость (переместите свою фишку на самое верхнее деление счётчика)»."""
    table = at_regions(**known(regional_face(5, favour="yes")))
    region(table, token=5, influence={"white": 3, "red": 1})
    table.do({"type": "choose", "player": "white", "region": "east", "reward": 0}, Actor.of_seat("white"))
    assert table.state.favour[0] == "red"


def test_in_referee_mode_the_table_enters_what_the_token_shows():
    """Referee mode asks no printed value: a token is never told nor tapped."""
    table = Table(4, referee=True, printed={**COLOURS, **regional_face(5)})
    table.regions()
    with pytest.raises(RuleError) as refused:
        region(table, token=5)
    assert refused.value.key == "ivan.token_referee"


def test_an_unidentified_token_is_entered_as_before():
    table = at_regions(**known(regional_face(5)))
    region(table, rewards=[{"vp": 1}, {"coins": 1}])
    assert table.state.region["current"]["rewards"][0]["vp"] == 1 and regional.known(table.state) == [5]


def test_the_install_asks_eighteen_tokens_nine_of_each_background():
    """«18 РЕГИОНАЛЬНЫХ ЖЕТОНОВ»; «9 региональных жетонов с тёмным фоном»."""
    asked = [key for key in catalog.questions() if key.endswith(".background") and key.startswith("ivan.regional")]
    assert len(asked) == 18
    document = catalog.data()
    wrong = {**document, "faces": {"regional": {**document["faces"]["regional"], "backgrounds": {"dark": 10, "light": 9}}}}
    with pytest.raises(ValueError):
        catalog.check(wrong)


def test_the_decades_before_the_last_leave_four_dark_tokens_for_it():
    """«Перемешайте лицом вниз 9 региональных жетонов с тёмным фоном и не глядя положите 4 из
    них стопкой лицом вниз на нижнее деление счётика раундов («1580-е»)»: five dark at most
    before."""
    table = at_regions(decade=3, **known(*(regional_face(n) for n in range(1, 7))))
    table.events(*({"type": "regional_token", "n": n} for n in range(1, 6)))
    with pytest.raises(RuleError) as refused:
        region(table, token=6)
    assert refused.value.key == "ivan.token_dark_reserved"
