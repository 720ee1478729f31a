"""Leagues: a season across tournament nights, its standings and its openskill ratings."""
