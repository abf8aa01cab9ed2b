"""Firmware logic of the tower's sensor board; hardware lives behind the ``hw`` shims."""
