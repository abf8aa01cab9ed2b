"""The battle tower as cube bookkeeping, and the sources that count its tray."""
from companion.kits.tower.source import CUBE_COLOURS, PEASANT, PLAYER_COLOURS, Throw, TrayReading, TraySource

__all__ = ["CUBE_COLOURS", "PEASANT", "PLAYER_COLOURS", "Throw", "TrayReading", "TraySource"]
