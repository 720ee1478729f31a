"""What a phone whose tap lost the race to another phone is told: the move another phone entered
first, in the history's own words, and whether its own entry is one the table would still take
(so that its outbox offers "Enter it again" only then)."""
from __future__ import annotations

from ..games import Viewer
from ..tables import Table

# A phone that fell several moves behind is told the newest few, not a page of history.
NAMED = 3


def came_first(table: Table, viewer: Viewer, version: int | None) -> str:
    """The sentence of a tap refused because the table moved on from `version`: what was entered
    first (as the history says it, hidden information redacted for this phone) and that this tap
    was not recorded."""
    behind = table.version - version if version is not None and version < table.version else 1
    entries = table.log_for(viewer, last=min(behind, NAMED)) if table.record["actions"] else []
    said = " ".join(" ".join(e["log"]).strip() for e in entries).strip()
    if not said:
        return ("Another phone changed the table first (it took a move back), so this tap was not recorded. "
                "The table is shown as it is now.")
    more = f" (and {behind - NAMED} earlier changes)" if behind > NAMED else ""
    return f"Another phone entered first: {said}{more} This tap was not recorded."


def still_sentence(again: bool) -> str:
    """What the phone may do with its refused entry now."""
    if again:
        return " It is still possible: enter it again if you still mean it."
    return " It is no longer possible as it stands: look at the table and tap again."
