"""What a game gives the platform, and nothing more: the seam every game plugs into.

The shell (web app, command line, store) knows a game only through this interface. It
never reads a game's state: it passes commands in with who sent them, and reads back the
decision the game awaits, each seat's view, and a summary for the lobby. Everything
Shogun-shaped stays in Shogun's package.

A game's first event is ``{"type": "created", "versions": {...}, ...}``: the rules' and the
data's version the game was made with (``versions``), so a game saved today replays with
the facts it was played with, and a game saved by a newer release is refused, not misread.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

Event = dict[str, Any]
Emit = Callable[[Event], None]


@dataclass(frozen=True)
class Actor:
    """Who sent a command. A seat is a player's own device; the table is the shared tablet
    (it also plays for everyone when the group passes the tablet); the host holds the PIN,
    and the command line, which holds the database itself, acts as the host."""

    role: str
    seat: str | None = None

    @classmethod
    def of_seat(cls, seat: str) -> "Actor":
        return cls("seat", seat)

    @property
    def is_table(self) -> bool:
        """The table, or the host (who may do whatever the table may)."""
        return self.role in ("table", "host")

    def may_play(self, seat: str | None) -> bool:
        """Whether this actor may act for ``seat``: its own seat, or any seat from the table."""
        return self.is_table or (self.role == "seat" and seat is not None and seat == self.seat)


TABLE = Actor("table")
HOST = Actor("host")
ONLOOKER = Actor("onlooker")


@dataclass(frozen=True)
class Decision:
    """What the game waits for: ``kind`` (a game's own word, such as "plans"), the seats
    whose phones must answer, and whether the table must (a tray count, a step on the board).
    Timers, "your turn" alerts and the lobby read this; ``timed`` says the table's timer
    runs for it (Shogun times the plans, not a move)."""

    kind: str
    seats: tuple[str, ...] = ()
    table: bool = False
    timed: bool = False


@dataclass(frozen=True)
class Screens:
    """Where a game's screens live, described without Flask: the web shell makes a blueprint
    of it. ``package``'s folder holds ``templates/<game>/`` (``table.html`` and ``hand.html``,
    the page bodies that lay out the regions and include ``shell/_tools.html`` where the
    shell's buttons go; ``table/_<region>.html`` and ``hand/_<region>.html``, each region
    drawn from the scene alone; ``new.html``, the new-game form's fields), ``static/``
    (served at ``/games/<game>/static/``; ``game.js`` is loaded on every page of the game,
    ``table.js`` and ``hand.js`` on theirs) and ``words/{ru,cs,en}.json`` (the screens' own
    words). ``scene(snapshot, lang, seat, facts, t)`` wraps one device's snapshot (its view
    and choices) with the game's public ``facts`` and the words function ``t`` for its
    templates: screens never see the state; a scene with a ``live()`` method adds its fields
    to each live update. ``new_game`` is what the new-game form shows beyond the shell's
    fields."""

    package: str
    regions: Mapping[str, tuple[str, ...]]
    scene: Callable[..., Any]
    new_game: Mapping[str, Any] = field(default_factory=dict)


class Game(Protocol):
    """A game the platform can run; the registry finds it by ``name``."""

    name: str
    rules_version: int
    capabilities: frozenset[str]
    screens: Screens

    def titles(self) -> Mapping[str, str]:
        """The game's name in each language, for the lobby."""

    def data_version(self) -> str:
        """A digest of the data files the rules read (boards, cards, tables)."""

    def create_command(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The create command (without its seed) from the new-game form's fields or the
        API's JSON, less the table's own settings (PIN, tray, timer, mode)."""

    def new_state(self) -> Any: ...

    def apply(self, state: Any, event: Event) -> None:
        """Fold one event into the state; never validates, never draws."""

    def execute(self, state: Any, command: Mapping[str, Any], actor: Actor,
                rng: random.Random, emit: Emit) -> None:
        """Validate ``command`` from ``actor`` (raising RuleError before emitting anything),
        then emit its events. Who may send what is decided here, not by the shell."""

    def decision(self, state: Any) -> Decision | None:
        """Who is awaited and for what; None when the game is over."""

    def seats(self, state: Any) -> tuple[str, ...]:
        """The seats in play, in seating order (each can join with its own device)."""

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public table). The only thing screens read."""

    def facts(self, state: Any) -> Any:
        """What every device may know that is not in the view and does not change in play:
        the game's data as it was created (its board and cards), for the screens."""

    def choices(self, state: Any, seat: str | None) -> dict[str, Any]:
        """The legal options of the decision ``seat`` is awaited for, worked out from what
        it may see (where a move may go), so its screen offers only those."""

    def summary(self, state: Any) -> dict[str, Any]:
        """A small public digest for the lobby and ``list``: ``players`` (each with its
        ``seat``, ``name`` and ``score``) and whatever else the game shows there."""

    def text(self, state: Any, lang: str, log: int) -> list[str]:
        """The table as plain lines for the command line's ``show``, with the newest
        ``log`` lines of the game's log."""

    def names(self, state: Any, lang: str) -> Any:
        """How this game words its seats, places and terms in ``lang`` (a
        ``companion.i18n.Names``), for its messages and refusals."""

    def simulate(self, players: int, seed: int, check: bool = False,
                 session_factory: Callable[[dict[str, Any]], Any] | None = None) -> Any:
        """One complete game with random legal choices (a ``Session``), for ``simulate``
        and the property tests; ``check`` verifies the game's invariants after every
        command; ``session_factory`` makes the session from the create command (to store it)."""

    def undoable(self, events: list[Event]) -> bool:
        """False when these events revealed something secret: undo would unsee it."""

    # With the capability "board" (``companion.engine.board``):
    # ``board_steps(state, events)``: what ``events`` ask of the players on the real board, as
    # groups ``{"player", "lines"}``, one a player, each line a message ``{"key", "params"}``
    # with an ``icon`` and ``colour`` for its picture and the ``places`` on the board it
    # touches (the map marks them while the step is shown); ``state`` is the state before the
    # events, advanced through them. ``undo_steps(groups)``: the groups that put back what
    # ``groups`` did.
    #
    # A game that asks the table for values printed on its cards but not in its rules
    # (``companion.engine.printed``) has ``printed_questions()``: every such question, by key,
    # for the install's page. Its create command takes the install's known values as
    # ``printed``, and it emits ``printed`` events with what the table tells.


def digest(*documents: Any) -> str:
    """A short, stable digest of JSON-shaped data: a data version."""
    text = json.dumps(documents, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def versions(game: Game, data: str | None = None) -> dict[str, Any]:
    """What a game's ``created`` event records of the code and data it was made with;
    ``data`` the version of the data actually used, when a group brought its own (a
    corrected board), else the packaged data's."""
    return {"game": game.name, "rules": game.rules_version,
            "data": data if data is not None else game.data_version()}
