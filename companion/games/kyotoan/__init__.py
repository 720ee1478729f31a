"""Last Kyotoan Standing: a King of Tokyo edition set in Kyoto."""
from __future__ import annotations

from .page import PAGE

__all__ = ["PAGE"]
