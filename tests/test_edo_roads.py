"""The board's roads (D31-D34): told once per install, one form a place, kept as printed
values; once known, a move is a tap on where to go and «1 Рё в запас за каждый переход» is
counted by the game along the fewest steps; until then the player enters his steps (D3)."""
from __future__ import annotations

import pytest

from companion.engine import board
from companion.engine.game import Actor
from companion.errors import RuleError
from companion.games.edo import catalog, roads
from companion.games.edo.rules import GAME
from edo_table import EVERYTHING, NEIGHBOURS, ROADS, Table, blue_first, roads as told_roads


def mapped(players: int = 2, printed: dict | None = None, **kw) -> Table:
    """Blue about to turn up his first card, on the test box's board with its roads told
    (or with the ``printed`` values given)."""
    table = blue_first(players, printed={**EVERYTHING, **ROADS} if printed is None else printed, **kw)
    table.everyone_idle_but("blue")
    table.plan("blue", ("card1", "money", 0), ("card2", "develop", 0), ("card3", "build", 0))
    return table


def refused_move(table: Table, figure: str, to: str, **more) -> str:
    """The key of the refusal of ``figure``'s move to ``to``."""
    with pytest.raises(RuleError) as refused:
        table.do({"type": "move", "player": "blue", "figure": figure, "to": to, **more})
    return refused.value.key


def tell(table: Table) -> None:
    """The table taps each asked place's neighbours as the test box prints them."""
    while table.state.pending and table.state.pending["kind"] == "roads":
        place = table.state.pending["place"]
        near = [b for a, bs in NEIGHBOURS.items() for b in bs if a == place] + \
            [a for a, bs in NEIGHBOURS.items() if place in bs]
        table.do({"type": "roads", "place": place, "neighbours": near})


def test_the_roads_are_asked_one_place_at_a_time_after_the_set_up_values():
    """D31: the table taps the places one step from each place, Edo first."""
    table = Table(3, ask_roads=True)
    pending = table.state.pending
    assert (pending["kind"], pending["place"], pending["told"], pending["of"]) == ("roads", "edo", 0, 12)
    assert GAME.decision(table.state).table


def test_a_road_told_from_one_end_is_already_ticked_at_the_other():
    """D31: a road joins two places, whichever of them the table tells first."""
    table = Table(3, ask_roads=True)
    table.do({"type": "roads", "place": "edo", "neighbours": ["city1", "field1"]})
    assert (table.state.pending["place"], table.state.pending["ticked"]) == ("city1", ["edo"])


def test_a_places_roads_are_kept_for_the_install_as_printed_values():
    """D31: how many roads leave the place, and each road, kept like every value told."""
    table = Table(3, ask_roads=True)
    events = table.do({"type": "roads", "place": "edo", "neighbours": ["city1", "field1"]})
    told = next(e["values"] for e in events if e["type"] == "printed")
    assert told == {roads.count_key("small", "edo"): 2, roads.key("small", "city1", "edo"): "road",
                    roads.key("small", "edo", "field1"): "road"}


def test_a_road_taken_back_at_its_other_end_asks_the_first_place_again():
    """D31: the last tap wins; the place whose count no longer matches is asked again."""
    table = Table(3, ask_roads=True)
    table.do({"type": "roads", "place": "edo", "neighbours": ["city1", "field1"]})
    events = table.do({"type": "roads", "place": "city1", "neighbours": ["forest1"]})
    told = next(e["values"] for e in events if e["type"] == "printed")
    assert told[roads.key("small", "edo", "city1")] == "none"
    assert (table.state.pending["place"], table.state.pending["ticked"]) == ("edo", ["field1"])


def test_once_every_place_is_told_the_first_round_begins():
    table = Table(3, ask_roads=True)
    tell(table)
    assert table.state.phase == "planning" and roads.network(table.state)["edo"] == list(NEIGHBOURS["edo"])


def test_a_board_the_install_knows_asks_no_roads():
    """«once per install»: the next game on that side of the board starts planning."""
    table = Table(3, printed={**EVERYTHING, **ROADS}, ask_roads=True)
    assert table.state.pending is None and table.state.phase == "planning"


def test_the_roads_of_one_side_do_not_serve_the_other():
    """The board is double-sided: four players play the other side, whose roads are asked."""
    table = Table(4, printed={**EVERYTHING, **told_roads("small")}, ask_roads=True)
    assert table.state.pending["kind"] == "roads" and table.state.side == "large"


def test_a_place_is_not_its_own_neighbour_and_nothing_changes():
    table = Table(3, ask_roads=True)
    before = dict(table.state.printed)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "roads", "place": "edo", "neighbours": ["edo", "city1"]})
    assert refused.value.key == "edo.road_to_itself" and table.state.printed == before


def test_only_the_asked_places_roads_are_taken():
    table = Table(3, ask_roads=True)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "roads", "place": "city2", "neighbours": ["edo"]})
    assert refused.value.key == "edo.roads_of_other_place"


def test_a_neighbour_must_be_a_place_of_the_board():
    table = Table(3, ask_roads=True)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "roads", "place": "edo", "neighbours": ["city9"]})
    assert refused.value.key == "edo.unknown_location"


def test_a_phone_cannot_tell_the_roads():
    table = Table(3, ask_roads=True)
    with pytest.raises(RuleError):
        table.do({"type": "roads", "place": "edo", "neighbours": ["city1"]}, Actor.of_seat("blue"))


