"""Set-up: players and chests, the province draft (or the recommended provinces), the tower.

Rulebook, 'Начальная расстановка армий в провинциях': starting with the oldest player and
going clockwise, each player takes one of the two face-up province cards or the top card
of the deck and moves any one army group there; a face-up card taken is replaced from the
deck; if the previous player took the top card, the player may first send both face-up
cards under the deck and turn up two new ones.
"""
from __future__ import annotations

from companion.engine import find_game
from companion.engine.game import versions
from companion.errors import RuleError
from companion.games.shogun import battle, dajokan, expansions, generals, printed, tenno
from companion.games.shogun.catalog import DataError, data_version, documents, recorded_catalog
from companion.games.shogun.colours import PEASANT, PLAYER_COLOURS
from companion.games.shogun.commands import CreateGame, DraftPick, DraftRefresh
from companion.games.shogun.play import Play
from companion.games.shogun.state import SUPPLY

SETUPS = ("draft", "recommended")


def create(play: Play, cmd: CreateGame) -> None:
    if play.state.phase != "new":
        raise RuleError("game.already_created")
    colours = [p.colour for p in cmd.players]
    if not 3 <= len(colours) <= 5:
        raise RuleError("setup.player_count", count=len(colours))
    for colour in colours:
        if colour not in PLAYER_COLOURS:
            raise RuleError("setup.bad_colour", colour=colour)
    if len(set(colours)) != len(colours):
        raise RuleError("setup.colour_twice")
    if cmd.setup not in SETUPS:
        raise RuleError("setup.bad_mode", mode=cmd.setup)
    try:
        data = documents(cmd.side, cmd.board)
        version = data_version(data)
        recorded_catalog(data, version)
    except (DataError, FileNotFoundError) as exc:
        raise RuleError("setup.bad_board", reason=str(exc)) from None
    players = [{"colour": p.colour, "name": p.name or ""} for p in cmd.players]
    config = {"players": players, "setup": cmd.setup, "side": cmd.side,
              "data": data}
    if cmd.expansions:
        config["expansions"] = expansions.recorded(cmd.expansions)
        known = printed.known(cmd.printed or {}, config["expansions"])
        if known:
            config["printed"] = known
    play.event("created", config=config,
               versions=versions(find_game("shogun"), data=version))
    s = play.state
    play.note("setup.created", count=len(players), chests=s.players[colours[0]].chests)
    for name in s.expansions:
        play.note(expansions.SET_UP_NOTES.get(name, "setup.expansion"), expansion=name)
    tenno.set_up(play)
    dajokan.set_up(play)
    if cmd.setup == "recommended":
        _recommended(play)
    else:
        deck = list(s.provinces)
        play.rng.shuffle(deck)
        play.event("deck", deck=deck[2:], face_up=deck[:2])
        ask_draft(play)


def _recommended(play: Play) -> None:
    s = play.state
    tables = s.catalog.setup["recommended"].get(str(len(s.seating)))
    if tables is None:
        raise RuleError("setup.no_recommended", count=len(s.seating))
    for colour, table in zip(s.seating, tables):
        for entry in table:
            _place_group(play, colour, entry["province"], entry["armies"])
    start_seeding(play)


def _place_group(play: Play, colour: str, province: str, armies: int) -> None:
    play.change_owner(province, colour)
    play.move(colour, armies, SUPPLY, province)


def ask_draft(play: Play) -> None:
    s = play.state
    if not any(p.groups for p in s.players.values()):
        start_seeding(play)
        return
    player = s.seating[s.draft_turn % len(s.seating)]
    play.pending("draft_pick", player=player, refresh=s.last_took_deck)


def refresh(play: Play, cmd: DraftRefresh) -> None:
    pending = play.expect("draft_pick", cmd.player)
    if not pending["refresh"]:
        raise RuleError("draft.no_refresh")
    if len(play.state.deck) < 2:
        raise RuleError("draft.deck_too_small")
    play.event("draft_refresh")
    play.note("draft.refreshed", player=cmd.player, face_up=list(play.state.face_up))
    play.pending("draft_pick", player=cmd.player, refresh=False)


def pick(play: Play, cmd: DraftPick) -> None:
    play.expect("draft_pick", cmd.player)
    s = play.state
    groups = s.players[cmd.player].groups
    if cmd.armies not in groups:
        raise RuleError("draft.no_such_group", armies=cmd.armies, groups=sorted(set(groups)))
    if cmd.take == "deck":
        if not s.deck:
            raise RuleError("draft.deck_empty")
        province = s.deck[0]
    elif cmd.take == "face_up":
        if cmd.province not in s.face_up:
            raise RuleError("draft.not_face_up", province=str(cmd.province))
        province = cmd.province
    else:
        raise RuleError("command.bad_field", field="take")
    generals.check_draft_choice(s, cmd.player, bool(cmd.general))
    play.event("draft_take", player=cmd.player, province=province, source=cmd.take,
               armies=cmd.armies)
    _place_group(play, cmd.player, province, cmd.armies)
    play.note("draft.took", player=cmd.player, province=province, armies=cmd.armies,
              source=cmd.take)
    generals.place_in_draft(play, cmd.player, province, bool(cmd.general))
    play.pending(None)
    ask_draft(play)


def start_seeding(play: Play) -> None:
    """Rulebook: 7 armies of every player and 10 peasants go into the tower together."""
    s = play.state
    seeding = s.catalog.cards["tower_seeding"]
    parts = [battle.part(c, seeding["per_player"], SUPPLY, "seed") for c in s.seating]
    parts.append(battle.part(PEASANT, seeding["peasants"], SUPPLY, "seed"))
    play.phase("seeding")
    battle.throw(play, {"kind": "seeding", "then": {"kind": "start_game"}}, parts)
