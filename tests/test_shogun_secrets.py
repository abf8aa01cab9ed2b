"""Hidden information: what each device's view may show, and commands for the wrong player.

Rulebook: plans and bids are placed face down; the bids are turned up together once every
plan is in, and each action card on a player's planning board is turned only when that
player carries it out. The order of the province and event decks is never known.
"""
from __future__ import annotations

import json
import random

import pytest

from companion.engine import Session
from companion.errors import RuleError
from companion.games.shogun import agent
from companion.games.shogun.battle import throw_of
from companion.games.shogun.colours import PLAYER_COLOURS
from companion.games.shogun.rules import ShogunRules
from companion.kits.tower.simulated import SimulatedTower
from shogun_table import Table

RULES = ShogunRules()
# Red's plan: recruit1 on Sagami (red's Izu, Musashi and Suruga are next to it, so red is
# asked where to move), taxes in Owari, battle1 from Suruga (5 armies: red is asked again).
RED_ACTIONS = {"recruit1": "sagami", "taxes": "owari", "battle1": "suruga"}
RED_BID = {"chests": 2}
ORDER = ["recruit1", "taxes", "battle1", "castle", "temple", "theatre", "rice", "recruit5",
         "recruit3", "battle2"]
ZERO = {"chests": 0}


def view(table, viewer):
    return RULES.view(table.state, viewer)


def plan_of(v, colour):
    return next(p for p in v["players"] if p["colour"] == colour)["plan"]


def red_plans(table) -> list[dict]:
    return table.do({"type": "plan", "player": "red", "actions": dict(RED_ACTIONS),
                     "bid": dict(RED_BID)})


def everyone_plans(table) -> None:
    red_plans(table)
    for colour in ("blue", "yellow"):
        table.do({"type": "plan", "player": colour, "actions": {}, "bid": ZERO})


def take_specials(table) -> None:
    while table.state.pending and table.state.pending["kind"] == "special":
        pending = table.state.pending
        table.do({"type": "choose_special", "player": pending["player"],
                  "slot": pending["free"][0]})


@pytest.fixture
def planned():
    """Red has handed in a plan; blue and yellow have not."""
    table = Table()
    table.set_round(actions=ORDER)
    red_plans(table)
    return table


@pytest.fixture
def acting():
    """Every plan is in, the special cards are taken, and red is asked where to move the
    army recruit1 placed in Sagami: recruit1 is being carried out, taxes and battle1 not yet."""
    table = Table()
    table.set_round(actions=ORDER)
    everyone_plans(table)
    take_specials(table)
    assert table.state.pending == {"kind": "move", "player": "red", "action": "recruit1",
                                   "province": "sagami", "attack": False}
    return table


