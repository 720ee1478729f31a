"""The store interface: what any backend must offer the application service.

A table record is a JSON object: its setup (game, players, options, seed), secrets (tokens,
join code), `version`, the ordered `actions` (each {"seq","action","log","at"}) and the
`redo` stack. The service owns the meaning; the store only keeps records durably.
"""
from __future__ import annotations

from abc import ABC, abstractmethod


class StoreError(RuntimeError):
    """The store could not keep data (disk full, read-only folder): nothing was acknowledged."""


class Store(ABC):
    """Durable storage of table records and a small index for listing and join codes."""

    @abstractmethod
    def create_table(self, record: dict) -> None:
        """Store a new table record (its id and join code must be new)."""

    @abstractmethod
    def load_table(self, table_id: str) -> dict | None:
        """The stored record of one table, or None."""

    @abstractmethod
    def save_table(self, record: dict) -> None:
        """Durably replace one table's record; returns only once it is on disk."""

    def append_change(self, record: dict, change: dict) -> None:
        """Durably record one change of a table ({"op": "act"|"undo"|"redo", "version", "entry"?});
        `record` is the table after it. Backends that cannot append simply save the whole record."""
        self.save_table(record)

    @abstractmethod
    def table_for_code(self, join_code: str) -> str | None:
        """The id of the table with this join code, or None."""

    @abstractmethod
    def recent_tables(self, limit: int = 20) -> list[dict]:
        """Index entries of the most recently created tables, newest first."""

    @abstractmethod
    def update_index(self, table_id: str, **fields) -> None:
        """Change the listed summary of a table (for example when its game ends)."""

    @abstractmethod
    def table_count(self) -> int:
        """How many tables are stored."""

    @abstractmethod
    def load_event(self, event_id: str) -> dict | None:
        """The stored record of one tournament night, or None."""

    @abstractmethod
    def save_event(self, record: dict) -> None:
        """Durably store (create or replace) one event's record."""
