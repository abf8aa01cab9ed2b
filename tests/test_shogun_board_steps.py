"""The board steps: after each command the table says what to do with the real pieces, one
player's part at a time, so the board the players keep matches the game the app keeps."""
from companion.engine.board import pending, steps_of
from companion.games.shogun.rules import GAME
from companion.i18n import sentence
from test_shogun_battles import attack


def newest(table):
    return steps_of(GAME, table.session.history, table.session.seq)


def lines_of(steps, player):
    return [(line["key"], line["params"]) for s in steps if s.player == player for line in s.lines]


def test_the_recommended_set_up_is_laid_out_by_each_player_card_and_armies(table):
    """Rulebook set-up: each player takes the province cards of the recommended set-up and
    places the armies shown there; the board steps list exactly that, player by player."""
    steps = steps_of(GAME, table.session.history, 1)
    assert [s.player for s in steps[:3]] == ["red", "blue", "yellow"]
    for colour in ("red", "blue", "yellow"):
        shown = lines_of(steps, colour)
        owned = table.state.owned(colour)
        placed = {p["province"]: p["n"] for k, p in shown if k == "board.card_and_armies"}
        assert placed == {pid: table.state.provinces[pid].armies for pid in owned}


def test_the_throw_into_the_tower_is_no_board_step_the_battle_screen_lists_it(table):
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    attack(table, "shinano", "kozuke", 4)
    assert all(line["key"] != "board.remove" for s in newest(table) for line in s.lines)


def test_a_won_battle_tells_the_winner_to_stand_in_the_province_and_take_its_card(table):
    """Rulebook example (blue takes Kozuke from yellow 3:2): 2 blue cubes back to the supply,
    1 blue stands in Kozuke, blue takes the Kozuke card from yellow; yellow's cube and the
    peasant go back to their supplies; the red cube stays in the tray (no step)."""
    table.give("shinano", "blue", armies=5)
    table.give("kozuke", "yellow", armies=3)
    table.set_year_events("e07")
    attack(table, "shinano", "kozuke", 4)
    table.do({"type": "count_tray", "counts": {"blue": 3, "yellow": 1, "red": 1, "green": 1}})
    steps = newest(table)
    blue = lines_of(steps, "blue")
    assert ("board.tray_to_supply", {"player": "blue", "n": 2}) in blue
    assert ("board.tray_to_province", {"player": "blue", "n": 1, "province": "kozuke"}) in blue
    assert ("board.card_from_player", {"player": "blue", "province": "kozuke", "by": "yellow"}) in blue
    assert lines_of(steps, "yellow") == [("board.tray_to_supply", {"player": "yellow", "n": 1})]
    assert lines_of(steps, None) == [("board.peasants_back", {"player": None, "n": 1})]
    assert lines_of(steps, "red") == []


def test_a_recruit_asks_for_the_chests_and_the_armies_of_that_player(table):
    table.set_round(actions=["recruit3", "battle1", "taxes", "rice", "castle", "temple", "theatre",
                             "recruit5", "recruit1", "battle2"])
    province = table.state.owned("red")[0]
    before = table.session.seq
    table.plan_round({"red": {"recruit3": province}})
    shown = [(line["key"], line["params"]) for s in pending(GAME, table.session.history, (before + 1, 0))
             if s.player == "red" for line in s.lines]
    assert ("board.place", {"player": "red", "n": 3, "province": province}) in shown
    assert any(key == "board.chests_paid" for key, _ in shown)


def test_undoing_a_done_step_asks_for_each_opposite_the_last_first():
    steps = [{"player": "blue", "lines": [
        {"key": "board.chests_paid", "params": {"player": "blue", "n": 2, "total": 3, "up": 0},
         "icon": "chests", "colour": "blue"},
        {"key": "board.move", "params": {"player": "blue", "n": 4, "src": "kai", "dst": "shinano"},
         "icon": "army", "colour": "blue"},
        {"key": "board.score", "params": {"player": "blue", "n": 3, "total": 10, "up": 1},
         "icon": "score", "colour": "blue"}]}]
    back = GAME.undo_steps(steps)
    assert [(line["key"], line["params"]) for line in back[0]["lines"]] == [
        ("board.score", {"player": "blue", "n": 3, "total": 7, "up": 0}),
        ("board.move", {"player": "blue", "n": 4, "src": "shinano", "dst": "kai"}),
        ("board.chests_taken", {"player": "blue", "n": 2, "total": 3, "up": 0})]


def test_every_step_of_a_whole_game_is_worded_in_russian_and_czech():
    session = GAME.simulate(4, 5)
    keys = {line["key"] for s in pending(GAME, session.history, (1, 0)) for line in s.lines}
    for lang in ("ru", "cs"):
        names = GAME.names(session.state, lang)
        for key in keys:
            assert names.message(key), (lang, key)
    assert len(keys) >= 12
    for s in pending(GAME, session.history, (1, 0)):
        for line in s.lines:
            assert "board." not in sentence(line, GAME.names(session.state, "ru"))
