"""The exception every rules check raises: an action or setup the rules (or its shape) forbid."""
from __future__ import annotations


class RuleViolation(ValueError):
    """An action the rules (or the action's shape) forbid; the message is for a player."""
