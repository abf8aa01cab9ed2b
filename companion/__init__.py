"""Table Companion: runs a board game's rules at a real table; the first game is Shogun."""
