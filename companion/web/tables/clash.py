"""What a phone whose tap lost the race to another phone is told: the move another phone entered
first, in the history's own words, and whether its own entry is one the table would still take
(so that its outbox offers "Enter it again" only then)."""
from __future__ import annotations

from flask_babel import gettext, ngettext

from ...games import Viewer
from ...games.fields import is_int
from ...tables import Table, last_change, phone_name
from ...tables.seat_moves import recent as seat_news
from ..words.phones import words as phone_words
from ..words.said import told

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
        said = {"who": phone_words(change["by"]), "what": change["name"]}
        return (gettext("%(who)s undid first: %(what)s This tap was not recorded.", **said) if change["op"] == "undid"
                else gettext("%(who)s redid first: %(what)s This tap was not recorded.", **said))
    moved = [n for n in seat_news(table) if n["version"] == table.version]
    if moved:
        # The newest version moved a seat (seat_moves.py): no move of the game came first.
        name = moved[0]["name"]
        return (gettext("%(name)s's seat moved to another phone first. This tap was not recorded.", name=name)
                if moved[0]["op"] == "moved" else
                gettext("%(name)s's seat went back to the phone it moved from first. This tap was not recorded.", name=name))
    actions = table.record["actions"]
    entries = table.log_for(viewer, last=min(behind, NAMED)) if actions else []
    said = " ".join(" ".join(told(line) for line in e["log"]).strip() for e in entries).strip()  # in its language
    if not said:
        return gettext("Another phone changed the table first (it took a move back), so this tap was not recorded. "
                       "The table is shown as it is now.")
    more = " " + ngettext("(and %(num)s earlier change)", "(and %(num)s earlier changes)", behind - NAMED) if behind > NAMED else ""
    phones = {e.get("by") for e in actions[-len(entries):]}
    by = actions[-1].get("by") if len(phones) == 1 else None
    # Named when one seated phone entered them all (the host's and the shared phone's marks may be
    # several devices, this one among them); this phone's own seat (its answer lost) says so.
    seated = is_int(by)
    if not seated:
        return gettext("Another phone entered first: %(what)s%(more)s This tap was not recorded.", what=said, more=more)
    if by == viewer.seat:
        return gettext("This phone entered first: %(what)s%(more)s This tap was not recorded.", what=said, more=more)
    return gettext("%(who)s entered first: %(what)s%(more)s This tap was not recorded.",
                   who=phone_words(phone_name(table, by)), what=said, more=more)


def still_sentence(again: bool) -> str:
    """What the phone may do with its refused entry now."""
    if again:
        return " " + gettext("It is still possible: enter it again if you still mean it.")
    return " " + gettext("It is no longer possible as it stands: look at the table and tap again.")
