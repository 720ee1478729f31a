"""Leagues as a service: create one, add a night to it, merge spellings, and read it (standings,
ratings, the rows of its spreadsheet) from its nights through the event service, every time.

A night belongs to a league when the league lists it and the night's record names the league
(as a table belongs to the night that made it): an id in a league's record never reaches a night
of another league. Nothing computed is stored: each process keeps its last read of a league and
makes again what a night's push or the league's revision says changed (cache.py), so a
correction at a desk, an undo at a table or a merge is in the next read. A change to a league
pushes `league:<id>` on the live hub (its big screen's socket listens), as a change to one of its
nights does (cache.Relay). Exports and imports: transfer.py.
"""
from __future__ import annotations

import threading

from ..events.reading import EventNotFound
from ..events.service import EventService
from ..events.spreadsheets import event_date
from ..games import RuleViolation
from ..games.said import said
from ..live import LiveHub
from ..store import Store
from ..store.revisions import store_changed
from ..tables import NotAllowed, same_secret
from .cache import Kept, LeagueCache
from .records import MAX_MERGES, MAX_NIGHTS, check_merge, check_registration, merge_request, new_league, night_keys
from .standings import league_table, night_placings

FINISHED = ("result", "correction", "settled")


class LeagueNotFound(LookupError):
    """No league has this id."""


class WrongLeagueToken(PermissionError):
    """A token was sent, and it is not the league's."""


