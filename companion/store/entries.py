"""A table's log (its actions, or its redo list) as this process holds it: the last RECENT entries
as they are, every older one as its JSON text, parsed again when read.

Why: an entry held as Python objects (its dict, the action's dicts and the decoded keys, the log
lines, the time) took about 1.3 KB, its JSON text about 250 bytes; a table's log grows with every
action and the process holds up to 512 tables (storage.py), so the logs were what made a venue's
memory rise (docs/operations.md, "What grows, measured"). Only the last entries are read while a
game is played (the history shows the last 30, an undo takes the last, a catch-up compares the
last), so those stay parsed and a tap parses nothing.

An `Entries` reads as the list it stands for (index, slice, len, iterate, ==, + a list), always
giving fresh dicts for the old entries, and is written by every store as that list (atomic.py's
encoder asks `list()` of it; the Redis store writes `texts()`, the very JSON it wrote for each
entry, and reads a log back with `read`), so the stored formats do not change.
It is never changed in place: `+` and slices make new ones, sharing the old texts.
"""
from __future__ import annotations

import json
from collections.abc import Sequence

# The entries kept parsed: the history's 30 and a whole tap undone from them, with slack.
RECENT = 40


def packed(entry: dict) -> str:
    """An entry as the compact text kept for it: the text the Redis store writes for it too."""
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


class Entries(Sequence):
    """A log's entries: the older ones as JSON text (`_old`), the last ones as dicts (`_recent`)."""

    __slots__ = ("_old", "_recent")

    def __init__(self, entries=(), _old: tuple = ()):
        recent = tuple(entries)
        cut = len(recent) - RECENT
        if cut > 0:
            _old, recent = _old + tuple(packed(e) for e in recent[:cut]), recent[cut:]
        self._old, self._recent = _old, recent

    @classmethod
    def read(cls, texts: list[str]) -> "Entries":
        """A log as a store holds it, each entry's JSON text in the form `packed` makes (the Redis
        store's): every text is parsed (ValueError for one that is not JSON, as before), the older
        ones kept as read rather than written again."""
        entries = [json.loads(t) for t in texts]
        cut = max(0, len(texts) - RECENT)
        return cls(entries[cut:], tuple(texts[:cut]))

    def texts(self) -> list[str]:
        """Each entry as its JSON text (`packed`), the older ones not parsed again."""
        return [*self._old, *map(packed, self._recent)]

    def __len__(self) -> int:
        return len(self._old) + len(self._recent)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[k] for k in range(start, stop, step)]
            stop = max(start, stop)
            old, split = self._old[start:stop], len(self._old)
            return Entries(self._recent[max(0, start - split):max(0, stop - split)], old)
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("log entry out of range")
        split = len(self._old)
        return json.loads(self._old[index]) if index < split else self._recent[index - split]

    def __iter__(self):
        for text in self._old:
            yield json.loads(text)
        yield from self._recent

    def __add__(self, other) -> "Entries":
        if isinstance(other, Entries):
            if other._old:
                return Entries((), self._old + tuple(packed(e) for e in self._recent) + other._old) + other._recent
            other = other._recent
        return Entries(self._recent + tuple(other), self._old)

    def __radd__(self, other) -> "Entries":
        return Entries(other) + self

    def __eq__(self, other) -> bool:
        if not isinstance(other, (Entries, list)):
            return NotImplemented
        if len(self) != len(other):
            return False
        if isinstance(other, Entries) and self._old == other._old:
            return self._recent == other._recent  # the texts compared as texts, none parsed
        return all(a == b for a, b in zip(self, other))

    __hash__ = None  # like the list it stands for

    def __repr__(self) -> str:
        return f"Entries({list(self)!r})"
