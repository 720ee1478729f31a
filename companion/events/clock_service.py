"""The round clock's changes and reads, as a part of `service.EventService` (the rules: clock.py).

A change of the clock is a change of the event record like any other (`_change`: the organiser's
token or a desk's, the record's revision), so it survives a restart on either store and reaches
every page through the event's push. `wall` is the server's clock (time.time), replaced in tests.
"""
from __future__ import annotations

import time

from . import clock
from .records import note


class ClockChanges:
    """Start, pause, resume and lengthen the current round's clock (mixed into
    `service.EventService`, whose `_change`, `get` and `who` these use)."""

    wall = staticmethod(time.time)

    def set_clock(self, event_id: str, token: str | None, body: dict) -> dict:
        """Apply one change of the clock (api.md, Round clock) and return the clock as it is now."""
        def change(record):
            words = clock.change(record, body, self.wall())
            note(record, self.who(record, token), "clock", text=words)
        return clock.view(self._change(event_id, token, change), self.wall())

    def clock(self, event_id: str) -> dict:
        """The clock of the event's current round as anyone with the event link reads it."""
        return clock.view(self.get(event_id), self.wall())
