"""The command line: the games this install runs, and create, list, show, play and simulate
them.

Games live in one SQLite file (``--db``, or $TABLE_COMPANION_DB, or the user's data
folder), the same file the web app uses, so a game started here can be continued there.
Every command finds its game in the registry by the name the game was stored under. A
refusal, and a database that cannot serve (damaged, read-only, on a full disk), is one
sentence in the chosen language on stderr and the exit status 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from companion.engine import EventStore, Session, find_game, names
from companion.errors import RuleError
from companion.games.shogun.colours import PLAYER_COLOURS
from companion.games.shogun.expansions import IMPLEMENTED as EXPANSIONS
from companion.i18n import DEFAULT, LANGUAGES, Names, render
from companion.kits.tower.simulated import SimulatedTower
from companion.storage import worded


def default_db() -> Path:
    env = os.environ.get("TABLE_COMPANION_DB")
    if env:
        return Path(env)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "table-companion" / "games.sqlite3"


def _refused(err: RuleError, names_: Names) -> int:
    print(render(err.key, err.params, names_), file=sys.stderr)
    return 2


def _session(args: argparse.Namespace) -> Session:
    store = EventStore(args.db)
    record = store.game(args.game)
    if record is None:
        sys.exit(f"no game {args.game} in {args.db}")
    return Session(find_game(record.game), store, args.game)


def _notes(session: Session, events: list[dict[str, Any]], lang: str) -> None:
    words = session.game.names(session.state, lang)
    for e in events:
        if e["type"] == "note":
            print(render(e["key"], e["params"], words))


def cmd_games(args: argparse.Namespace) -> int:
    for name in names():
        game = find_game(name)
        print(f"{name:12} {game.titles().get(args.lang, name):16} rules {game.rules_version}  "
              f"data {game.data_version()}")
    return 0


def cmd_create(args: argparse.Namespace) -> int:
    command: dict[str, Any] = {"type": "create"}
    if args.seed is not None:
        command["seed"] = args.seed
    if args.options:
        command.update(json.loads(args.options))
    elif args.game == "shogun":
        colours = args.players.split(",")
        player_names = args.names.split(",") if args.names else [""] * len(colours)
        command.update(setup=args.setup, players=[{"colour": c, "name": n}
                                                  for c, n in zip(colours, player_names)])
        if args.board:
            command["board"] = json.loads(Path(args.board).read_text(encoding="utf-8"))
        if args.expansions:
            command["expansions"] = _listed(args.expansions)
    game = find_game(args.game)
    try:
        session = Session.create(game, command, EventStore(args.db))
    except RuleError as err:
        return _refused(err, game.names(game.new_state(), args.lang))
    print(session.game_id)
    return 0


def _listed(names_: str) -> list[str]:
    """``--expansions samurai,tenno`` as the create command's list."""
    return [n.strip() for n in names_.split(",") if n.strip()]


