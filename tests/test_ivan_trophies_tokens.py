"""«12 ЖЕТОНОВ ТРОФЕЕВ», «20 ТОРГОВЫХ ЖЕТОНОВ»: an effect learned the first time it is played,
kept for the install, then tapped (V32)."""
from __future__ import annotations

from companion.games.ivan import effects
from ivan_table import effect_face, effect_turn, play, refusal


def test_a_trophy_played_for_the_first_time_is_kept_for_the_install():
    """«сразу же получая ещё 3 очка по его эффекту»: told once, the install keeps it."""
    table = effect_turn()
    play(table, "trophy", face="new", vp=3)
    assert effects.face(table.state, "trophy", 1)["vp"] == 3


def test_a_known_trade_token_gives_its_effect_tapped():
    """«забирая торговый жетон, который приносит рожь и монету»."""
    table = effect_turn(effect_face("trade_token", 4, coins=1, rye=1))
    play(table, "trade_token", face=4, taken=True)
    p = table.state.players["white"]
    assert (p.coins, p.goods["rye"], p.tokens) == (3, 1, 1)


def test_a_known_face_refuses_another_effect():
    table = effect_turn(effect_face("trade_token", 4, coins=1, rye=1))
    assert refusal(table, "trade_token", face=4, vp=2) == "ivan.face_prints_other"


def test_a_known_face_pays_what_its_arrow_asks():
    """«Заплатите то, что указано слева от стрелки, чтобы получить то, что указано справа»."""
    table = effect_turn(effect_face("trophy", 2, coins=-3, favour=1))
    assert refusal(table, "trophy", face=2) == "ivan.not_enough_coins"


def test_a_trophy_is_taken_once_a_game():
    """«заберите оттуда в свой запас 1 жетон трофея»: it leaves the Wild Field for good."""
    table = effect_turn(effect_face("trophy", 2, vp=1))
    play(table, "trophy", face=2)
    assert refusal(table, "trophy", face=2) == "ivan.face_used"


def test_a_trade_tokens_effect_is_played_again():
    """«Эффект жетона разыгрывается сразу после его получения, а также при выполнении торгового
    проекта»."""
    table = effect_turn(effect_face("trade_token", 4, vp=1))
    play(table, "trade_token", face=4, taken=True)
    play(table, "trade_token", face=4)
    assert table.state.players["white"].vp == 2


def test_there_is_no_thirteenth_trophy():
    """«12 ЖЕТОНОВ ТРОФЕЕВ»."""
    table = effect_turn(*(effect_face("trophy", n, vp=1) for n in range(1, 13)))
    assert refusal(table, "trophy", face="new", vp=2) == "ivan.face_all_known"


def test_in_referee_mode_no_face_is_tapped():
    table = effect_turn(effect_face("trophy", 2, vp=1), referee=True)
    assert refusal(table, "trophy", face=2) == "ivan.face_referee"
