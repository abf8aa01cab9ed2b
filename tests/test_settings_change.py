"""The table's settings are read, changed and written in one transaction: two devices
changing them at once (a step done on the table while the host pauses the timer), even
through two servers on the same file, both count."""
import threading

import pytest

from companion.engine import EventStore
from companion.engine.draws import Draws


def test_a_change_made_while_another_is_under_way_is_kept_with_it(tmp_path):
    db = tmp_path / "games.sqlite3"
    first, second = EventStore(db), EventStore(db)
    game = first.create("shogun", {"type": "create"}, [], {}, Draws.seeded(1), settings={"seen": []})
    inside, release = threading.Event(), threading.Event()

    def slow(now):
        inside.set()
        release.wait(5)
        return {**now, "seen": now["seen"] + ["winter-1"]}

    slow_change = threading.Thread(target=first.change_settings, args=(game, slow))
    slow_change.start()
    inside.wait(5)
    other = threading.Thread(target=second.change_settings,
                             args=(game, lambda now: {**now, "seen": now["seen"] + ["board"]}))
    other.start()
    release.set()
    slow_change.join(10)
    other.join(10)
    assert sorted(first.settings(game)["seen"]) == ["board", "winter-1"]


def test_a_change_that_fails_changes_nothing(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    game = store.create("shogun", {"type": "create"}, [], {}, Draws.seeded(1), settings={"seen": []})

    def refused(now):
        raise ValueError("not the step on screen")

    with pytest.raises(ValueError):
        store.change_settings(game, refused)
    assert store.settings(game) == {"seen": []}
