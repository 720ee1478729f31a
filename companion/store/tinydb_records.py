"""The TinyDB store's nights and leagues: one JSON file each (events/<id>.json,
leagues/<id>.json), replaced whole, and a change stored only on the revision it was built on.
A mixin of TinyDBStore, which gives it `_read_record`, `_write_record`, the folders and the lock.
"""
from __future__ import annotations

from pathlib import Path

from ..private_files import make_folder
from .base import StaleEvent, StaleGroup, StaleLeague, StoreError, saving
from .migrations import NewerSchema, migrate_event


class NightsAndLeagues:
    """Load and save events and leagues, each checked against the revision it was built on."""

    def load_event(self, event_id: str) -> dict | None:
        record = self._load_kept(event_id, self.events_dir, "tournament night", "its tables are not affected")
        try:
            return migrate_event(record) if record is not None else None
        except NewerSchema as exc:
            raise StoreError(f"{exc} Run the newer version of the app.") from None

    def save_event(self, record: dict, base: int | None) -> None:
        self._save_kept(record, base, self.load_event, self.events_dir, "tournament night", StaleEvent)

    def load_league(self, league_id: str) -> dict | None:
        return self._load_kept(league_id, self.leagues_dir, "league", "its nights are not affected")

    def save_league(self, record: dict, base: int | None) -> None:
        self._save_kept(record, base, self.load_league, self.leagues_dir, "league", StaleLeague)

    def load_group(self, group_id: str) -> dict | None:
        return self._load_kept(group_id, self.folder / "groups", "group", "its tables are not affected")

    def save_group(self, record: dict, base: int | None) -> None:
        make_folder(self.folder, "groups")  # made with the first group: data folders before groups have none
        self._save_kept(record, base, self.load_group, self.folder / "groups", "group", StaleGroup)

    def _load_kept(self, record_id: str, folder: Path, what: str, unharmed: str) -> dict | None:
        try:
            return self._read_record(record_id, folder)
        except ValueError as exc:
            raise StoreError(f"The saved file of {what} '{record_id}' is damaged ({exc}); {unharmed}. The organiser "
                             "can restore it from a backup: run 'companion restore BACKUP.tar.gz --data EMPTY_FOLDER', "
                             f"then copy {folder.name}/{record_id}.json from there into the data folder (see "
                             "docs/operations.md, Data, backups, restores).") from None

    def _save_kept(self, record: dict, base: int | None, load, folder: Path, what: str, stale: type) -> None:
        # One process owns the folder, yet the check is made here too: both stores refuse the same
        # stale change (the service's lock is per service, and two may share one store).
        with self._events_lock:
            stored = load(record["id"])
            if base is None and stored is not None:
                raise StoreError(f"A {what} with the same id was stored at the same moment: nothing was saved; try again.")
            if base is not None:
                if stored is None:
                    raise StoreError(f"The file of {what} '{record['id']}' is gone from the data folder: nothing was saved.")
                if stored.get("revision", 0) != base:
                    raise stale(record["id"], stored.get("revision", 0))
            with saving(f"the {what}"):
                self._write_record(record, folder)
