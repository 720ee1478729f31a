"""Gangs of Kyoto: cards into a row, a round ends at 13 (18 with Stay Late), first to 13 bells."""
