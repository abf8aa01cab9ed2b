"""The SQLite event store and the session's persistence: reopening, refusals, concurrent
writers, the game list, undo, and replay of recorded games.

Every test uses a real SQLite file in tmp_path and real Shogun games.
"""
from __future__ import annotations

import random
import sqlite3

import pytest

from companion.engine import EventStore, Session
from companion.engine.store import Repeated, StaleWrite
from companion.errors import RuleError
from companion.games.shogun import agent
from companion.games.shogun.battle import throw_of
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.simulate import play_game
from companion.kits.tower.simulated import SimulatedTower

RULES = ShogunRules()
COLOURS = ("red", "blue", "yellow")
# The recommended set-up loads the tower first; nothing fell into the tray.
SEEDING_COUNT = {"type": "count_tray", "counts": {}}
NO_BID = {"chests": 0}


# -- helpers ----------------------------------------------------------------------------

def create_command(seed: int = 1, setup: str = "recommended",
                   players: tuple[str, ...] = COLOURS) -> dict:
    return {"type": "create", "seed": seed, "setup": setup,
            "players": [{"colour": c} for c in players]}


def new_game(db, **kw) -> Session:
    return Session.create(RULES, create_command(**kw), EventStore(db))


def reopen(db, game_id: str) -> Session:
    """What a restarted server does: a new connection and a session replayed from it."""
    return Session(ShogunRules(), EventStore(db), game_id)


def rows(db, game_id: str) -> int:
    """Commands stored for the game, counted with a connection of our own."""
    con = sqlite3.connect(str(db))
    try:
        return con.execute("SELECT COUNT(*) FROM commands WHERE game_id = ?",
                           (game_id,)).fetchone()[0]
    finally:
        con.close()


def views(session: Session) -> dict:
    """Every view of the game: the table's and each player's."""
    state = session.state
    return {viewer: RULES.view(state, viewer) for viewer in [None, *state.seating]}


def plan(player: str, actions: dict | None = None, bid: dict | None = NO_BID) -> dict:
    return {"type": "plan", "player": player, "actions": actions or {}, "bid": bid}


