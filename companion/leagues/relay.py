"""A night's push reaches its league: every `event:<id>` published on the live hub is published
again as `league:<league id>` when the night belongs to a league, so the league's big screen
(web/leagues_live.py) listens to one channel, not to each of up to 200 nights.

The relay stands in the tables' and nights' publish (companion/__init__.py): a table's game
ending (or an undo reopening it) and every change at a night's desk pass through it, in the
process that made the change; with Redis the league's push then reaches every process.
"""
from __future__ import annotations

from ..live import LiveHub
from ..store import Store, StoreError

PREFIX = "event:"


class Relay:
    """The hub's publish, with each night's push published again to its league."""

    def __init__(self, hub: LiveHub, store: Store):
        self.hub = hub
        self.store = store

    def publish(self, key: str, version: int) -> None:
        """Publish `key` at `version`, and its league's channel when `key` is a league's night."""
        self.hub.publish(key, version)
        if not key.startswith(PREFIX):
            return
        try:
            record = self.store.load_event(key[len(PREFIX):])
        except StoreError:
            return  # a damaged night's file: its own page says so; its league reads without it
        if record and record.get("league"):
            self.hub.publish(f"league:{record['league']}", version)
