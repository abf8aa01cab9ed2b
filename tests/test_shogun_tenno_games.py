"""Whole games with Tenno's Court (alone and with the Samurai and the Generals): replayed
identically, played to the end by the random players and the command line with every cube
and official accounted for, every log line readable in each language, every palace step
drawn, and the exchange cells secret from every other device until the palace."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.engine import find_game
from companion.engine.board import steps_of
from companion.games.shogun.simulate import play_game
from log_lines import assert_every_line_reads
from replaying import played_and_reopened, view_digests
from tenno_table import TennoTable

GAME = find_game("shogun")


def test_a_saved_tenno_game_replays_to_the_same_views(tmp_path: Path):
    played, reopened = played_and_reopened(tmp_path / "games.sqlite3", "draft", ("tenno",))
    assert any(n["key"] == "tenno.took" for n in played.state.log)
    assert reopened.history == played.history
    assert view_digests(GAME, reopened.history) == view_digests(GAME, played.history)


@pytest.mark.parametrize("expansions", [("tenno",), ("tenno", "samurai", "generals")],
                         ids=["tenno", "tenno+samurai+generals"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_players_finish_tenno_games_with_cubes_and_officials_accounted_for(players,
                                                                                 expansions):
    """``check=True``: cubes conserved, each player's seven officials in the supply or the
    two halls, after every command."""
    for seed in range(3):
        for setup in ("draft", "recommended"):
            state = play_game(players, 800 + seed, setup, expansions=expansions,
                              check=True).session.state
            assert state.phase == "over"
            assert all(sum(h.values()) == 7 for h in state.tenno.officials.values())


def test_every_tenno_log_line_reads_in_each_language():
    states = [play_game(p, 60 + p, setup, expansions=("tenno",)).session.state
              for p in (3, 4, 5) for setup in ("draft", "recommended")]
    keys = {n["key"] for s in states for n in s.log if n["key"].startswith("tenno.")}
    assert {"tenno.seeded", "tenno.laid_out", "tenno.exchanged_province", "tenno.exchanged_tray",
            "tenno.favour_order", "tenno.took", "tenno.favour_gain"} <= keys
    assert_every_line_reads(states, "tenno.")


def test_the_exchanges_are_board_steps_for_their_player():
    """«он должен вытащить из поддона башни сражений (осторожно!) столько своих армий ... Затем
    он берёт из личного запаса столько же чиновников и размещает их в зале ожидания»."""
    table = TennoTable()
    table.arrange({"type": "cubes", "colour": "yellow", "n": 2, "from": "supply", "to": "tray"})
    table.give("kai", "yellow", armies=4)
    table.to_the_palace(courts={"yellow": {"3": "kai", "2": "official"}})
    steps = steps_of(GAME, table.session.history, table.session.seq)
    yellow = [(line["key"], line["params"]) for s in steps if s.player == "yellow" for line in s.lines]
    assert yellow[:4] == [("board.remove", {"player": "yellow", "n": 3, "province": "kai"}),
                          ("board.officials_supply_waiting", {"player": "yellow", "n": 3}),
                          ("board.hand_take_out", {"player": "yellow", "n": 2, "counts": {"yellow": 2},
                                                   "cause": "official", "card": None}),
                          ("board.officials_supply_waiting", {"player": "yellow", "n": 2})]


def test_every_palace_step_has_its_picture():
    css = Path("companion/games/shogun/web/static/game.css").read_text("utf-8")
    for icon in ("official", "favour"):
        assert re.search(rf"\.steplines \.i-{icon} \.icon \{{ background-image", css)


def test_the_exchange_cells_are_no_other_devices_business_before_the_palace():
    """The extra board's cards lie face down until «Игроки в порядке очередности хода
    открывают карты на своих дополнительных планшетах»: before, no view but the owner's
    holds them, nor any word of them; after step 1 every view does."""
    table = TennoTable()
    table.set_round()
    table.do({"type": "plan", "player": "yellow", "actions": {}, "bid": {"chests": 0},
              "court": {"3": "kai", "1": "official"}})
    for viewer in (None, "blue", "red", "purple"):
        seen = json.dumps(GAME.view(table.state, viewer), ensure_ascii=False)
        assert '"court"' not in seen and '"official"' not in seen
    own = next(p for p in GAME.view(table.state, "yellow")["players"] if p["colour"] == "yellow")
    assert own["plan"]["court"] == {"3": "kai", "1": "official"}
    for colour in ("blue", "red", "purple"):
        table.do({"type": "plan", "player": colour, "actions": {}, "bid": {"chests": 0}})
    while table.state.pending["kind"] == "special":
        pending = table.state.pending
        table.do({"type": "choose_special", "player": pending["player"], "slot": min(pending["free"])})
    for viewer in (None, "blue"):
        theirs = next(p for p in GAME.view(table.state, viewer)["players"] if p["colour"] == "yellow")
        assert theirs["plan"]["court"] == {"3": "kai", "1": "official"}
