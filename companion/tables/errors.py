"""What a table refuses: the errors its service raises (no table, no right, a seat held by another
phone, a version gone by, a table its tournament night replaced, whose round it closed or whose
result its desk entered while it played), and the
sentences such a table says. The web layer maps each to its reply; every module of the service raises them.
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.said import Said, said


class TableNotFound(LookupError):
    """No table has this id (or join code)."""


class NotAllowed(PermissionError):
    """The caller has no token that lets them change this table."""


class SeatTaken(RuntimeError):
    """Another phone holds the seat asked for."""


class VersionConflict(RuntimeError):
    """The caller acted on a version of the table that is no longer current."""

    def __init__(self, current: int):
        super().__init__(said("The table changed (it is now at version {current}); look at the new state and try again.",
                              current=current))
        self.current = current


class TableReplaced(RuleViolation):
    """The tournament night's organiser replaced this table (new seats or another game before it
    started): its moves no longer count."""


def replaced_sentence(night: str) -> Said:
    """What a table the night's organiser replaced says to its players (its refusals and its page)."""
    return said("The organiser replaced this table (seats or game changed): moves here no longer count. Find your table at {night}.",
                night=night)


class TableClosed(RuleViolation):
    """The table's tournament night seated the next round from its round's results: its game no
    longer changes (an undo would silently change standings the next round was seated from)."""


def closed_sentence(night: str, round_number: int) -> Said:
    """What a table of a closed round says to its players (its refusals and its page)."""
    return said("Round {round} of {night} is closed: the next round was seated from its results, so moves here no "
                "longer change them. The organiser corrects a result at the desk.", round=round_number, night=night)


def decided_sentence(night: str, round_number: int, result: str) -> Said:
    """What a table says once its night's desk entered its result while it still played (its
    refusals and its page): the result that counts, in words (the night's record keeps them in
    English: the desk's placings, "1st Ann, 2nd Ben")."""
    return said("The organiser's desk entered this table's result for round {round} of {night}: {result}. "
                "The table is finished: moves here no longer count.", round=round_number, night=night, result=result)
