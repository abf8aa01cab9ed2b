"""Making a game: the seats, the first player, the merchant deck and the special cards
(the app's draws written into the ``created`` event, or left to the table that deals),
then, once the table has told what the box prints, the board's locations and each player's
officials and stock, and the draws that open the first round."""
from __future__ import annotations

from typing import Any

from companion.engine import forms
from companion.engine.printed import checked
from companion.errors import RuleError
from companion.games.edo import catalog, deal, roads, values
from companion.games.edo.commands import Create
from companion.games.edo.play import Play
from companion.games.edo.state import EDO, EdoState

COLOURS = ("blue", "red", "green", "yellow")
"""The seats are the players' colours, as the rulebook's examples name them."""


def side_for(data: dict[str, Any], players: int) -> str:
    """The board's side for this many players (the box's board is double-sided)."""
    return next(side for side, counts in data["sides"].items() if players in counts)


def create(play: Play, cmd: Create, versions: dict[str, Any]) -> None:
    """Seat the players; draw the first player and shuffle the two decks, unless the table
    deals: then the decks are the cards still to come, in no order, and nobody is first yet."""
    if play.state.created:
        raise RuleError("edo.already_created")
    data = catalog.data()
    seats = [p.seat for p in cmd.players]
    forms.check_seats(seats, COLOURS, data["players"], "edo")
    merchant = [f"merchant{n}" for n in range(1, data["merchant_cards"] + 1)]
    special = [f"special{n}" for n in range(1, data["special_cards"] + 1)]
    first = None
    if cmd.deal == "app":
        play.rng.shuffle(merchant)
        play.rng.shuffle(special)
        first = play.rng.choice(seats)
    config = {"players": [{"seat": p.seat, "name": p.name.strip()} for p in cmd.players],
              "referee": cmd.referee, "deal": cmd.deal, "data": data,
              "printed": checked(cmd.printed or {}, catalog.questions()),
              "first": first, "merchant_deck": merchant, "special_deck": special,
              "side": side_for(data, len(seats))}
    play.event("created", versions=versions, config=config)
    play.event("phase", phase="setup")
    if first is None:
        play.note("edo.created_table_deals", count=len(seats))
    else:
        play.note("edo.created", count=len(seats), player=first)


def locations(state: EdoState) -> dict[str, str]:
    """Edo and the other cities, forests, quarries, rice fields and border posts, each kind
    numbered clockwise from the top of the board as the install numbers them (D31: the
    rulebook names Edo only)."""
    found = {EDO: "edo"}
    for kind in values.MAP_KINDS:
        for n in range(1, state.printed[f"edo.map.{state.side}.{kind}"] + 1):
            found[f"{kind}{n}"] = kind
    return found


def start(play: Play) -> bool:
    """Lay out the board once its printed values are known: each player's officials, stock
    and three cards, the roads (or the table's choice to count steps), the special cards'
    display, the merchant in Edo (D15), the first round;
    re-entered after each of the table's draws, it goes on from where it stopped."""
    s = play.state
    unknown = values.missing(s, values.setup_keys(s.side, s.data["starting_cards"]))
    if unknown:
        values.ask(play, unknown)
        return False
    cards = [f"card{n}" for n in range(1, s.data["starting_cards"] + 1)]
    start_of = {what: s.printed[f"edo.start.{what}"] for what in ("ryo", "rice", "wood", "stone")}
    players = {seat: {**start_of, "cards": cards,
                      "figures": [f"{seat}{n}" for n in range(1, s.printed["edo.start.officials"] + 1)]}
               for seat in s.seating}
    if not s.locations:
        play.event("setup", locations=locations(s), merchant=EDO, players=players)
    if not roads.ask(play):
        return False
    if deal.first(play) and deal.lay_out(play):
        deal.new_round(play, 1, s.first)
    return True
