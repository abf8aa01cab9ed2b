"""Shogun's screens: its scene of a device's view, templates, scripts and words (mounted by the web shell)."""
