"""Sealed bids, a second game kept with the tests, played through the engine as Shogun is:
the proof that a game plugs in with nothing but its own package and one registration.

The rules (games/sealed_bid/play.py): each player starts with 10 coins; 4 lots are
auctioned, one per round, each worth 1 to 6 points drawn face down at creation, only the lot
on offer shown. Every player hands in a sealed bid of 0 up to the coins they hold, and may
change it until the last one is in; then all are revealed at once. The single highest bid
wins the lot and pays its bid; a tie for highest: nobody wins, nobody pays. After the last
lot the most points wins; a tie for most shares the win.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.engine import TABLE, Actor, EventStore, Session, find_game, names
from companion.engine.game import Decision, versions
from companion.errors import RuleError
from games import sealed_bid_registered
from games.sealed_bid import agent, lots, rules
from games.sealed_bid.text import messages, render

@pytest.fixture(autouse=True, scope="module")
def _sealed_bid_registered() -> Iterator[None]:
    with sealed_bid_registered():
        yield

GAME = rules.GAME
ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tests" / "games" / "sealed_bid"
SEATS = ("north", "east", "south")
CREATE = {"type": "create", "seed": 7,
          "players": [{"seat": s, "name": n} for s, n in zip(SEATS, ("Anna", "Boris", "Chloé"))]}


def new_game(lot_points: list[int] | None = None) -> Session:
    """A new three-player game; ``lot_points`` deals these lots instead of the shuffled ones
    (the same created event, as a saved game would hold it)."""
    session = Session.create(GAME, CREATE, actor=TABLE)
    if lot_points is None:
        return session
    history = json.loads(json.dumps(session.history))
    history[0][0]["config"]["lots"] = lot_points
    return Session.replay(GAME, history)


def bid(session: Session, seat: str, coins: Any, actor: Actor | None = None) -> list[dict]:
    return session.execute({"type": "bid", "seat": seat, "coins": coins},
                           actor or Actor.of_seat(seat))


def all_views(session: Session) -> dict[str | None, dict]:
    return {seat: GAME.view(session.state, seat) for seat in (None, *SEATS)}


def numbers(node: Any) -> set[int]:
    """Every whole number a view holds as a value (dict keys are seat ids)."""
    if isinstance(node, dict):
        return set().union(*(numbers(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(numbers(v) for v in node)) if node else set()
    return {node} if isinstance(node, int) and not isinstance(node, bool) else set()


def refused(session: Session, command: dict, actor: Actor) -> RuleError:
    """The command's refusal, checking that it changed nothing any device can see."""
    before = (session.seq, json.dumps(all_views(session)))
    with pytest.raises(RuleError) as err:
        session.execute(command, actor)
    assert (session.seq, json.dumps(all_views(session))) == before
    return err.value


# -- hidden information --------------------------------------------------------------------

@pytest.mark.parametrize("viewer", [None, "east", "south"])
def test_a_bid_is_secret_until_all_are_in(viewer):
    """'Bids are secret until all are in': north's 7 is in no other view, only the fact
    that north has bid."""
    session = new_game()
    assert 7 not in set().union(*(numbers(v) for v in all_views(session).values()))
    bid(session, "north", 7)
    seen = GAME.view(session.state, viewer)
    assert 7 not in numbers(seen)
    assert not re.search(r"(?<![\d.])7(?![\d.])", json.dumps(seen))
    assert next(p for p in seen["players"] if p["seat"] == "north")["bid_in"] is True
    assert 7 in numbers(GAME.view(session.state, "north"))


def test_a_seat_sees_its_own_bid():
    session = new_game()
    bid(session, "north", 7)
    assert GAME.view(session.state, "north")["my_bid"] == 7
    assert GAME.view(session.state, "east")["my_bid"] is None


