"""Capabilities a game opts into: each kit is game-agnostic machinery with its colours passed in."""
