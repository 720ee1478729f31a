"""What a phone whose tap lost the race to another phone is told: the move another phone entered
first, in the history's own words, and whether its own entry is one the table would still take
(so that its outbox offers "Enter it again" only then)."""
from __future__ import annotations

from ..games import Viewer
from ..games.fields import is_int
from ..tables import Table, last_change, phone_name
from ..tables.seat_moves import recent as seat_news
from .said import told

# A phone that fell several moves behind is told the newest few, not a page of history.
NAMED = 3


def came_first(table: Table, viewer: Viewer, version: int | None) -> str:
    """The sentence of a tap refused because the table moved on from `version`: what was entered
    first (as the history says it, hidden information redacted for this phone) and that this tap
    was not recorded."""
    behind = table.version - version if version is not None and version < table.version else 1
    change = last_change(table)
    if change and change["by"] and change["version"] == table.version:
        # The newest change was an undo or redo: the log's last entries are not what came first.
        return f"{change['by']} {change['op']} first: {change['name']} This tap was not recorded."
    moved = [n for n in seat_news(table) if n["version"] == table.version]
    if moved:
        # The newest version moved a seat (seat_moves.py): no move of the game came first.
        what = "moved to another phone" if moved[0]["op"] == "moved" else "went back to the phone it moved from"
        return f"{moved[0]['name']}'s seat {what} first. This tap was not recorded."
    actions = table.record["actions"]
    entries = table.log_for(viewer, last=min(behind, NAMED)) if actions else []
    said = " ".join(" ".join(told(line) for line in e["log"]).strip() for e in entries).strip()  # in its language
    if not said:
        return ("Another phone changed the table first (it took a move back), so this tap was not recorded. "
                "The table is shown as it is now.")
    more = f" (and {behind - NAMED} earlier changes)" if behind > NAMED else ""
    phones = {e.get("by") for e in actions[-len(entries):]}
    by = actions[-1].get("by") if len(phones) == 1 else None
    # Named when one seated phone entered them all (the host's and the shared phone's marks may be
    # several devices, this one among them); this phone's own seat (its answer lost) says so.
    seated = is_int(by)
    who = ("This phone" if by == viewer.seat else phone_name(table, by)) if seated else "Another phone"
    return f"{who} entered first: {said}{more} This tap was not recorded."


def still_sentence(again: bool) -> str:
    """What the phone may do with its refused entry now."""
    if again:
        return " It is still possible: enter it again if you still mean it."
    return " It is no longer possible as it stands: look at the table and tap again."