@pytest.mark.parametrize("viewer", [None, *SEATS])
def test_the_lots_still_to_come_are_in_no_view(viewer):
    """'The upcoming lots' values are hidden': a view is the same whatever they are worth."""
    dealt, other = new_game([2, 3, 4, 5]), new_game([2, 6, 1, 1])
    assert GAME.view(dealt.state, viewer) == GAME.view(other.state, viewer)
    assert GAME.view(dealt.state, viewer)["lot"] == 2


def test_all_bids_are_revealed_at_once_when_the_last_is_in():
    session = new_game()
    bid(session, "north", 7)
    bid(session, "east", 3)
    assert all(v["reveals"] == [] for v in all_views(session).values())
    events = bid(session, "south", 5)
    assert [e["type"] for e in events if e["type"] == "revealed"] == ["revealed"]
    for seen in all_views(session).values():
        assert seen["reveals"][-1]["bids"] == {"north": 7, "east": 3, "south": 5}


# -- the auction ---------------------------------------------------------------------------

def test_the_highest_bid_wins_the_lot_and_pays_its_bid():
    session = new_game([4, 1, 1, 1])
    for seat, coins in (("north", 7), ("east", 3), ("south", 5)):
        bid(session, seat, coins)
    players = session.state.players
    assert (players["north"].coins, players["north"].points) == (3, 4)
    assert [(players[s].coins, players[s].points) for s in ("east", "south")] == [(10, 0)] * 2
    assert session.state.reveals[-1]["winner"] == "north"


def test_a_tie_for_the_highest_bid_wins_nothing_and_costs_nothing():
    """'A tie for highest: no one wins, no one pays', and the next lot is offered."""
    session = new_game([4, 1, 1, 1])
    for seat, coins in (("north", 5), ("east", 5), ("south", 2)):
        bid(session, seat, coins)
    assert [(p.coins, p.points) for p in session.state.players.values()] == [(10, 0)] * 3
    assert session.state.reveals[-1]["winner"] is None
    assert GAME.view(session.state, None)["round"] == 2


def test_a_bid_may_be_changed_until_the_last_one_is_in():
    session = new_game()
    bid(session, "north", 7)
    bid(session, "east", 3)
    bid(session, "north", 2)
    bid(session, "south", 1)
    assert session.state.reveals[-1]["bids"] == {"north": 2, "east": 3, "south": 1}
    assert session.state.reveals[-1]["winner"] == "east"


def test_the_game_awaits_the_bids_not_yet_handed_in_and_nothing_once_over():
    session = new_game()
    bid(session, "east", 3)
    assert GAME.decision(session.state) == Decision("bids", seats=("north", "south"))
    assert GAME.decision(agent.simulate(3, 5).state) is None


def test_after_the_last_lot_the_most_points_wins():
    session = new_game([1, 2, 3, 4])
    for _ in range(4):
        for seat, coins in (("north", 2), ("east", 1), ("south", 0)):
            bid(session, seat, coins)
    assert session.state.result == {"winners": ["north"],
                                    "points": {"north": 10, "east": 0, "south": 0}}


def test_a_tie_for_the_most_points_shares_the_win():
    session = new_game([3, 3, 1, 1])
    for north, east in ((2, 1), (1, 2), (0, 0), (0, 0)):
        for seat, coins in (("north", north), ("east", east), ("south", 0)):
            bid(session, seat, coins)
    assert session.state.result["winners"] == ["north", "east"]


def test_no_bid_is_taken_once_the_game_is_over():
    session = agent.simulate(3, 5)
    err = refused(session, {"type": "bid", "seat": "north", "coins": 0}, TABLE)
    assert err.key == "sealed_bid.game_over"


# -- refusals ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, sentence", [
    ("ru", "Нельзя поставить 11 монет: у вас только 10."),
    ("cs", "Nemůžete nabídnout 11 mincí: máte jen 10."),
    ("en", "You cannot bid 11 coins: you hold only 10."),
])
def test_a_bid_above_the_coins_held_is_refused_and_changes_nothing(lang, sentence):
    session = new_game()
    err = refused(session, {"type": "bid", "seat": "north", "coins": 11}, Actor.of_seat("north"))
    assert (err.key, err.params) == ("sealed_bid.too_many_coins", {"coins": 11, "held": 10})
    assert render(err.key, err.params, lang) == sentence