def test_the_table_may_count_this_games_steps_itself():
    """Playable from the first session: «later» starts the round; the roads stay unknown."""
    table = Table(3, ask_roads=True)
    table.do({"type": "roads_later"})
    assert table.state.phase == "planning" and roads.network(table.state) is None


def test_each_road_is_one_question_whichever_end_names_it():
    questions = catalog.questions()
    road = questions[roads.key("large", "post12", "edo")]
    assert road.key == roads.key("large", "edo", "post12") and road.options() == ["road", "none"]


def test_the_installs_page_lists_each_places_count_of_roads_not_every_pair():
    """The roads are tapped in the game; the install's page shows how many leave each place."""
    questions = catalog.questions()
    assert questions[roads.count_key("small", "city1")].listed
    assert not questions[roads.key("small", "edo", "city1")].listed


def test_a_samurai_pays_one_ryo_for_each_step_of_the_fewest():
    """«Игрок обязан заплатить 1 Рё в запас за каждый переход самурая»: Forest 1 to City 2
    is three steps (City 1, Edo): 3 ryo, counted by the game."""
    table = mapped()
    (a,) = table.samurai("blue", "forest1")
    table.do({"type": "move", "player": "blue", "figure": a, "to": "city2"})
    assert (table.state.players["blue"].ryo, table.state.players["blue"].samurai[a]) == (7, "city2")


def test_the_merchant_is_priced_by_the_roads_too():
    """«переместить фигурку торговца на любое количество переходов, заплатив 1 Рё в общий
    запас за каждый переход»: Edo to Forest 1, two steps."""
    table = mapped()
    table.do({"type": "move", "player": "blue", "figure": "merchant", "to": "forest1"})
    assert (table.state.merchant_at, table.state.players["blue"].ryo) == ("forest1", 8)


def test_steps_entered_by_hand_are_refused_once_the_roads_are_known():
    table = mapped()
    (a,) = table.samurai("blue", "forest1")
    assert refused_move(table, a, "city2", steps=1) == "edo.steps_counted"
    assert table.state.players["blue"].ryo == 10


def test_a_move_he_cannot_pay_for_is_refused_and_nothing_changes():
    """«Игрок обязан заплатить»: three steps with 2 ryo cannot be made."""
    table = mapped()
    (a,) = table.samurai("blue", "forest1")
    table.give("blue", ryo=-8)
    assert refused_move(table, a, "city2") == "edo.not_enough_ryo"
    assert table.state.players["blue"].samurai[a] == "forest1" and table.state.players["blue"].ryo == 2


def test_where_no_road_leads_no_move_is_made():
    cut = {place: near for place, near in NEIGHBOURS.items() if place != "city3"}
    table = mapped(printed={**EVERYTHING, **told_roads("small", cut)})
    (a,) = table.samurai("blue", "forest1")
    assert refused_move(table, a, "post4") == "edo.no_road"


def test_without_the_roads_the_player_enters_his_steps():
    """D3: until the roads are known, the steps are counted on the board and entered."""
    table = mapped(printed=EVERYTHING)
    (a,) = table.samurai("blue", "forest1")
    assert refused_move(table, a, "city2") == "edo.enter_steps"


def test_the_board_step_names_the_places_the_samurai_passes():
    """Each step shown on the table as an instruction for the board: from Forest 1 to City 2
    through City 1 and Edo; undone, the same way back."""
    table = mapped()
    (a,) = table.samurai("blue", "forest1")
    table.do({"type": "move", "player": "blue", "figure": a, "to": "city2"})
    [step] = board.steps_of(GAME, table.session.history, table.session.seq)
    [line] = [line for line in step.lines if line["icon"] == "samurai"]
    assert (line["key"], line["params"]["provinces"], line["places"]) == \
        ("edo.board.moved_via", ["city1", "edo"], ["forest1", "city1", "edo", "city2"])
    [back] = [line for group in GAME.undo_steps([{"player": step.player, "lines": list(step.lines)}])
              for line in group["lines"] if line["icon"] == "samurai"]
    assert back["params"]["provinces"] == ["edo", "city1"] and back["places"][0] == "city2"


def test_travel_moves_stay_free_and_any_distance_on_a_known_board():
    """D33: «Передвинуть до 2 своих самураев на игровом поле в новые локации»: the roads do
    not limit Travel's moves, nor make them cost."""
    table = blue_first(printed={**EVERYTHING, **ROADS})
    table.everyone_idle_but("blue")
    table.plan("blue", ("card1", "travel", 1), ("card2", "develop", 0), ("card3", "build", 0))
    (a,) = table.samurai("blue", "forest1")
    table.do({"type": "reveal", "player": "blue"})
    table.do({"type": "act", "player": "blue", "moves": [{"samurai": a, "to": "post4"}]})
    assert (table.state.players["blue"].samurai[a], table.state.players["blue"].ryo) == ("post4", 10)


def test_in_referee_mode_the_roads_price_moves_all_the_same():
    """D34: referee mode is about what production, building and trade yield, not the board."""
    table = mapped(referee=True)
    (a,) = table.samurai("blue", "forest1")
    table.do({"type": "move", "player": "blue", "figure": a, "to": "city2"})
    assert table.state.players["blue"].ryo == 7
