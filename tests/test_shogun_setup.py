"""Set-up, as in the rulebook's 'Подготовка к игре'."""
import pytest

from companion.engine import Session
from companion.errors import RuleError
from companion.games.shogun.catalog import DataError, board_from_dict, load_catalog
from companion.games.shogun.rules import ShogunRules
from shogun_table import Table

COLOURS = ("red", "blue", "yellow", "purple", "black")


def new(players=3, setup="draft", seed=3, **extra):
    command = {"type": "create", "seed": seed, "setup": setup,
               "players": [{"colour": c} for c in COLOURS[:players]], **extra}
    return Session.create(ShogunRules(), command)


@pytest.mark.parametrize("players, chests", [(3, 18), (4, 15), (5, 12)])
def test_starting_chests_are_18_15_12_for_3_4_5_players(players, chests):
    session = new(players)
    assert {p.chests for p in session.state.players.values()} == {chests}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_recommended_set_up_places_the_printed_provinces_and_armies(players):
    session = new(players, setup="recommended")
    tables = load_catalog().setup["recommended"][str(players)]
    for colour, rows in zip(COLOURS, tables):
        for row in rows:
            prov = session.state.provinces[row["province"]]
            assert (prov.owner, prov.armies) == (colour, row["armies"])


def test_three_players_leave_out_the_eight_marked_provinces():
    session = new(3)
    out = {"mutsu", "echigo", "awa-boso", "kazusa", "sanuki", "tosa", "izumo", "iwami"}
    assert not out & set(session.state.provinces)
    assert not out & set(session.state.deck + session.state.face_up)
    assert len(session.state.provinces) == 37


def test_the_draft_starts_with_the_oldest_player_and_goes_clockwise():
    session = new(3)
    order = []
    for _ in range(6):
        player = session.state.pending["player"]
        order.append(player)
        session.execute({"type": "draft_pick", "player": player, "take": "deck", "armies": 2})
    assert order == ["red", "blue", "yellow"] * 2


def test_a_face_up_card_taken_is_replaced_from_the_top_of_the_deck():
    session = new(3)
    taken, other = session.state.face_up
    top = session.state.deck[0]
    session.execute({"type": "draft_pick", "player": "red", "take": "face_up",
                     "province": taken, "armies": 5})
    assert sorted(session.state.face_up) == sorted([other, top])
    assert (session.state.provinces[taken].owner, session.state.provinces[taken].armies) == ("red", 5)


def test_new_face_up_cards_only_after_the_previous_player_took_the_top_card():
    """Rulebook note: if the previous player took the top card of the deck, the player may
    put both face-up cards under the deck and turn up two new ones."""
    session = new(3)
    with pytest.raises(RuleError) as refused:
        session.execute({"type": "draft_refresh", "player": "red"})
    assert refused.value.key == "draft.no_refresh"
    session.execute({"type": "draft_pick", "player": "red", "take": "deck", "armies": 5})
    old = list(session.state.face_up)
    top_two = session.state.deck[:2]
    session.execute({"type": "draft_refresh", "player": "blue"})
    assert session.state.face_up == top_two
    assert session.state.deck[-2:] == old


def test_a_player_places_only_the_army_groups_they_have():
    session = new(5)
    assert sorted(session.state.players["red"].groups) == [2, 2, 3, 3, 4, 4, 5]
    with pytest.raises(RuleError) as refused:
        session.execute({"type": "draft_pick", "player": "red", "take": "deck", "armies": 6})
    assert refused.value.key == "draft.no_such_group"


def test_only_the_player_whose_turn_it_is_drafts():
    session = new(3)
    with pytest.raises(RuleError) as refused:
        session.execute({"type": "draft_pick", "player": "blue", "take": "deck", "armies": 2})
    assert refused.value.key == "turn.not_yours"


def test_the_draft_ends_with_seven_to_nine_groups_each_then_the_tower_is_loaded():
    session = new(4)
    while session.state.phase == "draft":
        player = session.state.pending["player"]
        armies = session.state.players[player].groups[0]
        session.execute({"type": "draft_pick", "player": player, "take": "deck", "armies": armies})
    assert all(len(session.state.owned(c)) == 8 for c in COLOURS[:4])
    assert session.state.pending == {"kind": "tray", "battle": "seeding"}


def test_tower_seeding_throws_7_of_each_player_and_10_peasants_and_returns_the_tray():
    """Rulebook: throw 7 armies of each player and 10 peasants into the tower together; the
    armies that fall into the tray go back to their owners' supplies."""
    session = new(3, setup="recommended")
    thrown = {p["colour"]: p["n"] for p in session.state.battle["parts"]}
    assert thrown == {"red": 7, "blue": 7, "yellow": 7, "green": 10}
    supply = session.state.players["red"].supply
    session.execute({"type": "count_tray", "counts": {"red": 3, "green": 4}})
    assert session.state.players["red"].supply == supply + 3
    assert session.state.tower["red"] == 4 and session.state.tower["green"] == 6
    assert not any(session.state.tray.values())
    assert session.state.phase == "planning"


@pytest.mark.parametrize("players", [[], ["red"] * 3, ["red", "blue"], ["red", "blue", "pink"]])
def test_a_game_needs_three_to_five_players_of_distinct_colours(players):
    with pytest.raises(RuleError):
        Session.create(ShogunRules(), {"type": "create", "seed": 1,
                                       "players": [{"colour": c} for c in players]})


def test_a_corrected_board_file_can_be_loaded_for_one_game():
    raw = dict(load_catalog().board.raw)
    raw["provinces"] = [dict(p, tax=9) if p["id"] == "settsu" else p for p in raw["provinces"]]
    session = new(3, setup="recommended", board=raw)
    assert session.state.board.provinces["settsu"].tax == 9


def test_a_board_file_with_a_route_to_nowhere_is_refused_with_the_reason():
    raw = dict(load_catalog().board.raw)
    raw["adjacent"] = list(raw["adjacent"]) + [["settsu", "atlantis"]]
    with pytest.raises(DataError, match="atlantis"):
        board_from_dict(raw)
    with pytest.raises(RuleError) as refused:
        new(3, board=raw)
    assert refused.value.key == "setup.bad_board"


def test_sea_routes_count_as_adjacent_shima_and_izu():
    """Rulebook example: armies may move by the sea route between Shima and Izu."""
    board = load_catalog().board
    assert "izu" in board.neighbours["shima"] and "shima" in board.neighbours["izu"]


def test_the_first_year_shows_four_event_cards(table: Table):
    assert len(table.state.year_events) == 4
    assert len(table.state.event_deck) == 8