@pytest.mark.parametrize("lang, forms", [
    ("ru", {1: "монету", 2: "монеты", 5: "монет", 11: "монет", 21: "монету", 24: "монеты"}),
    ("cs", {1: "minci", 3: "mince", 5: "mincí"}),
    ("en", {1: "coin", 2: "coins"}),
])
def test_counts_take_the_languages_plural_form(lang, forms):
    for coins, word in forms.items():
        line = render("sealed_bid.too_many_coins", {"coins": coins, "held": 0}, lang)
        assert f" {coins} {word}:" in line, line


def test_a_seat_cannot_bid_for_another():
    """A phone bids only for its own seat (``actor.may_play``)."""
    session = new_game()
    err = refused(session, {"type": "bid", "seat": "north", "coins": 1}, Actor.of_seat("east"))
    assert (err.key, err.params) == ("sealed_bid.not_your_seat", {"seat": "east"})


def test_the_table_may_bid_for_any_seat():
    """The group may pass the tablet: the table acts for every seat."""
    session = new_game()
    bid(session, "south", 4, TABLE)
    assert GAME.view(session.state, "south")["my_bid"] == 4


def test_a_phone_cannot_create_a_game():
    with pytest.raises(RuleError) as err:
        Session.create(GAME, CREATE, actor=Actor.of_seat("north"))
    assert err.value.key == "sealed_bid.table_only"


def test_a_game_is_created_only_once():
    session = new_game()
    assert refused(session, CREATE, TABLE).key == "sealed_bid.already_created"


@pytest.mark.parametrize("change, key", [
    ({"coins": True}, "sealed_bid.bad_field"),
    ({"coins": 2.0}, "sealed_bid.bad_field"),
    ({"coins": "2"}, "sealed_bid.bad_field"),
    ({"coins": 2**40}, "sealed_bid.bad_field"),
    ({"coins": -1}, "sealed_bid.negative_coins"),
    ({"seat": "west"}, "sealed_bid.unknown_seat"),
    ({"seat": "North"}, "sealed_bid.bad_seat"),
    ({"seat": 3}, "sealed_bid.bad_field"),
    ({"extra": 1}, "sealed_bid.unknown_field"),
    ({"type": "raise"}, "sealed_bid.unknown_command"),
])
def test_a_malformed_bid_is_refused_and_changes_nothing(change, key):
    session = new_game()
    command = {"type": "bid", "seat": "north", "coins": 2, **change}
    assert refused(session, command, TABLE).key == key


@pytest.mark.parametrize("change, key", [
    ({"seed": True}, "sealed_bid.bad_field"),
    ({"seed": 1.5}, "sealed_bid.bad_field"),
    ({"seed": -1}, "sealed_bid.bad_field"),
    ({"players": CREATE["players"][:2]}, "sealed_bid.player_count"),
    ({"players": CREATE["players"] * 2}, "sealed_bid.player_count"),
    ({"players": CREATE["players"][:2] + [{"seat": "north"}]}, "sealed_bid.seat_twice"),
    ({"players": CREATE["players"][:2] + [{"seat": "west", "name": "\ud800"}]},
     "sealed_bid.bad_text"),
    ({"players": CREATE["players"][:2] + [{"seat": "west", "name": "a\nb"}]},
     "sealed_bid.bad_text"),
    ({"players": CREATE["players"][:2] + [{"seat": "west", "name": "x" * 41}]},
     "sealed_bid.text_too_long"),
    ({"players": CREATE["players"][:2] + [{"seat": "w\ud800"}]}, "sealed_bid.bad_text"),
    ({"players": CREATE["players"][:2] + [{"seat": "west", "colour": "red"}]},
     "sealed_bid.unknown_field"),
    ({"players": "north,east,south"}, "sealed_bid.bad_field"),
    ({"setup": "draft"}, "sealed_bid.unknown_field"),
])
def test_a_malformed_create_is_refused(change, key):
    with pytest.raises(RuleError) as err:
        Session.create(GAME, {**CREATE, **change}, actor=TABLE)
    assert err.value.key == key


