"""The end of the game as the table and the phones show it: the ranking, and the last
winter's points player by player, so the group sees how the final score was made. Rulebook:
"Игра заканчивается после 2-го зимнего раунда финальным подсчётом ПО"."""
from __future__ import annotations

from driving import next_command


def played_to_the_end(table, game: str) -> dict:
    for _ in range(400):
        view = table.get(f"/api/games/{game}/view").json
        if view["result"]:
            return view
        r = table.post(f"/api/games/{game}/commands", json=next_command(view))
        assert r.status_code == 200, r.json
    raise AssertionError("no end within 400 commands")


def test_the_ranking_and_the_second_winters_points_are_on_the_table_and_every_phone(table, game, phone):
    view = played_to_the_end(table, game)
    page = table.get(f"/table/{game}").get_data(as_text=True)
    blue = phone("blue")
    hand = blue.client.get(f"/hand/{game}/{blue.token}").get_data(as_text=True)
    for shown in (page, hand):
        assert '<ol class="ranking">' in shown
        assert "Подсчёт очков, год 2" in shown
        assert shown.count('<table class="scoring">') == 1
    assert len(view["result"]["ranking"]) == 3