def values(node):
    """Every value in a view, dict keys left out (province ids key the public board)."""
    if isinstance(node, dict):
        for value in node.values():
            yield from values(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from values(value)
    else:
        yield node


# -- before the reveal ---------------------------------------------------------------------

@pytest.mark.parametrize("viewer", ["blue", "yellow", None])
def test_before_the_reveal_others_see_only_that_red_is_ready(planned, viewer):
    assert plan_of(view(planned, viewer), "red") == {"actions": {}, "bid": "hidden",
                                                     "ready": True}


@pytest.mark.parametrize("viewer", ["blue", "yellow", None])
def test_before_the_reveal_no_other_view_holds_reds_province_or_bid_in_a_plan(planned, viewer):
    v = view(planned, viewer)
    plans = json.dumps([p["plan"] for p in v["players"]])
    for province in RED_ACTIONS.values():
        assert province not in plans
    assert "chests" not in plans
    assert v["bids"] is None
    assert "chests" not in json.dumps(v["pending"])


def test_before_the_reveal_red_sees_its_own_plan_and_bid(planned):
    assert plan_of(view(planned, "red"), "red") == {"actions": RED_ACTIONS, "bid": RED_BID,
                                                    "ready": True}


def test_players_who_have_not_planned_show_no_plan(planned):
    v = view(planned, "red")
    assert plan_of(v, "blue") is None and plan_of(v, "yellow") is None


def test_the_log_leaks_no_plan_before_the_reveal(planned):
    log = json.dumps(planned.state.log)
    for province in RED_ACTIONS.values():
        assert province not in log
    assert '"bid' not in log
    for note in planned.state.log:
        assert not set(note["params"]) & {"bid", "bids", "plan"}
        assert not isinstance(note["params"].get("actions"), dict)


def test_handing_in_a_plan_writes_only_that_the_player_is_ready(table):
    table.set_round(actions=ORDER)
    events = red_plans(table)
    notes = [e for e in events if e["type"] == "note"]
    assert notes == [{"type": "note", "key": "plan.ready",
                      "params": {"player": "red", "waiting": 2}}]


# -- after the reveal ----------------------------------------------------------------------

@pytest.mark.parametrize("viewer", ["red", "blue", "yellow", None])
def test_after_the_last_plan_every_bid_is_public(viewer):
    table = Table()
    table.set_round(actions=ORDER)
    everyone_plans(table)
    v = view(table, viewer)
    assert v["bids"] == {"red": RED_BID, "blue": ZERO, "yellow": ZERO}
    assert plan_of(v, "red")["bid"] == RED_BID


@pytest.mark.parametrize("viewer", ["blue", "yellow", None])
def test_after_the_reveal_planned_actions_stay_hidden_until_carried_out(viewer):
    table = Table()
    table.set_round(actions=ORDER)
    everyone_plans(table)
    assert plan_of(view(table, viewer), "red")["actions"] == {}
    take_specials(table)
    assert plan_of(view(table, viewer), "red")["actions"] == {}


@pytest.mark.parametrize("viewer", ["blue", "yellow", None])
def test_an_action_is_shown_to_others_once_red_has_carried_it_out(acting, viewer):
    acting.do({"type": "pass", "player": "red"})
    # recruit1 and taxes are done; red is asked about battle1
    assert acting.state.pending["action"] == "battle1"
    assert set(acting.state.acted["red"]) == {"recruit1", "taxes"}
    assert plan_of(view(acting, viewer), "red")["actions"] == {"recruit1": "sagami",
                                                                "taxes": "owari"}


def test_red_always_sees_its_whole_plan_while_acting(acting):
    assert plan_of(view(acting, "red"), "red")["actions"] == RED_ACTIONS
    acting.do({"type": "pass", "player": "red"})
    assert plan_of(view(acting, "red"), "red")["actions"] == RED_ACTIONS


# -- decks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("viewer", ["red", "blue", "yellow", None])
def test_no_view_shows_the_province_deck_during_the_draft(viewer):
    """Face-up cards sent under the deck by a refresh were seen by all; no other card of
    the deck may be named in any view."""
    table = Table(setup="draft", seed=3)
    rng = random.Random(3)
    shown: set[str] = set()
    refreshed = False
    while table.state.phase == "draft":
        shown |= set(table.state.face_up)
        v = view(table, viewer)
        assert v["draft"]["deck"] == len(table.state.deck)
        unseen = set(table.state.deck) - shown
        assert not unseen & set(values(v)), "an unseen province of the deck is in the view"
        command = agent.choose(table.state, rng)
        refreshed |= command["type"] == "draft_refresh"
        table.do(command)
    assert refreshed, "the draft should include a refresh (choose another seed)"


@pytest.mark.parametrize("viewer", ["red", "blue", "yellow", None])
def test_no_view_shows_the_event_deck(viewer):
    table = Table()
    assert table.state.event_deck
    v = view(table, viewer)
    assert not set(table.state.event_deck) & set(values(v))
    assert set(v["year_events"]) == set(table.state.year_events)


def test_the_face_down_action_cards_are_not_in_the_view(planned):
    v = view(planned, None)
    assert v["actions"] == ORDER[:5] + [None] * 5


@pytest.mark.parametrize("players,seed", [(3, 51), (4, 52), (5, 53)])
def test_a_whole_game_never_shows_a_secret_to_another_device(players, seed):
    """Every view after every command of a simulated game: others' plans show only what was
    carried out, bids only after the reveal, no card of the event deck, no face-down action
    card, no unseen province of the draft deck."""
    colours = PLAYER_COLOURS[:players]
    session = Session.create(RULES, {"type": "create", "seed": seed, "setup": "draft",
                                     "players": [{"colour": c} for c in colours]})
    rng, tower = random.Random(seed), SimulatedTower(seed=seed)
    shown: set[str] = set()
    hidden = 0
    while session.state.phase != "over":
        s = session.state
        shown |= set(s.face_up)
        for viewer in [None, *colours]:
            v = RULES.view(s, viewer)
            seen = set(values(v))
            assert not set(s.event_deck) & seen
            if s.phase == "draft":
                assert not (set(s.deck) - shown) & seen
            assert v["actions"][s.revealed_actions:] == [None] * (len(s.action_cards)
                                                                  - s.revealed_actions)
            for owner in colours:
                others = plan_of(v, owner)
                if owner == viewer or others is None:
                    continue
                acted = s.acted.get(owner, {})
                assert others["actions"] == {a: p for a, p in s.plans[owner]["actions"].items()
                                             if a in acted}
                assert others["bid"] == ("hidden" if s.bids is None else s.plans[owner]["bid"])
                hidden += len(s.plans[owner]["actions"]) - len(others["actions"])
        if s.pending["kind"] == "tray":
            throw = throw_of(s.battle)
            command = {"type": "count_tray", "counts": tower.drop(throw.thrown, throw.inside)}
        else:
            command = agent.choose(s, rng)
        session.execute(command)
    assert hidden, "no planned action was ever hidden: the check did not run"


# -- commands for the wrong player ---------------------------------------------------------

def refused(table, command) -> RuleError:
    before = (table.session.seq, json.dumps(view(table, None)))
    with pytest.raises(RuleError) as err:
        table.do(command)
    assert (table.session.seq, json.dumps(view(table, None))) == before
    return err.value


def test_a_second_plan_in_reds_name_is_refused_and_reds_plan_kept(planned):
    err = refused(planned, {"type": "plan", "player": "red", "actions": {}, "bid": ZERO})
    assert (err.key, err.params) == ("plan.already_submitted", {"player": "red"})
    assert planned.state.plans["red"] == {"actions": RED_ACTIONS, "bid": RED_BID}


def test_a_plan_for_a_colour_not_in_the_game_is_refused(planned):
    err = refused(planned, {"type": "plan", "player": "black", "actions": {}, "bid": ZERO})
    assert (err.key, err.params) == ("player.unknown", {"player": "black"})


def test_a_plan_naming_another_players_province_is_refused(planned):
    blue_province = planned.state.owned("blue")[0]
    err = refused(planned, {"type": "plan", "player": "yellow",
                            "actions": {"taxes": blue_province}, "bid": ZERO})
    assert (err.key, err.params) == ("plan.not_your_province", {"province": blue_province})


def test_a_move_by_a_player_whose_turn_it_is_not_is_refused(acting):
    err = refused(acting, {"type": "move", "player": "blue", "to": "izu", "armies": 1})
    assert (err.key, err.params) == ("turn.not_yours", {"player": "blue", "waiting": "red"})


def test_a_pass_by_a_player_whose_turn_it_is_not_is_refused(acting):
    err = refused(acting, {"type": "pass", "player": "yellow"})
    assert (err.key, err.params) == ("turn.not_yours", {"player": "yellow", "waiting": "red"})


def test_a_special_card_taken_out_of_turn_is_refused():
    table = Table()
    table.set_round(actions=ORDER)
    everyone_plans(table)
    assert table.state.pending["player"] == "red"  # the highest bid picks first
    err = refused(table, {"type": "choose_special", "player": "blue", "slot": 1})
    assert (err.key, err.params) == ("turn.not_yours", {"player": "blue", "waiting": "red"})


def test_a_plan_while_a_move_is_awaited_is_refused(acting):
    err = refused(acting, {"type": "plan", "player": "blue", "actions": {}, "bid": ZERO})
    assert err.key == "phase.not_now"
