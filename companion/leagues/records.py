"""A league's record and its merges of spellings. Pure functions: no Flask, no I/O.

A league record holds its name, the organiser token, the ids of its nights in the order they
were created, the merges the organiser made ({"names", "into", "at"}: two spellings of one person)
and a change counter ("revision", as an event's: a change built on an older copy is refused).
Nothing computed is kept: standings and ratings are read again from the nights every time.
"""
from __future__ import annotations

import secrets

from ..events.records import now
from ..games import RuleViolation
from ..games.names import clean_name, name_key
from ..games.said import said, said_n, word

LEAGUE_SCHEMA = 1
LEAGUE_NAME_MAX = 80
MAX_NIGHTS = 200  # a weekly club's four years; every read of the league reads every night
MAX_MERGES = 500
MAX_MERGE_NAMES = 20


def new_league(name: object) -> dict:
    """A fresh league record (new id and organiser token) for a typed name, or a RuleViolation."""
    return {"schema": LEAGUE_SCHEMA, "id": secrets.token_urlsafe(8), "name": clean_name(name, word("league name"), LEAGUE_NAME_MAX),
            "token": secrets.token_urlsafe(24), "created": now(), "events": [], "merges": [], "revision": 0}


def merge_request(names: object, into: object) -> dict:
    """A merge as typed ({"names": [...], "into": name}), each name cleaned, or a RuleViolation."""
    if not isinstance(names, list) or not names:
        raise RuleViolation(said("List the spellings to merge (such as Anne and ann) in 'names'."))
    if len(names) > MAX_MERGE_NAMES:
        raise RuleViolation(said("A merge names at most {most} spellings; this one names {n}.", most=MAX_MERGE_NAMES, n=len(names)))
    clean = [clean_name(n, word("player's name")) for n in names]
    return {"names": clean, "into": clean_name(into, word("player's name")), "at": now()}


class Identities:
    """Who is who across a league's nights: a name's key (events.checks.name_key, so the league
    forgives what registration does), joined by the organiser's merges, as one root key per person."""

    def __init__(self, merges: list[dict]):
        self.parent: dict[str, str] = {}
        self.shown: dict[str, str] = {}
        for merge in merges:
            self.apply(merge)

    def root(self, key: str) -> str:
        """The key a person is known by once every merge is applied."""
        while key in self.parent:
            key = self.parent[key]
        return key

    def apply(self, merge: dict) -> None:
        """Join every spelling of `merge` to its "into", which is shown from then on."""
        target = self.root(name_key(merge["into"]))
        for name in merge["names"]:
            found = self.root(name_key(name))
            if found != target:  # roots point at roots only: no chain can come back on itself
                self.parent[found] = target
        self.shown[target] = merge["into"]


def night_keys(event_id: str, names: list[str]) -> dict[str, str]:
    """Each registered name of one night with its key. Two names one night registered as two
    players that the comparison cannot tell apart ("Élodie" and "Elodie") stay two people: the
    later one gets a key of its own, which no other night shares."""
    keys, taken = {}, set()
    for name in names:
        key = name_key(name) or name
        if key in taken:
            key = f"{key}#{event_id}"
        taken.add(key)
        keys[name] = key
    return keys


def person(ids: Identities, name: str) -> str:
    """Which person of a league a name is: its key (name_key) with the league's merges (`ids`,
    Identities(league["merges"])) applied. Two names are one person when this is the same."""
    return ids.root(name_key(name) or name)


def check_merge(nights: list[dict], merges: list[dict], wanted: dict) -> None:
    """A RuleViolation, nothing merged, when a name of `wanted` is no player of the nights ({"id",
    "name", "players": registered names, "keys" if read already} each), or when the merges with `wanted` would make one
    person of two names one night registered: they played (or are to play) as two people."""
    before = Identities(merges)
    keyed = [(night, night.get("keys") or night_keys(night["id"], night["players"])) for night in nights]
    known = {before.root(key) for _, keys in keyed for key in keys.values()}
    unknown = [n for n in wanted["names"] if before.root(name_key(n)) not in known]
    if unknown:
        raise RuleViolation(said_n("{names} is not a player of this league: check the spelling. Nothing was merged.",
                                   "{names} are not players of this league: check the spelling. Nothing was merged.",
                                   len(unknown), names=unknown))
    after = Identities([*merges, wanted])
    for night, keys in keyed:
        seen: dict[str, str] = {}
        for name, key in keys.items():
            other = seen.setdefault(after.root(key), name)
            if other != name:
                raise RuleViolation(said("{other} and {name} are both players of “{night}”: they are two people, "
                                         "so they cannot be merged into {into}. Nothing was merged.", other=other, name=name,
                                         night=night['name'], into=wanted['into']))


def check_registration(league: dict, registered: list[str], names: list[str]) -> None:
    """A RuleViolation, nobody registered, when a name being registered at a night of `league` is
    a person the league already has at that night under another spelling (the organiser merged
    the two): one person cannot take two seats."""
    ids = Identities(league["merges"])
    seen = {person(ids, n): n for n in registered}
    for name in names:
        other = seen.setdefault(person(ids, name), name)
        if other != name and name_key(other) != name_key(name):  # the same but for case or accents: registration's own check
            raise RuleViolation(said("{name} is {other} in the league “{league}”: its organiser merged the two "
                                     "spellings, and {other} is registered already. One person plays once a night; nobody "
                                     "was registered.", name=name, other=other, league=league['name']) if other in registered
                                else said("{name} is {other} in the league “{league}”: its organiser merged the two "
                                          "spellings, and {other} is in this list too. One person plays once a night; nobody "
                                          "was registered.", name=name, other=other, league=league['name']))
