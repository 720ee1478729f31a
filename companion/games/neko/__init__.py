"""Kyoto no Neko: kitten sheets, skill checks, missions and medals, growth, bike cards."""
from __future__ import annotations

from .page import PAGE

__all__ = ["PAGE"]