class Driver:
    """Random legal play with the simulated tower, as simulate.play_game plays."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.tower = SimulatedTower(seed=seed)

    def command(self, state) -> dict:
        if state.pending["kind"] == "tray":
            throw = throw_of(state.battle)
            return {"type": "count_tray", "counts": self.tower.drop(throw.thrown, throw.inside)}
        return agent.choose(state, self.rng)


def play_stored(db, players: int, seed: int, setup: str | None = None) -> Session:
    """A complete simulated game whose every command went into the store at ``db``."""
    store = EventStore(db)
    played = play_game(players, seed, setup,
                       session_factory=lambda create: Session.create(RULES, create, store))
    return played.session


def play_until(session: Session, driver: Driver, stop, limit: int = 5000) -> dict:
    """Send random legal commands until ``stop(state_before, command)``; returns that command
    after sending it."""
    for _ in range(limit):
        state = session.state
        assert state.phase != "over", "the game ended before the position was reached"
        command = driver.command(state)
        hit = stop(state, command)
        session.execute(command)
        if hit:
            return command
    raise AssertionError("position not reached")


def first_battle_count(state, command) -> bool:
    return (command["type"] == "count_tray" and state.battle is not None
            and state.battle["kind"] == "attack")


# -- reopening ---------------------------------------------------------------------------

def test_a_reopened_finished_game_has_the_same_views_and_history(tmp_path):
    db = tmp_path / "games.sqlite3"
    live = play_stored(db, players=4, seed=21)
    again = reopen(db, live.game_id)
    assert again.state.phase == "over"
    assert views(again) == views(live)
    assert again.history == live.history
    assert again.seq == live.seq


@pytest.mark.parametrize("commands", [1, 2, 3, 25, 70])
def test_a_game_reopened_mid_play_has_the_same_views_and_history(tmp_path, commands):
    db = tmp_path / "games.sqlite3"
    live = new_game(db, seed=5, setup="draft")
    driver = Driver(5)
    while live.seq < commands:
        live.execute(driver.command(live.state))
    again = reopen(db, live.game_id)
    assert again.seq == commands
    assert views(again) == views(live)
    assert again.history == live.history


def test_a_reopened_game_plays_on_exactly_like_the_live_one(tmp_path):
    db = tmp_path / "games.sqlite3"
    live = new_game(db, seed=8)
    driver = Driver(8)
    for _ in range(30):
        live.execute(driver.command(live.state))
    again = reopen(db, live.game_id)
    twin = Session.replay(RULES, live.history, live.draws)  # the live game, carried on in memory
    for _ in range(40):
        command = driver.command(twin.state)
        assert again.execute(command) == twin.execute(command)
    assert views(again) == views(twin)


@pytest.mark.parametrize("players,setup,seed", [(3, "draft", 31), (4, "recommended", 32),
                                                (5, "draft", 33)])
def test_the_live_history_stays_equal_to_the_stored_events(tmp_path, players, setup, seed):
    """The fold must not change the events it reads (a list taken from an event and later
    changed in the state would rewrite history in memory, and undo would replay it wrong)."""
    db = tmp_path / "games.sqlite3"
    live = play_stored(db, players, seed, setup)
    stored = [record.events for record in EventStore(db).commands(live.game_id)]
    assert live.history == stored


# -- refusals ----------------------------------------------------------------------------

REFUSED = {
    "unknown command": ({"type": "shuffle"}, "command.unknown"),
    "malformed command": ({"type": "plan", "player": "red", "actions": {}, "bid": NO_BID,
                           "extra": 1}, "command.bad_field"),
    "out of phase": ({"type": "choose_special", "player": "red", "slot": 1}, "phase.not_now"),
    "not the player's province": (plan("red", {"taxes": "yamato"}), "plan.not_your_province"),
    "no such bid card": (plan("red", bid={"chests": 5}), "plan.bad_bid"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_refused_command_stores_nothing(tmp_path, name):
    command, key = REFUSED[name]
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    session.execute(SEEDING_COUNT)
    before_rows = rows(db, session.game_id)
    before = views(session)
    seq = session.seq
    with pytest.raises(RuleError) as err:
        session.execute(command)
    assert err.value.key == key
    assert rows(db, session.game_id) == before_rows
    assert session.seq == seq
    assert views(session) == before
    assert views(reopen(db, session.game_id)) == before


def test_an_impossible_tray_count_stores_nothing(tmp_path):
    """Seven red cubes went into the tower: eight cannot come out."""
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    before = views(session)
    with pytest.raises(RuleError) as err:
        session.execute({"type": "count_tray", "counts": {"red": 8}})
    assert err.value.key == "tray.impossible"
    assert rows(db, session.game_id) == 1
    assert views(session) == before
    assert views(reopen(db, session.game_id)) == before


def test_a_refused_creation_stores_no_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    with pytest.raises(RuleError) as err:
        Session.create(RULES, create_command(players=("red", "blue")), store)
    assert err.value.key == "setup.player_count"
    assert store.games() == []


# -- two writers -------------------------------------------------------------------------

def test_the_second_of_two_writers_on_one_game_is_refused_with_stale_write(tmp_path):
    db = tmp_path / "games.sqlite3"
    first = new_game(db)
    second = reopen(db, first.game_id)
    first.execute(SEEDING_COUNT)
    with pytest.raises(StaleWrite):
        second.execute(SEEDING_COUNT)
    assert rows(db, first.game_id) == 2
    stored = [r.events for r in EventStore(db).commands(first.game_id)]
    assert stored == first.history
    assert views(reopen(db, first.game_id)) == views(first)


def test_after_a_stale_write_the_session_holds_the_stored_game_and_can_go_on(tmp_path):
    db = tmp_path / "games.sqlite3"
    first = new_game(db)
    second = reopen(db, first.game_id)
    first.execute(SEEDING_COUNT)
    with pytest.raises(StaleWrite):
        second.execute(SEEDING_COUNT)
    assert second.seq == 2
    assert views(second) == views(first)
    second.execute(plan("red"))
    with pytest.raises(StaleWrite):
        first.execute(plan("blue"))
    assert views(reopen(db, first.game_id)) == views(second)


def test_a_stale_session_cannot_undo_a_command_it_never_saw(tmp_path):
    db = tmp_path / "games.sqlite3"
    first = new_game(db)
    first.execute(SEEDING_COUNT)
    first.execute(plan("red"))
    first.execute(plan("blue"))
    stale = reopen(db, first.game_id)
    first.execute(plan("yellow"))  # the last plan: the bids are revealed
    assert first.state.bids is not None
    with pytest.raises(StaleWrite):
        stale.undo()
    assert rows(db, first.game_id) == 5
    assert reopen(db, first.game_id).state.bids is not None


@pytest.fixture
def locked(tmp_path):
    """A game whose file another connection holds the write lock on."""
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    # Wait 0.1 s for the lock instead of sqlite3's default 5 s (only to keep the test short).
    session.store._db.execute("PRAGMA busy_timeout = 100")
    other = sqlite3.connect(str(db), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield db, session, other
    other.close()


def test_a_command_the_locked_file_cannot_take_changes_nothing_and_can_be_sent_again(locked):
    db, session, other = locked
    before = views(session)
    with pytest.raises(sqlite3.OperationalError):
        session.execute(SEEDING_COUNT)
    assert session.seq == 1
    assert views(session) == before
    other.execute("ROLLBACK")
    session.execute(SEEDING_COUNT)
    assert rows(db, session.game_id) == 2
    assert views(reopen(db, session.game_id)) == views(session)


def test_a_locked_file_is_reported_as_locked(locked):
    db, session, other = locked
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        session.execute(SEEDING_COUNT)


# -- the game list -----------------------------------------------------------------------

def test_the_game_list_shows_every_game_with_its_summary(tmp_path):
    db = tmp_path / "games.sqlite3"
    waiting = new_game(db, seed=1)
    waiting.execute(SEEDING_COUNT)
    waiting.execute(plan("red"))
    drafting = Session.create(RULES, {"type": "create", "seed": 2, "setup": "draft",
                                      "players": [{"colour": "blue", "name": "Aiko"},
                                                  {"colour": "red", "name": "Ben"},
                                                  {"colour": "black", "name": "Chie"},
                                                  {"colour": "purple", "name": "Dan"}]},
                              EventStore(db))
    finished = play_stored(db, players=5, seed=3)

    games = {g.id: g for g in EventStore(db).games()}
    assert set(games) == {waiting.game_id, drafting.game_id, finished.game_id}
    assert {g.game for g in games.values()} == {"shogun"}
    assert games[waiting.game_id].commands == 3
    assert games[drafting.game_id].commands == 1
    assert games[finished.game_id].commands == finished.seq

    assert games[waiting.game_id].summary == {
        "phase": "planning", "year": 1, "season": 0, "result": None,
        "players": [{"seat": c, "colour": c, "name": c, "score": 0} for c in COLOURS]}
    assert games[drafting.game_id].summary["phase"] == "draft"
    assert games[drafting.game_id].summary["players"] == [
        {"seat": "blue", "colour": "blue", "name": "Aiko", "score": 0},
        {"seat": "red", "colour": "red", "name": "Ben", "score": 0},
        {"seat": "black", "colour": "black", "name": "Chie", "score": 0},
        {"seat": "purple", "colour": "purple", "name": "Dan", "score": 0}]
    done = games[finished.game_id].summary
    assert done["phase"] == "over"
    assert done["result"] == finished.state.result
    assert [p["score"] for p in done["players"]] == [
        finished.state.players[c].score for c in finished.state.seating]


def test_one_game_is_found_by_its_id(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    record = EventStore(db).game(session.game_id)
    assert (record.id, record.commands, record.summary["phase"]) == (session.game_id, 1, "seeding")
    assert EventStore(db).game("nosuchgame") is None


# -- undo --------------------------------------------------------------------------------

def test_undo_drops_exactly_the_last_stored_command(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    session.execute(SEEDING_COUNT)
    session.execute(plan("red", {"taxes": "owari"}, {"chests": 2}))
    before = [r for r in EventStore(db).commands(session.game_id)][:2]
    session.undo()
    again = reopen(db, session.game_id)
    assert list(EventStore(db).commands(session.game_id)) == before
    assert again.seq == 2
    assert again.state.pending == {"kind": "plans", "waiting": list(COLOURS)}
    assert "red" not in again.state.plans
    assert views(again) == views(session)


def test_undo_updates_the_stored_summary(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    session.execute(SEEDING_COUNT)
    assert EventStore(db).game(session.game_id).summary["phase"] == "planning"
    session.undo()
    assert EventStore(db).game(session.game_id).summary["phase"] == "seeding"


def test_undo_is_refused_when_the_last_plan_revealed_the_bids(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    session.execute(SEEDING_COUNT)
    session.execute(plan("red", bid={"chests": 2}))
    session.execute(plan("blue"))
    session.execute(plan("yellow"))
    assert session.state.bids is not None
    before = views(session)
    with pytest.raises(RuleError) as err:
        session.undo()
    assert err.value.key == "undo.after_reveal"
    assert rows(db, session.game_id) == 5
    assert views(session) == before
    assert views(reopen(db, session.game_id)) == before


def test_undo_of_a_plan_before_the_reveal_is_allowed(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    session.execute(SEEDING_COUNT)
    session.execute(plan("red"))
    session.execute(plan("blue"))
    session.undo()
    assert rows(db, session.game_id) == 3
    assert session.state.pending == {"kind": "plans", "waiting": ["blue", "yellow"]}


def test_undo_with_only_the_creation_left_is_refused(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    with pytest.raises(RuleError) as err:
        session.undo()
    assert err.value.key == "undo.nothing"
    assert rows(db, session.game_id) == 1


def test_undo_of_the_seeding_tray_count_fixes_a_miscount(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db)
    waiting = views(session)
    session.execute({"type": "count_tray", "counts": {"red": 2, "green": 1}})
    session.undo()
    assert views(session) == waiting
    assert views(reopen(db, session.game_id)) == waiting
    session.execute({"type": "count_tray", "counts": {"red": 1}})
    assert reopen(db, session.game_id).state.tray == session.state.tray


def test_undo_of_a_battle_tray_count_fixes_a_miscount(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db, seed=4, setup="draft")
    driver = Driver(4)
    play_until(session, driver, first_battle_count)
    counted = rows(db, session.game_id)
    session.undo()
    assert rows(db, session.game_id) == counted - 1
    assert session.state.pending["kind"] == "tray"
    assert views(reopen(db, session.game_id)) == views(session)


def test_undo_then_the_same_command_gives_the_same_events(tmp_path):
    """The seeding count also shuffles the event cards: the redo must draw the same ones."""
    db = tmp_path / "games.sqlite3"
    session = new_game(db, seed=9)
    first = session.execute(SEEDING_COUNT)
    session.undo()
    assert session.execute(SEEDING_COUNT) == first
    assert list(EventStore(db).commands(session.game_id))[-1].events == first


def test_undo_cannot_reroll_the_year_events_with_another_count(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db, seed=9)
    session.execute(SEEDING_COUNT)
    drawn = (list(session.state.year_events), list(session.state.event_deck),
             list(session.state.action_cards), list(session.state.special_slots))
    session.undo()
    session.execute({"type": "count_tray", "counts": {"blue": 3, "green": 2}})
    assert (session.state.year_events, session.state.event_deck, session.state.action_cards,
            session.state.special_slots) == drawn


def test_undo_then_the_same_battle_count_gives_the_same_events(tmp_path):
    db = tmp_path / "games.sqlite3"
    session = new_game(db, seed=4, setup="draft")
    count = play_until(session, Driver(4), first_battle_count)
    first = session.history[-1]
    session.undo()
    assert session.execute(count) == first
    assert list(EventStore(db).commands(session.game_id))[-1].events == first


# -- replay ------------------------------------------------------------------------------

@pytest.mark.parametrize("players,setup,seed", [(3, "draft", 41), (4, "recommended", 42),
                                                (5, "draft", 43), (5, "recommended", 44)])
def test_replaying_a_finished_games_commands_gives_the_same_events(tmp_path, players, setup,
                                                                   seed):
    db = tmp_path / "games.sqlite3"
    game_id = play_stored(db, players, seed, setup).game_id
    records = list(EventStore(db).commands(game_id))
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    fresh = Session(ShogunRules(), draws=EventStore(db).load(game_id).draws)
    for record in records:
        assert fresh.execute(record.command) == record.events, f"command {record.seq}"
    assert fresh.state.phase == "over"
    assert views(fresh) == views(reopen(db, game_id))


def test_a_game_whose_making_was_cut_short_is_left_out(tmp_path):
    """Older releases stored a game in steps; one killed between them left a game with no
    command, which is not a game: it is listed nowhere and opens as no game at all."""
    db = tmp_path / "games.sqlite3"
    made = new_game(db)
    with sqlite3.connect(db) as con:
        con.execute("INSERT INTO games (id, game, created, updated) VALUES ('cut0short0', 'shogun', 1, 1)")
    store = EventStore(db)
    assert [g.id for g in store.games()] == [made.game_id]
    assert store.game("cut0short0") is None


def test_a_game_and_its_settings_are_stored_together_or_not_at_all(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    session = Session.create(RULES, create_command(), store, settings={"pin_hash": "x"}, request="r" * 16)
    assert store.settings(session.game_id) == {"pin_hash": "x"}
    with pytest.raises(Repeated) as again:
        Session.create(RULES, create_command(), store, settings={"pin_hash": "y"}, request="r" * 16)
    assert again.value.game_id == session.game_id
    assert len(store.games()) == 1
