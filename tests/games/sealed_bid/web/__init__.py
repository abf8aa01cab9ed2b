"""Sealed bids' screens: templates, the hand's script and the screens' words (no code)."""
