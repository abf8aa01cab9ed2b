"""Tools for developing Table Companion (photo generator, sensor-board emulator); the product never imports them."""
