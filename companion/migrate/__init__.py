"""`companion migrate`: data an earlier release stored, converted once into this release's shape,
with the servers stopped: a data folder (folder.py) or, for an app configured with Redis, the
records under its key prefix (redis_keys.py). The servers read only the current shape (they refuse
an older record with this command's name), so no code for older data runs while tables are played.

What changed between releases, converted by records.py for both stores:
- a table from the first releases gets the seats and redo list they did not store, and a schema;
- a Neko table set up before the Skill die had its faces gets the die it was played with;
- a table whose log was recorded under older rules (its entries' "rules") is replayed under
  today's: kept when they take every move, else set aside (unconverted/, or renamed keys) and named;
- a table whose history was logged as English sentences gets each line as its message id and
  values (what today's rules say of the same move, when its English is the line kept), so every
  phone reads it in its own language; a line that cannot be matched stays as it was, shown as is;
- a night's table seated before desks had host tokens of their own gets a new host token;
- each night: its rounds' games, its desks' makers, its placings, its revision.
What only the data folder had: the journal's changes (journal.log, journal.old) copied into their
tables' logs, the old files' shapes ({"table": {"1": {"record": ...}}}) and the index (index.json,
index.log) replaced by index/, listed again from the tables.
"""
from __future__ import annotations

from .folder import migrate
from .redis_keys import ServerRunning, migrate_redis

__all__ = ["ServerRunning", "migrate", "migrate_redis"]
