"""The trade tokens on each player's board, counted so the title for trophies and trade tokens
is worked out, and with the map tracked the title for cities with 3+ influence."""
from __future__ import annotations

import pytest

from companion.errors import RuleError
from ivan_table import Table


def in_turn(influence: str = "entered") -> Table:
    table = Table(3, influence=influence, keep=False)
    table.chambers(("white", "grants", 0), turn="white")
    return table


def take(table: Table, seat: str = "white") -> None:
    table.do({"type": "effect", "player": seat, "source": "trade_token", "coins": 1, "taken": True})


def test_a_token_taken_goes_onto_the_board():
    """«Когда вы получаете торговый жетон, положите его в любую круглую ячейку на своём планшете»."""
    table = in_turn()
    take(table)
    assert table.state.players["white"].tokens == 1


def test_a_full_board_discards_a_token_for_the_new_one():
    """«Если все круглые ячейки на планшете заняты, сбросьте любой жетон, прежде чем класть новый»."""
    table = in_turn()
    for _ in range(6):
        take(table)
    assert table.state.players["white"].tokens == 5
    assert "ivan.token_discarded_full" in table.notes()


def test_only_a_trade_token_is_taken_onto_the_board():
    """«положите его в любую круглую ячейку»: an estate is not a token."""
    table = in_turn()
    table.events({"type": "cards", "player": "white", "estates": 1})
    with pytest.raises(RuleError) as refused:
        table.do({"type": "effect", "player": "white", "source": "estate", "taken": True})
    assert refused.value.key == "ivan.only_tokens_taken"


def test_two_tokens_discarded_for_a_project_leave_the_board():
    """«сбросьте 2 торговых жетона с планшета, чтобы взять на руку 1 проект»."""
    table = in_turn()
    take(table)
    take(table)
    table.do({"type": "tokens_for_project", "player": "white", "kind": "trade", "source": "deck"})
    assert table.state.players["white"].tokens == 0 and table.state.players["white"].hand == ["trade"]


def test_no_project_for_tokens_the_board_does_not_hold():
    """«сбросьте 2 торговых жетона с планшета»: the printed effects are not tokens."""
    table = in_turn()
    take(table)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "tokens_for_project", "player": "white", "kind": "trade", "source": "deck"})
    assert refused.value.key == "ivan.two_tokens_needed" and refused.value.params["held"] == 1


def scoring(table: Table) -> None:
    table.events({"type": "turn", "turn": None}, {"type": "scored", "scored": {str(table.state.decade): []}},
                 {"type": "phase", "phase": "titles"})


def test_the_title_for_trophies_and_tokens_counts_both():
    """«Игрок получает столько очков, сколько общее количество жетонов трофеев у него в запасе и
    торговых жетонов на его планшете»."""
    table = in_turn()
    take(table)
    take(table)
    table.events({"type": "pieces", "player": "white", "trophies": 1})
    scoring(table)
    vp = table.state.players["white"].vp
    table.do({"type": "titles", "known": {"white": [{"per": "trophies_tokens", "vp": 1}]}})
    assert table.state.players["white"].vp_by["titles"] == 3
    assert table.state.players["white"].vp >= vp + 3


def test_the_title_for_cities_with_three_influence_counts_from_the_map():
    """«Влияние в городах определяется так же, как в регионах: воины дают по одному очку
    влияния, бояре и здания — по два»: a warrior and a building make 3, two warriors do not."""
    table = in_turn("map")
    table.pieces("white", "moscow", warrior=1, building=1)
    table.pieces("white", "kursk", warrior=2)
    scoring(table)
    table.do({"type": "titles", "known": {"white": [{"per": "cities", "vp": 2}]}})
    assert table.state.players["white"].vp_by["titles"] == 2


def test_without_the_map_the_title_for_cities_asks_the_count_not_the_points():
    """Without the map the cities' influence is not known: the table enters how many cities,
    the game gives the points («Влияние в городах определяется так же, как в регионах»)."""
    table = in_turn()
    scoring(table)
    with pytest.raises(RuleError) as refused:
        table.do({"type": "titles", "known": {"white": [{"per": "cities", "vp": 2}]}})
    assert refused.value.key == "ivan.title_count_needed"
    table.do({"type": "titles", "known": {"white": [{"per": "cities", "vp": 2, "count": 3}]}})
    assert table.state.players["white"].vp_by["titles"] == 6
