"""Game-agnostic machinery: commands in, events out, state as the fold of the events."""
from companion.engine.session import Rules, Session
from companion.engine.store import EventStore, GameRecord

__all__ = ["EventStore", "GameRecord", "Rules", "Session"]
