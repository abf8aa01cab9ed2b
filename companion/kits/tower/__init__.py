"""The battle tower as cube bookkeeping, and the sources that count its tray."""
from companion.kits.tower.colours import PALETTE, cube_colours
from companion.kits.tower.source import Throw, TrayReading, TraySource

__all__ = ["PALETTE", "Throw", "TrayReading", "TraySource", "cube_colours"]
