"""The Dajokan on the web: the new-game form offers it, the table shows the council's grid,
the region leader's phone exchanges a face-up ministry token for a marker, and the end
shows every row and column as it was scored."""
from __future__ import annotations

import re
from typing import Any

from companion.engine import EventStore, Session, find_game
from companion.games.shogun import dajokan
from companion.games.shogun.simulate import play_game
from expansion_games import client_past_the_specials, commands_on, made_with_the_form
from web_devices import Phone


def send(table: Any, game: str, command: dict[str, Any]) -> dict[str, Any]:
    r = table.post(f"/api/games/{game}/commands", json=command)
    assert r.status_code == 200, r.json
    return table.get(f"/api/games/{game}/view").json


def tell_the_board(table: Any, game: str) -> dict[str, Any]:
    """The table answers the board's questions: 6 rows, every line printed 2."""
    view = send(table, game, {"type": "printed", "values": {"dajokan.rows": 6}})
    return send(table, game, {"type": "printed", "values": {
        q["key"]: 2 for q in view["pending"]["questions"]}})


def to_the_first_claim(table: Any) -> tuple[str, dict[str, Any]]:
    """A Dajokan game made by the form on a new install, its board told, nothing planned in
    spring, up to the first region leader's claim."""
    game = made_with_the_form(table, expansion_dajokan="1")
    send(table, game, {"type": "count_tray", "counts": {}})
    tell_the_board(table, game)
    client_past_the_specials(table, game)
    return game, table.get(f"/api/games/{game}/view").json


def test_the_form_offers_the_dajokan_unticked(table):
    page = table.get("/new/shogun", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    box = re.search(r'<input type="checkbox" name="expansion_dajokan"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    assert "«Дадзёкан»" in page


def test_the_table_is_asked_for_the_boards_rows_in_its_language(table):
    """The grid is printed on the board, not in the text: a new install's table is asked
    how many rows it has, with only the grids 36 tokens fill."""
    game = made_with_the_form(table, expansion_dajokan="1")
    view = send(table, game, {"type": "count_tray", "counts": {}})
    assert [q["key"] for q in view["pending"]["questions"]] == ["dajokan.rows"]
    page = table.get(f"/table/{game}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Планшет Дадзёкана: сколько на нём рядов ячеек?" in page
    options = re.search(r'<select name="dajokan.rows".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="(\d+)"', options) == ["3", "4", "6", "9", "12"]


def test_the_region_leaders_phone_exchanges_a_face_up_token_for_a_marker(app, table):
    """«Этот игрок может обменять 1 из жетонов ведомств, лежащих на планшете Дадзёкана
    лицевой стороной вверх, на свой маркер игрока»: the leader's phone offers the six
    face-up cells and "no exchange"; another phone cannot answer; the table's grid then
    shows the leader's marker in that cell."""
    game, view = to_the_first_claim(table)
    pending = view["pending"]
    assert pending["kind"] == "dajokan"
    up = sorted(c for c, held in view["dajokan"]["cells"].items() if held == "up")
    assert pending["cells"] == up and len(up) == 6
    leader = pending["player"]
    other = next(c for c in view["seating"] if c != leader)
    mine, theirs = Phone(app, game, leader), Phone(app, game, other)
    text = mine.client.get(f"/hand/{game}/{mine.token}",
                           headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert f'data-dajokan-claim="{leader}"' in text and "Не обменивать" in text
    offered = [c["cell"] for c in commands_on(text) if c["type"] == "dajokan"]
    assert sorted(offered) == sorted([*up, "none"])
    assert theirs.send({"type": "dajokan", "player": leader, "cell": up[0]}).status_code >= 400
    r = mine.send({"type": "dajokan", "player": leader, "cell": up[0]})
    assert r.status_code == 200, r.json
    table.set_cookie("lang", "cs")
    page = table.get(f"/table/{game}").get_data(as_text=True)
    assert f'data-cell="{up[0]}" data-held="{leader}"' in page
    assert "Dadžókan" in page


def test_the_end_explains_every_row_and_column_and_each_players_sum(table, db):
    """«игроки получают ПО за каждый ряд и столбец на планшете Дадзёкана, в котором их
    маркеров больше, чем маркеров соперников»: the result lists each line with its markers
    and who scored, and each player's sum as the log has it."""
    store = EventStore(db)
    try:
        played = play_game(3, 11, "recommended", expansions=("dajokan",),
                           session_factory=lambda c: Session.create(find_game("shogun"), c, store))
    finally:
        store.close()
    state = played.session.state
    lines = [n["params"] for n in state.log if n["key"] == "dajokan.line"]
    totals = {n["params"]["player"]: n["params"] for n in state.log if n["key"] == "dajokan.scored"}
    table.set_cookie("lang", "ru")
    page = table.get(f"/table/{played.session.game_id}").get_data(as_text=True)
    assert "Дадзёкан: ряды и столбцы" in page
    rows, columns = dajokan.shape(state)
    assert page.count("<tr data-line=") == len(lines) == rows + columns
    for colour, row in totals.items():
        shown = re.search(r'<tr data-dajokan-total="' + colour + r'">(.*?)</tr>', page, re.S).group(1)
        assert f"{row['terms']} = <b>{row['total']}</b>" in shown


def test_the_next_game_of_the_install_knows_the_board_and_asks_nothing(table):
    """The board told once is remembered for the install: the next Dajokan game made by the
    form draws its first tokens at once."""
    first = made_with_the_form(table, expansion_dajokan="1")
    send(table, first, {"type": "count_tray", "counts": {}})
    tell_the_board(table, first)
    second = made_with_the_form(table, expansion_dajokan="1")
    view = send(table, second, {"type": "count_tray", "counts": {}})
    assert view["pending"]["kind"] == "plans"
    assert (view["dajokan"]["rows"], view["dajokan"]["columns"]) == (6, 6)
    assert list(view["dajokan"]["cells"].values()) == ["up"] * 6
