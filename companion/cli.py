"""The command line: create, list and show games, send commands, simulate whole games.

Games live in one SQLite file (``--db``, or $TABLE_COMPANION_DB, or the user's data
folder), the same file the web app uses, so a game started here can be continued there.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Sequence

from companion.engine import EventStore, Session
from companion.errors import RuleError
from companion.games.shogun.rules import ShogunRules
from companion.games.shogun.simulate import check_invariants, play_game
from companion.games.shogun.text import describe, names_for
from companion.games.shogun.tray import count_command, start_throw
from companion.i18n import DEFAULT, LANGUAGES, Names, render
from companion.kits.tower.simulated import SimulatedTower
from companion.kits.tower.source import PLAYER_COLOURS


def default_db() -> Path:
    env = os.environ.get("TABLE_COMPANION_DB")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "table-companion" / "games.sqlite3"


def _session(args: argparse.Namespace) -> Session:
    store = EventStore(args.db)
    if store.game(args.game) is None:
        sys.exit(f"no game {args.game} in {args.db}")
    return Session(ShogunRules(), store, args.game)


def _refusal(state, err: RuleError, lang: str) -> str:
    names = names_for(state, lang) if state.catalog else Names(lang)
    return render(err.key, err.params, names)


def cmd_create(args: argparse.Namespace) -> int:
    colours = args.players.split(",")
    names = args.names.split(",") if args.names else [""] * len(colours)
    command = {"type": "create", "seed": args.seed if args.seed is not None else time.time_ns() % 2**31,
               "setup": args.setup,
               "players": [{"colour": c, "name": n} for c, n in zip(colours, names)]}
    if args.board:
        command["board"] = json.loads(Path(args.board).read_text(encoding="utf-8"))
    try:
        session = Session.create(ShogunRules(), command, EventStore(args.db))
    except RuleError as err:
        print(render(err.key, err.params, Names(args.lang)), file=sys.stderr)
        return 2
    print(session.game_id)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    for g in EventStore(args.db).games():
        players = ", ".join(f"{p['colour']} {p['score']}" for p in g.summary.get("players", []))
        print(f"{g.id}  {g.summary.get('phase', '?'):12} year {g.summary.get('year', '?')}  "
              f"{g.commands:4} commands  {players}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    session = _session(args)
    state = session.state
    if args.json:
        print(json.dumps(ShogunRules().view(state, args.viewer), ensure_ascii=False, indent=1))
        return 0
    names = names_for(state, args.lang)
    print(f"{args.game}: {state.phase}, year {state.year}, season {state.season}; "
          f"waiting for: {json.dumps(state.pending, ensure_ascii=False)}")
    for colour in state.seating:
        p = state.players[colour]
        owned = ", ".join(f"{names.province(q)}({state.provinces[q].armies})"
                          for q in state.owned(colour))
        print(f"  {names.player(colour):12} chests {p.chests:3} rice {p.rice:2} score "
              f"{p.score:3} supply {p.supply:2}  {owned}")
    print(f"  tower: {state.tower}  tray: {state.tray}")
    for note in state.log[-args.log:]:
        print("  · " + describe(state, note, args.lang))
    return 0


def cmd_do(args: argparse.Namespace) -> int:
    session = _session(args)
    try:
        events = session.execute(json.loads(args.command))
    except RuleError as err:
        print(_refusal(session.state, err, args.lang), file=sys.stderr)
        return 2
    for e in events:
        if e["type"] == "note":
            print(describe(session.state, e, args.lang))
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    session = _session(args)
    try:
        session.undo()
    except RuleError as err:
        print(_refusal(session.state, err, args.lang), file=sys.stderr)
        return 2
    print(f"undone; {session.seq} commands remain")
    return 0


def _stored(db: Path, progress: bool):
    """Sessions that write every command to ``db``, printing each stored command's number."""
    store = EventStore(db)

    def factory(create: dict) -> Session:
        session = Session.create(ShogunRules(), create, store)
        if progress:
            print(f"game {session.game_id}", flush=True)
            execute = session.execute

            def execute_and_tell(command: dict) -> list:
                events = execute(command)
                print(f"stored {session.seq}", flush=True)
                return events
            session.execute = execute_and_tell  # type: ignore[method-assign]
        return session
    return factory


