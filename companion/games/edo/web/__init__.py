"""Edo's screens: the scene its templates read, its templates, scripts and words."""
