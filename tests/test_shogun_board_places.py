"""The places a board step touches: the table marks them on its map while the step is shown,
so the group finds the provinces on the real board before moving the pieces."""
from companion.engine.board import steps_of
from companion.games.shogun.rules import GAME
from test_shogun_battles import attack

ORDER = ["recruit3", "battle1", "taxes", "rice", "castle", "temple", "theatre", "recruit5",
         "recruit1", "battle2"]


def newest_lines(table):
    return [line for s in steps_of(GAME, table.session.history, table.session.seq) for line in s.lines]


def test_a_move_marks_the_province_left_and_the_province_entered(table):
    table.give("shinano", "blue", armies=5)
    table.give("kai", "blue", armies=1)
    attack(table, "shinano", "kai", 3)
    moves = [line for line in newest_lines(table) if line["key"] == "board.move"]
    assert moves and all(line["places"] == ["shinano", "kai"] for line in moves)


def test_a_recruit_marks_its_province_and_the_chests_paid_mark_none(table):
    table.set_round(actions=ORDER)
    province = table.state.owned("red")[0]
    table.plan_round({"red": {"recruit3": province}})
    lines = [line for s in steps_of(GAME, table.session.history, table.session.seq)
             for line in s.lines if s.player == "red"]
    placed = [line for line in lines if line["key"] == "board.place"]
    assert placed and placed[0]["places"] == [province]
    assert all(line["places"] == [] for line in lines if line["key"] == "board.chests_paid")


def test_an_undone_step_marks_the_same_places():
    steps = [{"player": "blue", "lines": [
        {"key": "board.move", "params": {"player": "blue", "n": 4, "src": "kai", "dst": "shinano"},
         "icon": "army", "colour": "blue", "places": ["kai", "shinano"]}]}]
    assert GAME.undo_steps(steps)[0]["lines"][0]["places"] == ["kai", "shinano"]