class LeagueService:
    """Create leagues, add nights to them, and read them from their nights."""

    def __init__(self, store: Store, events: EventService, hub: LiveHub | None = None):
        self.store = store
        self.events = events
        self.hub = hub
        # Without a hub nothing says when a night changed: every read then reads every night.
        self.cache = LeagueCache(hub, self._read_night) if hub is not None else None
        self._lock = threading.Lock()
        events.registration_checks.append(self.check_registration)

    def create(self, name: object) -> dict:
        """A new league; the reply carries its organiser token."""
        record = new_league(name)
        self.store.save_league(record, None)
        return record

    def get(self, league_id: object) -> dict:
        """The league record, or LeagueNotFound."""
        record = self.store.load_league(league_id) if isinstance(league_id, str) else None
        if record is None:
            raise LeagueNotFound(said("There is no league '{id}'.", id=str(league_id)[:20]))
        return record

    def authorise(self, league_id: object, token: str | None) -> dict:
        """The league, if `token` is its organiser token: NotAllowed without one, WrongLeagueToken
        with another, LeagueNotFound for an unknown league."""
        record = self.get(league_id)
        if not token:
            raise NotAllowed(said("This needs the league's token (Authorization: Bearer {token}): only its organiser adds nights "
                                  "to it or changes it.", token="<token>"))
        if not same_secret(record["token"], token):
            raise WrongLeagueToken(said("That token is not this league's: only its organiser can change it or add nights to it."))
        return record

    def is_organiser(self, record: dict, token: str | None) -> bool:
        """Whether `token` is the league's organiser token."""
        return bool(token) and same_secret(record["token"], token)

    def add_night(self, league_id: str, token: str | None, event_id: str) -> dict:
        """List a night (created naming this league) as the league's newest."""
        def change(record):
            self.room_for_night(record)
            record["events"].append(event_id)
        return self._change(league_id, token, change)

    def room_for_night(self, record: dict) -> None:
        """A RuleViolation when the league is full (asked before the night is created)."""
        if len(record["events"]) >= MAX_NIGHTS:
            raise RuleViolation(said("A league holds at most {most} nights; start a new league for the next season.", most=MAX_NIGHTS))

    def new_night(self, league_id: object, token: str | None, create) -> dict:
        """A night created in the league: `create(league_id)` makes the event (naming the league),
        which the league then lists. The token and the room are checked before anything is made."""
        self.room_for_night(self.authorise(league_id, token))
        event = create(league_id)
        self.add_night(league_id, token, event["id"])
        return event

    def merge(self, league_id: str, token: str | None, names: object, into: object) -> dict:
        """Count several spellings as one person from now on, history included. Every name must be
        a player of the league, and no two of them may have played one night (two people)."""
        wanted = merge_request(names, into)

        def change(record):
            if len(record["merges"]) >= MAX_MERGES:
                raise RuleViolation(said("A league keeps at most {most} merges.", most=MAX_MERGES))
            check_merge(self._nights(record), record["merges"], wanted)
            record["merges"].append(wanted)
        return self._change(league_id, token, change)

    def check_registration(self, event: dict, names: list[str]) -> None:
        """A RuleViolation, nobody registered, when a night of a league is registering a name its
        league takes as a person the night has already (records.check_registration). Called by
        the events' registration (EventService.registration_checks)."""
        if not event.get("league"):
            return
        try:
            league = self.get(event["league"])
        except LeagueNotFound:
            return  # a night whose league is gone from this server is a night of its own
        check_registration(league, [p["name"] for p in event["players"]], names)

    def nights(self, record: dict) -> list[dict]:
        """The league's nights in the order they were created, each read as league_table takes it."""
        found = (self._read_night(record, event_id) for event_id in record["events"])
        return [night for night in found if night is not None]

    def _nights(self, record: dict) -> list[dict]:
        """The league's nights as last read (cache.py), else read now."""
        if self.cache is None:
            return self.nights(record)
        kept = self.cache.read(record)
        return [kept.nights[e] for e in record["events"] if kept.nights.get(e) is not None]

    def _read_night(self, record: dict, event_id: str) -> dict | None:
        """One night of the league as league_table takes it; None for a night gone from this
        server (its file restored elsewhere) or one that is not the league's."""
        try:
            event = self.events.get(event_id)
        except EventNotFound:
            return None
        return self._night(event) if event.get("league") == record["id"] else None

    def _night(self, event: dict) -> dict:
        results = self.events.results(event)
        # Points and wins only: a league keeps up to 200 nights of these (the tie-breakers stay the night's).
        rows = {r["name"]: {"points": r["points"], "wins": r["wins"]} for r in self.events.standings(event, results)}
        seated = {name for rnd in event["rounds"] for t in rnd["tables"] for name in t["players"]}
        entered: dict[tuple, str] = {}  # (round, table): when the desk first entered a result for it
        for e in event["history"]:
            if e.get("what") in FINISHED and e.get("at"):
                where = (e.get("round"), e.get("table"))
                entered[where] = min(entered.get(where, e["at"]), e["at"])
        tables = [{"finished": self._finished(event, r, entered), "round": r["round"], "table": r["table"], "places": r["places"]}
                  for r in results if r["places"]]
        # The date as the organiser typed it, else the day the night was created (as its spreadsheets).
        players = [p["name"] for p in event["players"]]
        return {"id": event["id"], "name": event["name"], "date": event_date(event), "players": players,
                "keys": night_keys(event["id"], players), "seated": seated, "rows": rows, "tables": tables,
                "placings": night_placings(tables)}

    def _finished(self, event: dict, row: dict, entered: dict[tuple, str]) -> str | None:
        """When a table finished: its game's last move for a table that ended in the app, else the
        first result the desk entered for it (`entered`), else its round's start (a night imported
        without its history)."""
        # Only a table whose game ended in the app has a result from the app (results.app_places).
        table = self.events.own_table(event, row["table_id"]) if row["played"] is not None else None
        if table is not None and table.state.get("over") and table.record["actions"]:
            return table.record["actions"][-1]["at"]
        if (row["round"], row["table"]) in entered:
            return entered[(row["round"], row["table"])]
        return next((r.get("started") for r in event["rounds"] if r["round"] == row["round"]), None)

    def table(self, record: dict) -> dict:
        """Standings, players and rows per night (standings.league_table), as of now."""
        return self.kept(record).table

    def kept(self, record: dict) -> Kept:
        """The league's read as of now with its version (cache.py); made afresh without a hub."""
        if self.cache is not None:
            return self.cache.read(record)
        kept = Kept()
        kept.table = league_table(self.nights(record), record["merges"])
        return kept

    def _change(self, league_id: str, token: str | None, change) -> dict:
        """Apply `change` to the stored league and store it on the revision read (refused when
        another process stored a change first, as events' changes are)."""
        record = store_changed(self._lock, lambda: self.authorise(league_id, token), change, self.store.save_league)
        if self.hub is not None:
            self.hub.publish(f"league:{league_id}", record["revision"])
        return record