def cmd_tower(args: argparse.Namespace) -> int:
    """Let the simulated tower count the throw the game is waiting for."""
    session = _session(args)
    if session.state.battle is None:
        print(render("phase.not_now", {"expected": session.state.phase},
                     names_for(session.state, args.lang)), file=sys.stderr)
        return 2
    tower = SimulatedTower(seed=args.seed)
    start_throw(session.state, tower)
    events = session.execute(count_command(tower))
    for e in events:
        if e["type"] == "note":
            print(describe(session.state, e, args.lang))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    factory = _stored(args.db, args.progress) if args.store else None
    for k in range(args.games):
        seed = args.seed + k
        played = play_game(args.players, seed, setup=args.setup, check=args.check,
                           session_factory=factory)
        if args.check:
            check_invariants(played.session.state)
        result = played.result
        scores = ", ".join(f"{c} {result['scores'][c]} ({result['chests'][c]} chests)"
                           for c in result["ranking"])
        if not args.quiet:
            print(f"game {k + 1} seed {seed}: {scores}; winner {', '.join(result['winners'])}")
    elapsed = time.perf_counter() - started
    print(f"{args.games} games, {args.players} players, {elapsed:.2f} s "
          f"({1000 * elapsed / args.games:.1f} ms a game)", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="companion", description="Table Companion: Shogun at a real table.")
    ap.add_argument("--db", type=Path, default=default_db(), help="the SQLite file of games")
    ap.add_argument("--lang", choices=LANGUAGES, default=os.environ.get("TABLE_COMPANION_LANG", DEFAULT))
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create", help="start a game; prints its id")
    c.add_argument("--players", default="red,blue,yellow",
                   help=f"colours in seating order, oldest first, from {','.join(PLAYER_COLOURS)}")
    c.add_argument("--names", help="player names in the same order")
    c.add_argument("--setup", choices=("draft", "recommended"), default="draft")
    c.add_argument("--seed", type=int)
    c.add_argument("--board", help="a corrected board JSON file")
    c.set_defaults(run=cmd_create)
    sub.add_parser("list", help="the games in the database").set_defaults(run=cmd_list)
    s = sub.add_parser("show", help="a game's table, or one player's view as JSON")
    s.add_argument("game")
    s.add_argument("--as", dest="viewer", choices=PLAYER_COLOURS)
    s.add_argument("--json", action="store_true")
    s.add_argument("--log", type=int, default=12, help="how many log lines")
    s.set_defaults(run=cmd_show)
    d = sub.add_parser("do", help="send one command, as JSON")
    d.add_argument("game")
    d.add_argument("command")
    d.set_defaults(run=cmd_do)
    u = sub.add_parser("undo", help="the host's undo of the last command")
    u.add_argument("game")
    u.set_defaults(run=cmd_undo)
    t = sub.add_parser("tower", help="the simulated tower counts the throw in progress")
    t.add_argument("game")
    t.add_argument("--seed", type=int)
    t.set_defaults(run=cmd_tower)
    m = sub.add_parser("simulate", help="play complete games with random legal choices")
    m.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--games", type=int, default=1)
    m.add_argument("--setup", choices=("draft", "recommended"))
    m.add_argument("--check", action="store_true", help="check cube conservation after every command")
    m.add_argument("--quiet", action="store_true", help="print only the summary")
    m.add_argument("--store", action="store_true", help="keep the games in --db")
    m.add_argument("--progress", action="store_true", help="with --store: print each stored command")
    m.set_defaults(run=cmd_simulate)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        parser().print_help()
        return 0
    args = parser().parse_args(argv)
    return args.run(args)
