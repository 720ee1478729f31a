"""A league's sums over its nights, kept between reads: each night's part (its names' keys with the
merges applied, each person's points, wins and nights there, its finished tables in the order
they finished) is worked out once per read of that night, and the league's totals change by the
parts that changed. A table finishing tonight costs tonight's part, not four years of nights.

Everything starts again when the merges change or the nights are no longer the last read's
followed by new ones (a night gone from this server): who is who, and the nights' order, changed.
"""
from __future__ import annotations

from itertools import chain

from ..games.names import name_key
from .records import Identities, night_keys


def who(keys: dict[str, str], ids: Identities, name: str) -> str:
    """The person a name at a table of a night is (its registered name's key, merges applied)."""
    return keys.get(name) or ids.root(name_key(name) or name)


class Part:
    """One night's share of the league (see the module)."""

    def __init__(self, night: dict, ids: Identities):
        self.night = night
        self.keys: dict[str, str] = {}
        taken: set[str] = set()
        for name, key in (night.get("keys") or night_keys(night["id"], night["players"])).items():
            root = ids.root(key)
            if root in taken:  # a merge stored before merges were checked joined two players of this night:
                root = f"{key}#{night['id']}"  # they stay two people, as records.night_keys keeps lookalikes apart
            taken.add(root)
            self.keys[name] = root
        self.totals: dict[str, list] = {}  # person: [points, wins, nights seated, 1 (registered here)]
        self.names: dict[str, str] = {}  # person: the night's first spelling of them
        for name in night["players"]:
            key = self.keys[name]
            row = night["rows"].get(name, {})
            total = self.totals.setdefault(key, [0.0, 0, 0, 1])
            total[0] += row.get("points", 0)
            total[1] += row.get("wins", 0)
            total[2] += name in night["seated"]
            self.names.setdefault(key, name)
        tables = sorted(((t["finished"] or "", t["round"], t["table"]), t) for t in night["tables"])
        self.times = [when for (when, _, _), _ in tables]
        self.tables = [t for _, t in tables]
        self.steps = [(tuple(who(self.keys, ids, name) for name in t["places"]), tuple(t["places"].values())) for t in self.tables]


class Sums:
    """The league's totals per person and its tables in order, kept from read to read."""

    def __init__(self):
        self.merges = -1  # merges are only ever added: their count says whether they changed
        self.ids = Identities([])
        self.night_ids: list[str] = []
        self.parts: dict[str, Part] = {}
        self.totals: dict[str, list] = {}

    def update(self, nights: list[dict], merges: list[dict], pause=lambda: None) -> list[Part]:
        """The parts of `nights` (in order), the totals brought up to date with them; `pause()`
        after each part worked out (every night's, after a merge: other phones go between)."""
        listed = [n["id"] for n in nights]
        if len(merges) != self.merges or listed[:len(self.night_ids)] != self.night_ids:
            self.__init__()
            self.merges, self.ids = len(merges), Identities(merges)
        parts = []
        for night in nights:
            part = self.parts.get(night["id"])
            if part is None or part.night is not night:
                if part is not None:
                    self._add(part, -1)
                part = self.parts[night["id"]] = Part(night, self.ids)
                self._add(part, 1)
                pause()
            parts.append(part)
        self.night_ids = listed
        return parts

    def _add(self, part: Part, sign: int) -> None:
        for key, (points, wins, seated, registered) in part.totals.items():
            total = self.totals.setdefault(key, [0.0, 0, 0, 0])
            total[0] += sign * points
            total[1] += sign * wins
            total[2] += sign * seated
            total[3] += sign * registered
            if total[3] == 0:  # registered at no night any more (taken off the night it was on)
                del self.totals[key]

    def first_names(self, parts: list[Part]) -> dict[str, str]:
        """Each person's spelling at the first night (in the league's order) that registered them."""
        names: dict[str, str] = {}
        for part in parts:
            for key in part.names.keys() - names.keys():
                names[key] = part.names[key]
        return names


def in_order(parts: list[Part]) -> tuple[list[tuple], list[int]]:
    """Every finished table's step (player keys, places) in the order the tables finished, and the
    night (its index) of each: by time, then night, round and table."""
    runs = [(n, part) for n, part in enumerate(parts) if part.steps]
    # Nights seldom overlap: when each night's tables all finished before the next night's, the
    # nights' own orders, one after another, are the league's.
    if all(a.times[-1] <= b.times[0] for (_, a), (_, b) in zip(runs, runs[1:])):
        return list(chain.from_iterable(part.steps for _, part in runs)), [n for n, part in runs for _ in part.steps]
    played = sorted((part.times[i], n, t["round"], t["table"], i) for n, part in runs for i, t in enumerate(part.tables))
    return [parts[n].steps[i] for _, n, _, _, i in played], [n for _, n, _, _, _ in played]