def cmd_list(args: argparse.Namespace) -> int:
    for g in EventStore(args.db).games():
        players = ", ".join(f"{p.get('seat')} {p.get('score')}" for p in g.summary.get("players", []))
        year = f"year {g.summary['year']}" if "year" in g.summary else ""
        print(f"{g.id}  {g.game:10} {g.summary.get('phase', '?'):12} {year:7}  "
              f"{g.commands:4} commands  {players}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    session = _session(args)
    if args.json:
        view = session.game.view(session.state, args.viewer)
        print(json.dumps(view, ensure_ascii=False, indent=1))
        return 0
    print(f"{args.game}: " + "\n".join(session.game.text(session.state, args.lang, args.log)))
    return 0


def cmd_do(args: argparse.Namespace) -> int:
    session = _session(args)
    try:
        events = session.execute(json.loads(args.command))
    except RuleError as err:
        return _refused(err, session.game.names(session.state, args.lang))
    _notes(session, events, args.lang)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    session = _session(args)
    try:
        session.undo()
    except RuleError as err:
        return _refused(err, session.game.names(session.state, args.lang))
    print(f"undone; {session.seq} commands remain")
    return 0


def _stored(db: Path, game_name: str, progress: bool):
    """Sessions that write every command to ``db``, printing each stored command's number."""
    store = EventStore(db)

    def factory(create: dict) -> Session:
        session = Session.create(find_game(game_name), create, store)
        if progress:
            print(f"game {session.game_id}", flush=True)
            execute = session.execute

            def execute_and_tell(command: dict, *actor: Any) -> list:
                events = execute(command, *actor)
                print(f"stored {session.seq}", flush=True)
                return events
            session.execute = execute_and_tell  # type: ignore[method-assign]
        return session
    return factory


def cmd_tower(args: argparse.Namespace) -> int:
    """Let the simulated tower count the throw the game is waiting for."""
    session = _session(args)
    if "tower" not in session.game.capabilities:
        raise RuleError("game.no_tower", game=session.game.name)
    tower_rules = session.game.tower
    throw = tower_rules.throw(session.state)
    if throw is None:
        return _refused(RuleError("tray.no_throw"), session.game.names(session.state, args.lang))
    tower = SimulatedTower(seed=args.seed)
    tower.begin_throw(throw)
    events = session.execute(tower_rules.count_command(tower.poll().counts))
    _notes(session, events, args.lang)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    game = find_game(args.game)
    factory = _stored(args.db, args.game, args.progress) if args.store else None
    more = {"expansions": tuple(_listed(args.expansions))} if args.expansions else {}
    for k in range(args.games):
        seed = args.seed + k
        session = game.simulate(args.players, seed, check=args.check, session_factory=factory,
                                **more)
        ranked = sorted(game.summary(session.state)["players"], key=lambda p: -p["score"])
        if not args.quiet:
            scores = ", ".join(f"{p['seat']} {p['score']}" for p in ranked)
            print(f"game {k + 1} seed {seed}: {scores}")
    elapsed = time.perf_counter() - started
    print(f"{args.games} games of {args.game}, {args.players} players, {elapsed:.2f} s "
          f"({1000 * elapsed / args.games:.1f} ms a game)", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="companion", description="Table Companion: board games at a real table.")
    ap.add_argument("--db", type=Path, default=default_db(), help="the SQLite file of games")
    ap.add_argument("--lang", choices=LANGUAGES, default=os.environ.get("TABLE_COMPANION_LANG", DEFAULT))
    # ``--lang`` is taken before or after the subcommand: ``show ID --lang cs`` as well.
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS)
    sub = ap.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser

    def sub_parser(name: str, **kw: Any) -> argparse.ArgumentParser:
        return add(name, parents=[lang], **kw)
    sub.add_parser = sub_parser  # type: ignore[method-assign]
    sub.add_parser("games", help="the games this install runs").set_defaults(run=cmd_games)
    c = sub.add_parser("create", help="start a game; prints its id")
    c.add_argument("--game", default="shogun", help="the game's name (see `games`)")
    c.add_argument("--players", default="red,blue,yellow",
                   help=f"Shogun: colours in seating order, oldest first, from {','.join(PLAYER_COLOURS)}")
    c.add_argument("--names", help="Shogun: player names in the same order")
    c.add_argument("--setup", choices=("draft", "recommended"), default="draft")
    c.add_argument("--seed", type=int, help="draw the hidden cards from this seed, to replay a game "
                   "exactly (tests, studies); by default a secret key no one sees")
    c.add_argument("--board", help="Shogun: a corrected board JSON file")
    c.add_argument("--expansions", help=f"Shogun: expansions to play, comma-separated ({','.join(EXPANSIONS)})")
    c.add_argument("--options", help="the create command's fields as JSON (any game)")
    c.set_defaults(run=cmd_create)
    sub.add_parser("list", help="the games in the database").set_defaults(run=cmd_list)
    s = sub.add_parser("show", help="a game's table, or one seat's view as JSON")
    s.add_argument("game")
    s.add_argument("--as", dest="viewer", help="the seat (a Shogun colour) whose view to show")
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
    m.add_argument("--game", default="shogun", help="the game's name (see `games`)")
    m.add_argument("--players", type=int, default=4)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--games", type=int, default=1)
    m.add_argument("--check", action="store_true", help="check the game's invariants after every command")
    m.add_argument("--expansions", help=f"Shogun: expansions to play, comma-separated ({','.join(EXPANSIONS)})")
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
    try:
        with worded(args.db):
            return args.run(args)
    except RuleError as err:
        return _refused(err, Names(args.lang))
