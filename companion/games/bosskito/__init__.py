"""Boss Kito: banana cards and tokens, four turns each per round, benefits by colour, majority scoring."""
from __future__ import annotations

from .page import PAGE

__all__ = ["PAGE"]