# -- undo ----------------------------------------------------------------------------------

def test_undo_is_refused_after_the_reveal():
    """Undo would unsee the revealed bids: the session refuses it."""
    session = new_game()
    for seat, coins in (("north", 7), ("east", 3), ("south", 5)):
        bid(session, seat, coins)
    with pytest.raises(RuleError) as err:
        session.undo()
    assert err.value.key == "undo.after_reveal"


def test_a_sealed_bid_can_be_undone_before_the_reveal():
    session = new_game()
    bid(session, "north", 7)
    session.undo()
    assert GAME.view(session.state, "north")["my_bid"] is None


# -- whole games, saved games --------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulated_games_end_with_coins_and_points_conserved(players):
    """200 random games for each number of players: every coin is held or was paid for a
    lot, every lot's points are held or were lost to a tie, and no one's coins go below 0."""
    table = lots.load()
    for seed in range(200):
        state = agent.simulate(players, seed).state
        paid = sum(r["paid"] for r in state.reveals)
        tied = sum(r["points"] for r in state.reveals if r["winner"] is None)
        assert state.over and len(state.reveals) == table.rounds
        assert sum(p.coins for p in state.players.values()) + paid == \
            table.starting_coins * players
        assert sum(p.points for p in state.players.values()) + tied == sum(state.lots)
        assert min(p.coins for p in state.players.values()) >= 0


def test_a_saved_game_reopens_identically(tmp_path):
    """Mid-round, with a sealed bid in: the same history and every device's same view."""
    path = tmp_path / "games.sqlite3"
    played = Session.create(GAME, CREATE, EventStore(path), TABLE)
    for seat, coins in (("north", 4), ("east", 2), ("south", 1), ("east", 6)):
        bid(played, seat, coins)
    store = EventStore(path)
    record = store.game(played.game_id)
    reopened = Session(find_game(record.game), store, record.id)
    assert reopened.history == played.history
    assert all_views(reopened) == all_views(played)
    assert record.summary == GAME.summary(played.state)
    bid(reopened, "north", 1)
    assert GAME.view(reopened.state, "east")["my_bid"] == 6


def test_the_created_event_records_versions():
    created = new_game().history[0][0]
    assert created["type"] == "created"
    assert created["versions"] == versions(GAME) == {
        "game": "sealed_bid", "rules": GAME.rules_version, "data": lots.version()}


def test_a_lots_table_that_cannot_make_a_game_is_refused():
    document = lots.document()
    assert lots.check(document).rounds == 4
    for broken in ({**document, "rounds": 7}, {**document, "lot_points": [1, 0, 2, 3]},
                   {**document, "starting_coins": True}, {"rounds": 4}):
        with pytest.raises(lots.LotsError):
            lots.check(broken)


# -- the seam ------------------------------------------------------------------------------

def test_registering_the_game_touches_no_platform_file():
    """The game is found by name, yet the platform's code and the web shell never name it:
    its package and its registration (``sealed_bid_registered``) are all it takes."""
    assert "sealed_bid" in names()
    assert find_game("sealed_bid") is GAME
    for folder in ("companion", "web"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".json", ".html", ".js", ".css", ".txt"}:
                assert "sealed_bid" not in path.read_text(encoding="utf-8", errors="replace"), path


def test_every_message_the_game_uses_reads_in_each_language():
    source = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    used = set(re.findall(r'"(sealed_bid\.[a-z_]+)"', source))
    assert used
    for lang in ("ru", "cs", "en"):
        assert set(messages(lang)) == used, lang
