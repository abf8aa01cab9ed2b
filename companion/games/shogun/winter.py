"""Winter: rice lost, provinces supplied or in revolt, scoring; then a new year or the end.

Rulebook, 'Зима': every player loses the rice shown on the year's remaining event card and
needs one rice per province; the supply table gives how many provinces revolt and how many
extra peasants join; the left neighbour draws that many province cards at random from the
player's hand, and the player chooses the order of the revolts. Then scoring: 1 point per
province and per building, and per region the most castles 3, temples 2, theatres 1, tied
leaders one point less.
"""
from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.shogun import battle, dajokan, generals, samurai
from companion.games.shogun.colours import PEASANT
from companion.games.shogun.commands import ChooseRevolt, EndGame
from companion.games.shogun.play import Play
from companion.games.shogun.state import ShogunState

BUILDINGS = ("castle", "temple", "theatre")


def start(play: Play) -> None:
    s = play.state
    play.event("season", season=3)
    play.phase("winter")
    card = s.year_events[0]
    loss = play.catalog.events[card]["rice_loss"]
    for colour in s.turn_order:
        lost = min(loss, s.players[colour].rice)
        play.gain("rice", colour, -lost)
    play.note("winter.rice_lost", event=card, loss=loss)
    play.event("winter", winter={"queue": list(s.turn_order), "player": None, "revolts": [],
                                 "peasants": 0})


def supply_row(cards: dict[str, Any], short: int) -> dict[str, int] | None:
    """The supply table's row for a player ``short`` rice short (None when not short)."""
    for row in cards["supply_table"]:
        if row["short_from"] <= short <= row["short_to"]:
            return row
    return None


def run(play: Play) -> None:
    """Carry winter on until a revolt needs the tray or an order, or the winter ends."""
    s = play.state
    while True:
        w = s.winter
        if w["revolts"]:
            if len(w["revolts"]) > 1:
                play.pending("revolt_order", player=w["player"], provinces=list(w["revolts"]))
            else:
                _start_revolt(play, w["revolts"][0])
            return
        if not w["queue"]:
            break
        colour, rest = w["queue"][0], w["queue"][1:]
        owned = sorted(s.owned(colour))
        short = len(owned) - s.players[colour].rice
        row = supply_row(play.catalog.cards, short) if short > 0 else None
        if row is None:
            play.note("winter.supplied", player=colour, count=len(owned),
                      rice=s.players[colour].rice)
            play.event("winter", winter=dict(w, queue=rest))
            continue
        revolts = play.rng.sample(owned, min(row["revolts"], len(owned)))
        left = s.seating[(s.seating.index(colour) + 1) % len(s.seating)]
        play.note("winter.revolts_drawn", player=colour, short=short, by=left,
                  provinces=revolts, peasants=row["peasants"], count=len(owned),
                  rice=s.players[colour].rice)
        play.event("winter", winter={"queue": rest, "player": colour, "revolts": revolts,
                                     "peasants": row["peasants"]})
    score(play)
    end_year(play)


def _start_revolt(play: Play, province: str) -> None:
    s = play.state
    w = s.winter
    prov = s.provinces[province]
    player = w["player"]
    play.event("winter", winter=dict(w, revolts=[p for p in w["revolts"] if p != province]))
    peasants = min(prov.unrest + w["peasants"], s.peasants)
    parts = [battle.part(player, prov.armies, province, "defender"),
             battle.part(PEASANT, peasants, "supply", "peasants")]
    play.note("revolt.started", player=player, province=province, unrest=prov.unrest,
              extra=w["peasants"], action="winter")
    battle.throw(play, {"kind": "revolt", "province": province, "attacker": None,
                        "defender": player, "peasants_side": "attacker",
                        "then": {"kind": "winter"}}, parts)


def choose(play: Play, cmd: ChooseRevolt) -> None:
    pending = play.expect("revolt_order", cmd.player)
    if cmd.province not in pending["provinces"]:
        raise RuleError("winter.not_revolting", province=cmd.province)
    play.pending(None)
    _start_revolt(play, cmd.province)


def scores(state: ShogunState) -> dict[str, dict[str, Any]]:
    """Each player's winter points with every line a person can check by eye."""
    scoring = state.catalog.cards["scoring"]
    board = state.board
    table: dict[str, dict[str, Any]] = {}
    for colour in state.seating:
        owned = state.owned(colour)
        buildings = sum(len(state.provinces[p].buildings) for p in owned)
        table[colour] = {"provinces": len(owned) * scoring["per_province"],
                         "buildings": buildings * scoring["per_building"],
                         "majorities": [], "total": 0}
    for region in board.regions:
        for kind in BUILDINGS:
            counts: dict[str, int] = {}
            for p, prov in state.provinces.items():
                if prov.owner and kind in prov.buildings and board.provinces[p].region == region:
                    counts[prov.owner] = counts.get(prov.owner, 0) + 1
            if not counts:
                continue
            most = max(counts.values())
            leaders = [c for c, n in counts.items() if n == most]
            points = scoring["majority"][kind] - (scoring["tie_penalty"] if len(leaders) > 1 else 0)
            for colour in leaders:
                table[colour]["majorities"].append({"region": region, "building": kind,
                                                    "count": most, "points": points,
                                                    "tied": len(leaders) > 1})
    for row in table.values():
        row["total"] = row["provinces"] + row["buildings"] + sum(m["points"]
                                                                 for m in row["majorities"])
    return table


def score(play: Play) -> None:
    table = scores(play.state)
    for colour, row in table.items():
        play.event("score", player=colour, n=row["total"])
    play.note("winter.scored", year=play.state.year, table=table)


def end_year(play: Play) -> None:
    """After the first winter: four new events, rice to 0, unrest removed; after the second
    the game ends, a tie going to the player with more chests."""
    s = play.state
    if s.year < play.catalog.cards["years"]:
        deck = s.event_deck
        n = play.catalog.cards["events_per_year"]
        play.event("year", year=s.year + 1, deck=deck[n:], events=deck[:n])
        for colour, p in s.players.items():
            play.gain("rice", colour, -p.rice)
        for province, prov in s.provinces.items():
            if prov.unrest:
                play.event("unrest", province=province, n=-prov.unrest)
        samurai.restack(play)
        play.note("year.started", year=s.year, events=list(s.year_events))
        play.event("season", season=0)
        play.phase(generals.after_winter(s))
        return
    generals.score(play)
    dajokan.score(play)
    finish(play, early=False)


def finish(play: Play, early: bool) -> None:
    """Rulebook: the most points wins; on a tie, the player with more chests."""
    s = play.state
    ranking = sorted(s.seating, key=lambda c: (-s.players[c].score, -s.players[c].chests))
    best = s.players[ranking[0]]
    winners = [c for c in ranking
               if (s.players[c].score, s.players[c].chests) == (best.score, best.chests)]
    result = {"ranking": ranking, "winners": winners, "early": early,
              "scores": {c: s.players[c].score for c in ranking},
              "chests": {c: s.players[c].chests for c in ranking}}
    if early:
        play.note("game.ended_early", year=s.year)
    play.pending(None)
    play.event("result", result=result)
    play.note("game.over", winners=winners, scores=result["scores"])
    play.phase("over")


def end_early(play: Play, cmd: EndGame) -> None:
    """The host's end: refused before the game has begun and after it has ended."""
    if play.state.phase in ("draft", "seeding", "over"):
        raise RuleError("game.cannot_end", phase=play.state.phase)
    if play.state.battle is not None:
        raise RuleError("tray.count_first")
    finish(play, early=True)
