"""Gangs of Kyoto: cards into a row, a round ends at 13 (18 with Stay Late), first to 13 bells."""
from __future__ import annotations

from .page import PAGE

__all__ = ["PAGE"]
