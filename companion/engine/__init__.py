"""Game-agnostic machinery: commands in, events out, state as the fold of the events."""
from companion.engine.game import HOST, ONLOOKER, TABLE, Actor, Decision, Game
from companion.engine.registry import find_game, names, register, unregister
from companion.engine.session import Session
from companion.engine.store import EventStore, GameRecord

__all__ = ["HOST", "ONLOOKER", "TABLE", "Actor", "Decision", "EventStore", "Game", "GameRecord", "Session",
           "find_game", "names", "register", "unregister"]
