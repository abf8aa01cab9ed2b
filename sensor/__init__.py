"""Host side of the tower's sensor board: protocol, serial link, tray source (its emulator is devtools.sensor_emulator)."""
from sensor.link import SensorLink, find_board_port
from sensor.source import SensorTraySource

__all__ = ["SensorLink", "SensorTraySource", "find_board_port"]
