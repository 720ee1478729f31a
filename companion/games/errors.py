"""The exception every rules check raises: an action or setup the rules (or its shape) forbid."""
from __future__ import annotations


class RuleViolation(ValueError):
    """An action the rules (or the action's shape) forbid; the message is for a player: a Said
    (companion/games/said.py) whose text is the English sentence, translated where it is shown."""

    @property
    def said(self) -> object:
        """The sentence raised (a Said, or the plain text of one raised before sentences had ids)."""
        return self.args[0] if self.args else ""
