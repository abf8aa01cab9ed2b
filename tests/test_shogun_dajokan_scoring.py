"""«Дадзёкан» at the end of the game (rulebook seed 000, lines 1299-1317; ruling D4): every
row and every column scores its printed points for the player with the most markers, one
less for tied players, nothing for the neutral player of the face-down tokens.

The rulebook's five pictured examples lost their boards in the text; only the sums survive
(«= 5 ОП (3 + 0 + 2)» ...). Each is reproduced term for term on a board drawn here, with
the points printed at each line as ``ROWS`` and ``COLUMNS``."""
from __future__ import annotations

import pytest

from companion.games.shogun import dajokan
from companion.games.shogun.simulate import play_game

ROWS = [3, 1, 2, 2, 1, 3]
COLUMNS = [2, 1, 3, 3, 1, 2]
PLAYERS = ("red", "blue", "yellow")
HELD = {"R": "red", "B": "blue", "Y": "yellow", "N": "down", "U": "up"}


def board(*rows: str) -> dict[str, str]:
    """A drawn board: R, B, Y a player's marker, N a face-down token (the neutral player's),
    U a face-up token, "." an empty cell."""
    return {dajokan.cell(r, c): HELD[mark] for r, row in enumerate(rows, start=1)
            for c, mark in enumerate(row.split(), start=1) if mark != "."}


def scored(cells: dict[str, str], rows: list[int] = ROWS,
           columns: list[int] = COLUMNS) -> tuple[list[dict], dict[str, list[int]]]:
    lines = dajokan.line_scores(cells, {"row": rows, "column": columns}, PLAYERS, 1)
    return lines, dajokan.terms_of(lines, PLAYERS)


def line(lines: list[dict], kind: str, n: int) -> dict:
    return next(x for x in lines if x["line"] == kind and x["n"] == n)


EXAMPLES = [
    ("= 5 ОП (3 + 0 + 2)", [3, 0, 2], board(
        "R . . . . .",
        ". R B . . .",
        ". . . R . .",
        "B Y . N . .",
        "B Y . N . .",
        ". . . . . .")),
    ("= 4 ОП (1 + 1 + 0 + 2)", [1, 1, 0, 2], board(
        ". . . . . .",
        "R . . . . .",
        "R . . . B .",
        ". . . . . .",
        "R . . . . Y",
        ". . . . . .")),
    ("= 5 ОП (3 + 2)", [3, 2], board(
        ". R . . . .",
        ". . . . . .",
        ". R . . . .",
        ". N . . . .",
        ". N . . . .",
        ". N . . . .")),
    ("= 6 ОП (2 + 1 + 0 + 1 + 2)", [2, 1, 0, 1, 2], board(
        ". R B . . .",
        ". . . . . R",
        ". . . . . .",
        ". . . . . .",
        "Y . . . . R",
        ". . . . . .")),
    ("= 0 ОП", [], board(
        "R N N . . .",
        "B . . . . .",
        "B . . . . .",
        ". . . . . .",
        ". . . . . .",
        ". . . . . .")),
]


@pytest.mark.parametrize("printed, terms, cells", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_rulebooks_pictured_line_scores(printed, terms, cells):
    """«В конце игры игроки получают ПО за каждый ряд и столбец на планшете Дадзёкана, в
    котором их маркеров больше, чем маркеров соперников»: red's terms, rows then columns,
    and their sum, as the rulebook prints them (its «ОП» is «ПО»)."""
    _, found = scored(cells)
    assert found["red"] == terms
    assert f"= {sum(terms)} ОП" in printed


def test_the_player_with_more_markers_than_any_opponent_scores_the_printed_points():
    """«...в котором их маркеров больше, чем маркеров соперников»: row 1 (3 points), red 2
    markers to blue's 1."""
    lines, _ = scored(board("R R B . . .", *[". . . . . ."] * 5))
    assert (line(lines, "row", 1)["players"], line(lines, "row", 1)["points"]) == (["red"], 3)


def test_tied_players_each_score_one_point_less():
    """«В случае равного количества маркеров в ряду или столбце, игроки получают на 1 ПО
    меньше, чем указано на планшете»: row 1 (3 points), red and blue 2 each: 2 each."""
    lines, _ = scored(board("R R B B Y .", *[". . . . . ."] * 5))
    row = line(lines, "row", 1)
    assert (row["players"], row["points"], row["outcome"]) == (["red", "blue"], 2, "tied")


def test_a_tie_on_a_one_point_line_scores_nothing():
    """The same rule on a line printed 1 (row 2): 1 − 1 = 0, as the pictured «+ 0» terms."""
    lines, terms = scored(board(". . . . . .", "R B . . . .", *[". . . . . ."] * 4))
    assert line(lines, "row", 2)["points"] == 0
    assert terms["red"][0] == 0


def test_face_down_tokens_are_the_neutral_players_markers_and_score_for_nobody():
    """«Все жетоны ведомств, лежащие на планшете лицевой стороной вниз, считаются маркерами
    нейтрального игрока.» Ruling D4: the neutral player competes but never scores: row 1,
    two face-down tokens to red's one, scores for nobody."""
    lines, terms = scored(board("N N R . . .", *[". . . . . ."] * 5))
    row = line(lines, "row", 1)
    assert (row["players"], row["points"], row["outcome"]) == ([], 0, "neutral")


def test_a_player_level_with_the_neutral_player_scores_one_less():
    """Ruling D4: a tie with the neutral player is a tie: row 1 (3 points), red 2 and two
    face-down tokens: red scores 2."""
    lines, _ = scored(board("N N R R . .", *[". . . . . ."] * 5))
    row = line(lines, "row", 1)
    assert (row["players"], row["points"], row["outcome"]) == (["red"], 2, "level")


def test_a_face_up_token_is_nobodys_marker():
    """Only face-down tokens are the neutral player's («лежащие ... лицевой стороной
    вниз»); a token still face up counts for nobody: red alone in row 1."""
    lines, _ = scored(board("U U R . . .", *[". . . . . ."] * 5))
    assert line(lines, "row", 1)["players"] == ["red"]


def test_a_line_with_no_marker_scores_for_nobody():
    lines, _ = scored({})
    assert all(x["players"] == [] and x["outcome"] == "empty" for x in lines)
    assert len(lines) == len(ROWS) + len(COLUMNS)


def test_the_lines_are_scored_once_at_the_end_after_the_last_winter():
    """«КОНЕЦ ИГРЫ»: after the second winter's scoring and before the winner is decided, each
    line and each player's sum in the log, and the sums added to the scores."""
    state = play_game(3, 5, "recommended", expansions=("dajokan",)).session.state
    keys = [n["key"] for n in state.log]
    last_winter = max(i for i, k in enumerate(keys) if k == "winter.scored")
    assert last_winter < keys.index("dajokan.line") < keys.index("game.over")
    assert keys.count("dajokan.line") == sum(dajokan.shape(state))
    lines, terms = dajokan.final_scores(state)
    sums = {n["params"]["player"]: n["params"]["total"] for n in state.log
            if n["key"] == "dajokan.scored"}
    assert sums == {p: sum(t) for p, t in terms.items()}
    assert any(sums.values())
