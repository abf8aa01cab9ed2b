"""Hidden draws (the face-down action cards, the event, ties, the draft deck) come from a
256-bit key the operating system gives when a game is made, kept in the store beside the
game and nowhere a device can read; a seed is for simulations, tests and the command line."""
from __future__ import annotations

import gzip
import json
import shutil
from collections import Counter
from pathlib import Path

from companion.engine import EventStore, Session, find_game
from companion.engine.draws import Draws, KeyedRandom

SHOGUN = find_game("shogun")
CREATE = {"type": "create", "setup": "draft", "players": [{"colour": c} for c in ("red", "blue", "yellow")]}
BEFORE_PLUGINS = Path(__file__).parent / "data" / "shogun-games-before-plugins.sqlite3.gz"


def test_a_game_made_without_a_seed_draws_from_a_new_256_bit_key():
    first, second = Session.create(SHOGUN, CREATE), Session.create(SHOGUN, CREATE)
    assert first.draws.key is not None and len(first.draws.key) == 32
    assert first.draws.key != second.draws.key
    assert first.history[0] != second.history[0]  # the draft deck is shuffled apart


def test_the_key_is_in_no_command_event_summary_or_view(tmp_path: Path):
    store = EventStore(tmp_path / "games.sqlite3")
    session = Session.create(SHOGUN, CREATE, store)
    key = session.draws.key.hex()
    stored = [json.dumps([r.command, r.events]) for r in store.commands(session.game_id)]
    views = [json.dumps(SHOGUN.view(session.state, seat), default=str)
             for seat in (None, *SHOGUN.seats(session.state))]
    summaries = [json.dumps(r.summary) for r in store.games()]
    assert not any(key in text for text in stored + views + summaries)


def test_a_reopened_game_draws_from_the_same_key(tmp_path: Path):
    store = EventStore(tmp_path / "games.sqlite3")
    session = Session.create(SHOGUN, CREATE, store)
    assert Session(SHOGUN, EventStore(store.path), session.game_id).draws == session.draws


def test_undo_then_the_same_command_draws_the_same_cards(tmp_path: Path):
    """Undo is for mistakes; it cannot re-roll the face-down cards."""
    session = Session.create(SHOGUN, {**CREATE, "setup": "recommended"}, EventStore(tmp_path / "g.sqlite3"))
    count = {"type": "count_tray", "counts": {}}
    first = session.execute(count)
    session.undo()
    assert session.execute(count) == first


def test_a_keyed_stream_is_its_key_and_number_and_nothing_else():
    key = bytes(range(32))
    assert [KeyedRandom(key, 7).random() for _ in range(3)] == [KeyedRandom(key, 7).random() for _ in range(3)]
    one, other, third = KeyedRandom(key, 7), KeyedRandom(key, 8), KeyedRandom(bytes(32), 7)
    assert len({one.getrandbits(64), other.getrandbits(64), third.getrandbits(64)}) == 3


def test_a_keyed_shuffle_deals_every_order_alike():
    """Six orders of three cards over 6,000 shuffles: each within 4 standard deviations."""
    seen = Counter()
    for n in range(6000):
        cards = ["a", "b", "c"]
        KeyedRandom(b"k" * 32, n).shuffle(cards)
        seen["".join(cards)] += 1
    assert len(seen) == 6 and all(abs(count - 1000) < 4 * 29 for count in seen.values())


def test_games_stored_before_keys_draw_from_their_seed_as_they_did(tmp_path: Path):
    """The saved games' last commands, sent again on the game before them, give the events
    the old release recorded."""
    db = tmp_path / "games.sqlite3"
    with gzip.open(BEFORE_PLUGINS) as packed, open(db, "wb") as out:
        shutil.copyfileobj(packed, out)
    store = EventStore(db)
    for record in store.games():
        loaded = store.load(record.id)
        seed = loaded.records[0].command["seed"]
        assert loaded.draws == Draws.seeded(seed)
        last = loaded.records[-1]
        before = Session.replay(SHOGUN, [r.events for r in loaded.records[:-1]], loaded.draws)
        assert before.execute(last.command) == last.events
