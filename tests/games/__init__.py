"""Small games kept with the tests: each proves a game plugs in through the engine's seam."""
