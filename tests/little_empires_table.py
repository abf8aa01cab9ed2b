"""A Little Empires table for the tests: a game made by its create command with the values
the box prints already known to the install, positions laid out by the game's own events,
and commands sent as the phones and the tablet send them."""
from __future__ import annotations

from typing import Any

from companion.engine import Session
from companion.games.little_empires.rules import GAME
from session_table import SessionTable

P = "little_empires"
REGIONS = ("grey", "orange", "turquoise", "purple")
QUICK = ("move1", "attack", "recruit1", "harvest1")

# What the test box prints. Only the significance values of the rulebook's example come from
# the text (orange at influence 3 as its product «3 × 5 = 15» has it: ruling LE-11); the rest
# are values chosen for the tests, never asserted as the real game's.
# Cells 1-3 are grey, 4-6 orange, 7-9 turquoise, 10-12 purple, counted from the south.
BOARD: dict[str, Any] = {}
for n in range(1, 13):
    BOARD[f"{P}.cell{n}.region"] = REGIONS[(n - 1) // 3]
    BOARD[f"{P}.cell{n}.quick"] = QUICK[(n - 1) % 4]
RESOURCE = {"grey2", "grey3", "grey4", "orange2", "orange3", "orange4", "orange5",
            "turquoise2", "turquoise3", "turquoise4", "purple2", "purple3"}
SHRINE = {"grey5", "grey6", "orange6", "orange7", "turquoise5", "turquoise6", "purple4"}
for region, count in zip(REGIONS, (6, 7, 6, 4)):
    for k in range(1, count + 1):
        p = f"{region}{k}"
        BOARD[f"{P}.province.{p}"] = "resource" if p in RESOURCE else "shrine" if p in SHRINE else "plain"
TOKENS = {"recruit": 2, "move3": 1, "attack": 2, "move23": 2, "move2ship": 1, "harvest": 1, "castle": 2}
BOARD.update({f"{P}.tokens.{k}": n for k, n in TOKENS.items()})
BOARD.update({f"{P}.destiny.{r}": 5 for r in REGIONS})
COSTS = {"recruit": "food", "attack": "bushido", "move": "food", "ship": "food", "cover": "bushido"}
BOARD.update({f"{P}.cost.{what}": r for what, r in COSTS.items()})
BONUS = {f"{P}.bonus.{r}.{place}": n for r, (first, second) in
         zip(REGIONS, ((4, 2), (5, 3), (4, 2), (3, 1))) for place, n in (("first", first), ("second", second))}
SIGNIFICANCE = {f"{P}.significance.{r}.{level}": level for r in REGIONS for level in range(1, 11)}
SIGNIFICANCE.update({f"{P}.significance.grey.1": 1, f"{P}.significance.orange.3": 3,
                     f"{P}.significance.turquoise.5": 4, f"{P}.significance.purple.1": 1})
EVERYTHING = {**BOARD, **BONUS, **SIGNIFICANCE}

# A map for the tests (never asserted as the real board's): each region a chain of roads
# from its capital (grey1-grey2-...-grey6), the capitals joined by roads in map order, one
# dotted sea line grey6-turquoise6; the coast is grey5, grey6, orange7, turquoise5, turquoise6.
PROVINCES = [f"{r}{k}" for r, count in zip(REGIONS, (6, 7, 6, 4)) for k in range(1, count + 1)]
ROADS = {(f"{r}{k}", f"{r}{k + 1}") for r, count in zip(REGIONS, (6, 7, 6, 4)) for k in range(1, count)}
ROADS |= {("grey1", "orange1"), ("orange1", "turquoise1"), ("turquoise1", "purple1")}
SEA = {("grey6", "turquoise6")}
COAST = {"grey5", "grey6", "orange7", "turquoise5", "turquoise6"}
MAP: dict[str, Any] = {f"{P}.coast.{p}": "coast" if p in COAST else "inland" for p in PROVINCES}
for i, a in enumerate(PROVINCES):
    for b in PROVINCES[i + 1:]:
        MAP[f"{P}.link.{a}.{b}"] = "road" if (a, b) in ROADS else "sea" if (a, b) in SEA else "none"
COLOURS = ("red", "blue", "yellow", "green")


class Table(SessionTable):
    """One game in memory, seated red, blue, yellow, green (as many as play)."""

    game = GAME

    def __init__(self, players: int = 3, printed: dict[str, Any] | None = None,
                 referee: bool = False, variants: tuple[str, ...] = (), seed: int = 1,
                 seats: tuple[str, ...] | None = None) -> None:
        command = {"type": "create", "seed": seed, "referee": referee, "variants": list(variants),
                   "players": [{"seat": c} for c in (seats or COLOURS[:players])],
                   "printed": EVERYTHING if printed is None else printed}
        self.session = Session.create(GAME, command)

    def armies(self, seat: str, **where: int) -> None:
        """Set ``seat``'s armies in these provinces to exactly these counts."""
        self.events(*({"type": "army", "province": p, "player": seat,
                       "n": n - self.state.armies.get(p, {}).get(seat, 0)} for p, n in where.items()
                      if n != self.state.armies.get(p, {}).get(seat, 0)))

    def give(self, seat: str, **goods: int) -> None:
        self.events({"type": "goods", "player": seat, **goods})

    def order(self, *seats: str) -> None:
        self.events({"type": "order", "order": list(seats)})

    def choose_destiny(self) -> None:
        for seat in self.state.order:
            self.do({"type": "destiny", "player": seat, "card": self.state.players[seat].hand[0]})

    def place(self, seat: str, cell: int, token: str, **more: Any) -> list[dict[str, Any]]:
        return self.do({"type": "place", "player": seat, "cell": cell, "token": token, **more})

    def act(self, seat: str, **fields: Any) -> list[dict[str, Any]]:
        return self.do({"type": "act", "player": seat, **fields})

    def plan(self, tokens: list[tuple[str, int, str]]) -> None:
        """Place (seat, cell, token) in the order given (the turn order's)."""
        for seat, cell, token in tokens:
            self.place(seat, cell, token)

    def pass_all(self) -> None:
        """Carry out every waiting token as nothing, to the end of the round."""
        at = GAME.decision(self.state)
        while at is not None and at.kind == "act":
            self.act(at.seats[0])
            at = GAME.decision(self.state)


def first_up(table: Table, seat: str, cell: int, token: str, **more: Any) -> None:
    """A two-player round one brought to ``seat``'s ``token`` in ``cell``: the other tokens
    lie north of it where there is room (else south, and are then passed), none a harvest."""
    other = next(s for s in table.state.seating if s != seat)
    table.order(seat, other)
    if table.state.phase == "destiny":
        table.choose_destiny()
    free = [c for c in range(12, cell, -1)] + [c for c in range(1, cell)]
    table.place(seat, cell, token, **more)
    for turn in range(7):
        who = other if turn % 2 == 0 else seat
        kind = next(k for k, n in table.state.players[who].tokens.items() if n and k != "harvest")
        table.place(who, free.pop(0), kind)
    while table.state.cursor is not None and GAME.view(table.state)["current"] is not None \
            and GAME.view(table.state)["current"]["cell"] != cell:
        table.act(GAME.view(table.state)["current"]["player"])


def play_round(table: Table) -> None:
    """One round in which nobody does anything: tokens (never a harvest) into empty cells,
    else on one's own first-round token; every token carried out as nothing."""
    if table.state.phase == "destiny":
        table.choose_destiny()
    while GAME.decision(table.state) is not None and GAME.decision(table.state).kind == "place":
        seat = GAME.decision(table.state).seats[0]
        cells = table.state.cells
        cell = next((n for n in range(1, 13) if not cells[n - 1]), None) or next(
            n for n in range(1, 13) if cells[n - 1][-1]["owner"] == seat and cells[n - 1][-1]["face_up"])
        kind = next(k for k, n in table.state.players[seat].tokens.items() if n and k != "harvest")
        table.place(seat, cell, kind)
    table.pass_all()
