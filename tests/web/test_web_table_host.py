"""The host's table-wide actions and the tray controls on the tablet."""
from __future__ import annotations

from web_devices import PIN


def test_the_host_ends_the_game_with_the_pin_and_undo_brings_it_back(table, game):
    r = table.post(f"/api/games/{game}/end", json={"pin": PIN})
    assert r.status_code == 200, r.json
    assert table.get(f"/api/games/{game}/view").json["result"]["early"] is True
    r = table.post(f"/api/games/{game}/undo", json={"pin": PIN})
    assert r.status_code == 200, r.json
    assert table.get(f"/api/games/{game}/view").json["result"] is None


def test_ending_the_game_without_the_pin_is_refused_and_changes_nothing(table, game):
    before = table.get(f"/api/games/{game}/view").json
    r = table.post(f"/api/games/{game}/end", json={"pin": "0000"})
    assert (r.status_code, r.json["error"]["key"]) == (403, "host.bad_pin")
    r = table.post(f"/api/games/{game}/commands", json={"type": "end_game"})
    assert (r.status_code, r.json["error"]["key"]) == (403, "host.bad_pin")
    assert table.get(f"/api/games/{game}/view").json == before


def test_a_phone_cannot_end_the_game(phone, game):
    red = phone("red")
    r = red.send({"type": "end_game"})
    assert r.status_code == 403


def test_cubes_that_fell_out_are_put_in_the_tray_from_the_table(table, game):
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert "data-fell-confirm" in page
    inside = table.get(f"/api/games/{game}/view").json["tower"]
    colour = next(iter(inside))
    r = table.post(f"/api/games/{game}/commands",
                   json={"type": "cubes_fell", "counts": {colour: 1}})
    assert r.status_code == 200, r.json
    assert table.get(f"/api/games/{game}/view").json["tray"] == {colour: 1}


def test_a_phone_cannot_report_cubes_falling(phone, game):
    r = phone("red").send({"type": "cubes_fell", "counts": {"red": 1}})
    assert r.status_code == 403


def test_players_level_on_points_and_chests_share_their_place_at_the_end(table, game):
    """Rulebook: the most points wins; on a tie, the player with more chests. Players level on
    both are tied: the table ranks them 1, 1, 1, not 1, 2, 3."""
    assert table.post(f"/api/games/{game}/end", json={"pin": PIN}).status_code == 200
    page = table.get(f"/table/{game}").get_data(as_text=True)
    ranking = page.split('<ol class="ranking">', 1)[1].split("</ol>", 1)[0]
    assert ranking.count('<li value="1">') == 3
