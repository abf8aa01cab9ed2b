"""«15 КАРТ ПОМЕСТИЙ», «Поместья дают вам указанные на них свободные действия. Действие
каждого поместья можно применить только один раз в раунд», and the player board's three
printed trade effects: faces learned the first time they are played, then tapped (V33-V35)."""
from __future__ import annotations

from typing import Any

from companion.games.ivan import effects
from ivan_table import Table, effect_face, effect_turn, play, refusal


def in_turn(*faces: dict[str, Any], estates: int = 1) -> Table:
    """White's turn of the action phase holding ``estates`` estate cards, 2 coins, no rye."""
    return effect_turn(*faces, estates=estates)


def test_an_estate_played_for_the_first_time_is_kept_for_the_install():
    """«используют поместье, дающее им царскую милость за 2 монеты»: told once, kept."""
    table = in_turn()
    play(table, "estate", face="new", coins=-2, favour=1)
    assert effects.face(table.state, "estate", 1) == {
        "source": "estate", "n": 1, "coins": -2, "goods": {}, "vp": 0, "favour": 1, "warriors": 0, "action": "none"}


def test_a_known_estate_tapped_gives_what_it_prints():
    """«поместье, приносящее 2 монеты. Они тут же используют его ..., чтобы получить 2 монеты»."""
    table = in_turn(effect_face("estate", 3, coins=2))
    play(table, "estate", face=3)
    assert table.state.players["white"].coins == 4


def test_a_known_estate_pays_what_its_arrow_asks():
    """«поместье, позволяющее выставить воина за рожь и монету»: without the rye it is refused."""
    table = in_turn(effect_face("estate", 3, coins=-1, rye=-1, warriors=1))
    assert refusal(table, "estate", face=3) == "ivan.not_enough_goods"


def test_an_estate_is_turned_once_a_round():
    """«Действие каждого поместья можно применить только один раз в раунд»."""
    table = in_turn(effect_face("estate", 3, coins=1), estates=2)
    play(table, "estate", face=3)
    assert refusal(table, "estate", face=3) == "ivan.estate_turned"


def test_a_player_turns_no_more_estates_than_he_holds():
    """«поворачивайте использованные карты набок, чтобы отметить это»: one card, one use."""
    table = in_turn(effect_face("estate", 3, coins=1), effect_face("estate", 4, vp=1))
    play(table, "estate", face=3)
    assert refusal(table, "estate", face=4) == "ivan.estate_none_unturned"


def test_a_refused_estate_changes_nothing():
    table = in_turn(effect_face("estate", 3, coins=1), estates=0)
    before = (table.state.players["white"].coins, list(table.state.turned))
    refusal(table, "estate", face=3)
    assert (table.state.players["white"].coins, list(table.state.turned)) == before


def test_estates_are_turned_back_with_the_next_round():
    """«каждый игрок ... разворачивает все свои использованные поместья»."""
    table = in_turn(effect_face("estate", 3, coins=1))
    play(table, "estate", face=3)
    table.chambers(("white", "projects", 0), turn="white", cards={"projects": "colour1"})
    play(table, "estate", face=3)
    assert table.state.players["white"].coins == 4


def test_the_phone_offers_only_unturned_estates():
    table = in_turn(effect_face("estate", 3, coins=1), effect_face("estate", 4, vp=1), estates=2)
    play(table, "estate", face=3)
    assert [f["n"] for f in effects.usable(table.state, "estate", "white")] == [4]


def test_a_player_without_estates_is_offered_none():
    table = in_turn(effect_face("estate", 3, coins=1), estates=0)
    assert effects.usable(table.state, "estate", "white") == []


def test_an_estates_icon_is_named_for_the_board():
    """«Переместите в соседний город 1 своего воина или боярина на поле»: the game does not
    move it; the log names it for the player to carry out."""
    table = in_turn(effect_face("estate", 3, coins=-1, action="move"))
    play(table, "estate", face=3)
    assert table.state.log[-1] == {"key": "ivan.effect_icon", "params": {"player": "white", "icon": "move"}}


def test_a_known_estate_refuses_another_icon():
    table = in_turn(effect_face("estate", 3, coins=1, action="project"))
    assert refusal(table, "estate", face=3, action="move") == "ivan.face_prints_other"


def test_there_is_no_sixteenth_estate():
    """«15 КАРТ ПОМЕСТИЙ»."""
    table = in_turn(*(effect_face("estate", n, vp=1) for n in range(1, 16)))
    assert refusal(table, "estate", face="new", coins=1) == "ivan.face_all_known"


def test_an_estate_not_identified_is_entered_as_it_gave():
    table = in_turn()
    play(table, "estate", coins=1, vp=1)
    assert (table.state.players["white"].coins, table.state.players["white"].vp) == (3, 1)


def test_an_estate_not_identified_turns_one_of_the_familys_estates():
    """«поворачивайте использованные карты набок»: entered without its face, it still uses a card."""
    table = in_turn(effect_face("estate", 3, coins=1))
    play(table, "estate", coins=1)
    assert refusal(table, "estate", face=3) == "ivan.estate_none_unturned"


def test_a_family_without_estates_plays_none_not_identified():
    table = in_turn(estates=0)
    assert refusal(table, "estate", coins=1) == "ivan.estate_none_unturned"
    assert table.state.players["white"].coins == 2


def test_a_board_effect_told_once_is_tapped_again():
    """«Разыграйте эффект 1 торгового жетона со своего планшета (полученного или
    напечатанного)»: a printed effect is played whenever a token's would be."""
    table = in_turn(estates=0)
    play(table, "board", face="new", coins=1)
    play(table, "board", face=1)
    assert table.state.players["white"].coins == 4


def test_the_board_prints_three_trade_effects():
    """The player board's three printed trade effects: a fourth is refused."""
    table = in_turn(*(effect_face("board", n, coins=1) for n in range(1, 4)), estates=0)
    assert refusal(table, "board", face="new", vp=1) == "ivan.face_all_known"
