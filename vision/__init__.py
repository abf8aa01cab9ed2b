"""Counting the battle tower's tray with a camera: calibrate once, count frames, feed the engine."""
from vision.calibration import Calibration, CalibrationError, calibrate
from vision.counter import Count, Counter
from vision.source import CameraTraySource

__all__ = ["CameraTraySource", "Calibration", "CalibrationError", "Count", "Counter", "calibrate"]
