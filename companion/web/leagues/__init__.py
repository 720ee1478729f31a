"""Leagues (a season across nights): pages, JSON and the big screen's live push."""
