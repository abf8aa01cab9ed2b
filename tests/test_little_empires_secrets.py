"""What stays behind a player's screen («За ширмами вы будете скрывать жетоны приказов,
бусидо и пищи»): his destiny hand and the card he chose until all turn up together, what
his face-down tokens are, which tokens he has left, his food and bushido until the final
count. Neither the table's view nor another seat's holds any of it."""
from __future__ import annotations

import json

from companion.engine import board
from companion.games.little_empires.rules import GAME
from little_empires_table import Table, play_round


def seen(table: Table, seat: str | None) -> dict:
    return GAME.view(table.state, seat)


def others(table: Table, seat: str) -> list[dict]:
    return [seen(table, None)] + [seen(table, s) for s in table.state.seating if s != seat]


def test_a_destiny_hand_is_seen_only_by_its_holder():
    table = Table(3)
    red = table.state.players["red"]
    assert [c["card"] for c in seen(table, "red")["me"]["hand"]] == red.hand
    for view in others(table, "red"):
        assert view["me"] is None or view["me"]["hand"] != seen(table, "red")["me"]["hand"]
        assert not any(card in json.dumps(view["me"]) for card in red.hand if view["me"])


def test_a_chosen_destiny_card_is_secret_until_all_turn_up_together():
    """«выкладывает её лицевой стороной вниз. Затем все игроки одновременно открывают»."""
    table = Table(3)
    first = table.state.order[0]
    card = table.state.players[first].hand[1]
    table.do({"type": "destiny", "player": first, "card": card})
    assert seen(table, first)["me"]["chosen"] == card
    for view in others(table, first):
        assert next(p for p in view["players"] if p["seat"] == first)["chosen"] is True
        assert view["played"] == [] and (view["me"] is None or view["me"]["chosen"] is None)
    for seat in table.state.order[1:]:
        table.do({"type": "destiny", "player": seat, "card": table.state.players[seat].hand[0]})
    assert card in [c["card"] for c in seen(table, None)["played"]]


def test_a_face_down_token_shows_the_others_only_its_colour_and_cell():
    """«жетоны приказов лицевой стороной вниз»: the table reads "a red token in cell 3"."""
    table = Table(3)
    table.choose_destiny()
    first = table.state.order[0]
    table.place(first, 3, "castle")
    assert seen(table, first)["cells"][2] == [{"owner": first, "round": 1, "face_up": False, "kind": "castle"}]
    for view in others(table, first):
        assert view["cells"][2] == [{"owner": first, "round": 1, "face_up": False, "kind": None}]
        assert "castle" not in json.dumps(view["log"])


def test_the_board_step_of_a_placed_token_does_not_name_it():
    table = Table(3)
    table.choose_destiny()
    table.place(table.state.order[0], 3, "castle")
    steps = board.steps_of(GAME, table.session.history, table.session.seq)
    assert steps and "castle" not in json.dumps([step.lines for step in steps])


def test_the_tokens_left_behind_a_screen_are_seen_only_by_their_owner():
    table = Table(3)
    table.choose_destiny()
    assert seen(table, "red")["me"]["tokens"] == table.state.players["red"].tokens
    for view in others(table, "red"):
        assert "tokens" not in next(p for p in view["players"] if p["seat"] == "red")


def test_food_and_bushido_never_reach_the_table_until_the_final_count():
    table = Table(2, seats=("red", "blue"))
    table.give("red", food=5, bushido=4)
    assert (seen(table, "red")["me"]["food"], seen(table, "red")["me"]["bushido"]) == (7, 6)
    for view in others(table, "red"):
        text = json.dumps({k: v for k, v in view.items() if k != "me"})
        assert '"food": 7' not in text and '"bushido": 6' not in text
        assert view["me"] is None or view["me"]["food"] != 7
    for _ in range(6):
        play_round(table)
    red = next(line for line in seen(table, None)["result"]["players"] if line["seat"] == "red")
    assert (red["food"], red["bushido"]) == (table.state.players["red"].food, table.state.players["red"].bushido)


def test_a_revealed_token_is_public_and_cannot_be_undone():
    """Once turned up, nobody can unsee it: the command that turned it up is not undoable."""
    table = Table(2)
    table.choose_destiny()
    a, b = table.state.order
    for n, seat in enumerate([a, b] * 4):
        events = table.place(seat, n + 1, ("recruit", "recruit", "move3", "move3", "castle", "castle", "attack", "attack")[n])
    assert seen(table, None)["cells"][0][0]["kind"] == "recruit"
    assert not GAME.undoable(events)
