"""Tournament nights as a service: the organiser's changes (everyone's reads: reading.py).

An event record holds its setup, the organiser token, the players (checked in or not), the
rounds with their tables, and the results the organiser entered by hand. Results of tables
played with the app are read from those tables when their game ends, so a table's result
reaches the standings the moment it finishes. An event holds only tables that it created (each
table's record names its event): an id in an event's record never reaches another table.
Every change decides on a copy of the stored record, stores it on the revision read, then acts
(stores the tables it drafted, marks older tables). Exports and imports: transfer.py; desks:
desks.py; the round clock's rules: clock.py; results entered at the desk: entering.py; the final: final.py;
what a player's own phone does: phones.py.
"""
from __future__ import annotations

import logging
import secrets
import threading
import time

from ..games import RuleViolation
from ..games.said import said
from ..games.words import listed
from ..store import Store
from ..store.base import StoreError
from ..store.revisions import store_changed
from ..tables import NotAllowed, Table, TableService, VersionConflict
from . import clock
from .checks import event_setup, removable, round_games, swap_seats, untouched
from .desks import desk_for, desk_of, hand_over, handed, revoke
from .entering import ResultDesk
from .final import FinalDesk
from .phones import PlayerPhones, forget
from .reading import EventNotFound, EventReader  # noqa: F401 (EventNotFound: the web layer imports it from here)
from .records import met, new_record, note, now
from .registration import find_player, player_names, registrable, room_for
from .seating import round_seating

log = logging.getLogger(__name__)


class EventService(ResultDesk, FinalDesk, EventReader, PlayerPhones):
    """Create and run tournament nights; only the organiser token (or a desk's) changes an event."""

    wall = staticmethod(time.time)  # the server's clock, for the round clock (replaced in tests)

    def __init__(self, store: Store, tables: TableService, publish=lambda key, version: None,
                 count_tables=lambda count: None):
        super().__init__(store, tables)
        self.publish = publish
        # Counts tables about to be stored against the caller's create allowance, raising when they
        # do not fit (web/limits.py): a round or a swap stores tables as creating them does.
        self.count_tables = count_tables
        # More checks of names being registered (checks.registrable): a night's league refuses a
        # second spelling of one person (leagues/service.py).
        self.registration_checks: list = []
        self._lock = threading.Lock()

    # -- the organiser's changes -------------------------------------------------------------
    def create(self, name: object, games: object, rounds: object, scoring: object = None, date: object = None,
               league: str | None = None, final: object = None) -> dict:
        """A new event (of `league`, finishing with a final of the top `final`: each if given) with its organiser token."""
        record = new_record({**event_setup(name, games, rounds, scoring, date, final), **({"league": league} if league else {})})
        self.store.save_event(record, None)
        return record

    def register(self, event_id: str, token: str | None, names: object, present: bool = True) -> dict:
        """Register players (checked in unless `present` is false); a name already registered
        (after cleaning, case forgiven) is refused with a sentence and nobody is registered."""
        clean = player_names(names)

        def change(record):
            registrable(record, clean, self.registration_checks)
            room_for(len(record["players"]), len(clean))
            for name in clean:
                record["players"].append({"name": name, "checked_in": present, "since_round": len(record["rounds"]) + 1})
        return self._change(event_id, token, change)

    def checkin(self, event_id: str, token: str | None, names: object, present: object) -> dict:
        """Check players in (present) or out (absent, or dropped out)."""
        if not isinstance(present, bool):
            raise RuleViolation(said("'present' must be true or false."))

        clean = player_names(names)

        def change(record):
            for name in clean:
                player = find_player(record["players"], name)
                if player is None:
                    raise RuleViolation(said("'{name}' is not registered for this event.", name=name))
                player["checked_in"] = present
        return self._change(event_id, token, change)

    def remove(self, event_id: str, token: str | None, names: object) -> dict:
        """Take players who never sat at a table off the night (`checks.removable`)."""
        clean = player_names(names)

        def change(record):
            gone = removable(record, clean)
            record["players"] = [p for p in record["players"] if p not in gone]
            forget(record, [p["name"] for p in gone])
            note(record, self.who(record, token), "remove", text=f"removed {listed([p['name'] for p in gone])} (never seated)")
        return self._change(event_id, token, change)

    def start_round(self, event_id: str, token: str | None, games: object) -> dict:
        """Seat the checked-in players at new tables of one game (an id) or several (a list of ids:
        tables of each, each within its game's limits); returns the round."""
        created, drafts = {}, []

        def change(record):
            chosen = round_games(games, record["games"])
            blocker = self.round_blocker(record)
            if blocker:
                raise RuleViolation(blocker)
            present = [p["name"] for p in record["players"] if p["checked_in"]]
            number = len(record["rounds"]) + 1
            order = [row["name"] for row in self.standings(record) if row["name"] in present] if record["rounds"] else None
            try:
                plan, rng = round_seating(number, record["seed"], present, [(g.id, g.min_players, g.max_players) for g in chosen],
                                          order, met(record))
            except ValueError as exc:
                raise RuleViolation(said("Cannot start the round: {why}", why=exc.args[0])) from None
            created["round"] = self._seat(record, token, drafts, [g.id for g in chosen], plan, rng)
        self._change(event_id, token, change, self._close_earlier_rounds, drafts)
        return created["round"]

    def _seat(self, record: dict, token: str | None, drafts: list[Table], games: list[str], plan: list, rng, **mark) -> dict:
        """A new round of the planned tables ((game id, names) each: seats in that order), drafted
        with seeds from the round's `rng`; returns the round as the API replies it."""
        self.count_tables(len(plan))
        number, tables = len(record["rounds"]) + 1, []
        for game_id, names in plan:
            table = self._draft(record, game_id, names, rng.randrange(1 << 30), drafts, token)
            tables.append({"table_id": table.id, "token": handed(record, table, token), "game": game_id, "players": names})
        record["rounds"].append({"round": number, "games": games, "tables": [
            {k: t[k] for k in ("table_id", "game", "players")} for t in tables], "started": now(), **mark})
        return {"round": number, "tables": tables, **mark}

    def swap(self, event_id: str, token: str | None, a: object, b: object) -> dict:
        """Swap two players' seats in the current round (only while both tables are untouched)."""
        replaced, drafts = [], []

        def change(record):
            rnd = self._current(record)
            (ta, ka), (tb, kb) = swap_seats(record, rnd, a, b)
            for t in (ta, tb):
                self._untouched(record, t)
            ta["players"][ka], tb["players"][kb] = tb["players"][kb], ta["players"][ka]
            self.count_tables(2)
            replaced.extend(self._renew(record, t, drafts, token) for t in (ta, tb))
            number = {id(t): k for k, t in enumerate(rnd["tables"], start=1)}
            note(record, self.who(record, token), "swap", text=f"swapped {ta['players'][ka]} (now at table {number[id(ta)]}) and "
                 f"{tb['players'][kb]} (now at table {number[id(tb)]}) in round {rnd['round']}")
        return self._change(event_id, token, change, lambda record: self._retire(record, replaced), drafts)

    def change_game(self, event_id: str, token: str | None, table_id: object, game_id: object) -> dict:
        """Give a table of the current round another of the night's games (only while it is
        untouched, and only a game its players' number fits)."""
        replaced, drafts = [], []

        def change(record):
            rnd = self._current(record)
            entry = next((t for t in rnd["tables"] if t["table_id"] == table_id), None)
            if entry is None:
                raise RuleViolation(said("That table is not in the current round: reload the page to see the tables as they are."))
            game = round_games(game_id, record["games"])[0]
            number = rnd["tables"].index(entry) + 1
            if not game.min_players <= len(entry["players"]) <= game.max_players:
                raise RuleViolation(said("Table {number} seats {n}; {game} is for {low} to {high} players.", number=number,
                                         n=len(entry['players']), game=game.title, low=game.min_players, high=game.max_players))
            self._untouched(record, entry)
            entry["game"] = game.id
            self.count_tables(1)
            if game.id not in rnd["games"]:
                rnd["games"].append(game.id)
            replaced.append(self._renew(record, entry, drafts, token))
            note(record, self.who(record, token), "game", text=f"table {number} of round {rnd['round']} plays {game.title}")
        return self._change(event_id, token, change, lambda record: self._retire(record, replaced), drafts)

    @staticmethod
    def _current(record: dict) -> dict:
        if not record["rounds"]:
            raise RuleViolation(said("No round has started."))
        return record["rounds"][-1]

    def _untouched(self, record: dict, entry: dict) -> None:
        untouched(record, entry, self.own_table(record, entry["table_id"]))

    def _renew(self, record: dict, entry: dict, drafts: list[Table], token: str | None) -> str:
        """Give `entry` a new table (new tokens: a phone that opened the old one's play link cannot
        play at it); returns the old table's id."""
        old = entry["table_id"]
        entry["table_id"] = self._draft(record, entry["game"], entry["players"], secrets.randbits(30), drafts, token).id
        return old

    def _draft(self, record: dict, game_id: str, names: list[str], seed: int, drafts: list[Table], token: str | None) -> Table:
        """A new table of the event, with a host token of its own for the desk of `token`, added to
        `drafts`: stored once the event is (a refused change leaves no table behind)."""
        table = self.tables.draft(game_id, names, {}, seed, event=record["id"], desk=desk_of(record, token))
        drafts.append(table)
        return table

    def _retire(self, record: dict, table_ids: list[str]) -> None:
        # Only once the event is stored without them: a refused try leaves the old tables in play.
        self._mark_tables(record, [(table_id, lambda t: self.tables.retire(t, record["name"])) for table_id in table_ids])

    def _close_earlier_rounds(self, record: dict) -> None:
        # The new round was seated from the standings: an undo at a table of an earlier round would
        # change them behind the organiser's back (a correction at the desk is recorded and shown).
        self._mark_tables(record, [(t["table_id"], lambda tid, n=rnd["round"]: self.tables.close(tid, record["name"], n))
                            for rnd in record["rounds"][:-1] for t in rnd["tables"]])

    def _mark_tables(self, record: dict, marks: list) -> list[str]:
        """Mark each table of the night (lock, close, take a desk's host rights); the ids of those
        that could not be written (logged: the event's change is stored and stays made)."""
        left = []
        for table_id, mark in marks:
            try:
                if self.own_table(record, table_id) is not None:
                    mark(table_id)
            except (StoreError, VersionConflict) as exc:
                # A locked table's page still names its night (and, replaced, says that its moves
                # no longer count); a revocation says so and can be made again (`revoke_desk`).
                log.warning("Table %s could not be marked by its night: %s", table_id, exc)
                left.append(table_id)
        return left

    # -- desks and the round clock ---------------------------------------------------------------
    def hand_over(self, event_id: str, token: str | None, label: object = None) -> dict:
        """Open the desk on another device: a new organiser token with a name (see desks.py)."""
        made = []
        self._change(event_id, token, lambda record: made.append(hand_over(record, desk_for(record, token), label)))
        return made[0]

    def revoke_desk(self, event_id: str, token: str | None, desk_id: object) -> dict:
        """Revoke a handed-over desk and the desks made from it: their tokens open nothing from now
        on, and the host tokens they were handed for the night's tables (`desk_hosts`) no longer
        work. Revoking a desk revoked already takes those host tokens again (a table that could not
        be written the first time)."""
        record = self.get(event_id)
        if any(d["id"] == desk_id and d.get("revoked") for d in record["desks"]) and self.is_organiser(record, token):
            self._revoke_hosts(record)
            return record
        return self._change(event_id, token, lambda record: revoke(record, desk_for(record, token), desk_id),
                            self._revoke_hosts)

    def _revoke_hosts(self, record: dict) -> None:
        # Once the event is stored with the desks revoked, from every table of the night.
        desks = {d["id"] for d in record["desks"] if d.get("revoked")}
        left = self._mark_tables(record, [(t["table_id"], lambda tid: self.tables.revoke_hosts(tid, desks))
                                          for rnd in record["rounds"] for t in rnd["tables"]])
        if left:
            raise StoreError(said("The desk is revoked, but {n} of the night's tables could not be saved without "
                                  "its host rights: revoke it again in a moment to finish.", n=len(left)))

    def set_clock(self, event_id: str, token: str | None, body: dict, drawn: str | None = None, clear_extra: bool = False) -> dict:
        """Apply one change of the round clock (api.md, Round clock) and return the clock as it is
        now; a desk's form says which clock it was `drawn` from (clock.check_drawn). Refused once
        the night is over (clock.OVER)."""
        def change(record):
            if self.ended(record):
                raise RuleViolation(clock.OVER)
            if drawn is not None and set(body) == {"minutes"}:
                clock.check_drawn(record, body, drawn, clear_extra)
            note(record, self.who(record, token), "clock", text=clock.change(record, body, self.wall()))
        record = self._change(event_id, token, change)
        return clock.view(record, self.wall())

    def clock(self, event_id: str) -> dict:
        """The clock of the event's current round as anyone with the event link reads it."""
        record = self.get(event_id)
        return clock.view(record, self.wall(), self.ended(record))

    def _organisers(self, event_id: str, token: str | None) -> dict:
        """The event, for a bearer of its organiser token (or a desk's); else NotAllowed."""
        record = self.get(event_id)
        if not self.is_organiser(record, token):
            raise NotAllowed(said("Only the organiser (with the event's organiser token) can change the event."))
        return record

    def _change(self, event_id: str, token: str | None, change, after=None, drafts: list[Table] = ()) -> dict:
        """Decide, store, then act: `change` (a function of the record: it decides, and may draft
        tables into `drafts`, storing nothing) changes the event read; it is stored on the revision
        read (refused, StaleEvent, when another desk or process stored a change meanwhile: nothing
        is changed, and the organiser repeats it); then the drafted tables are stored and
        `after(record)` runs."""
        record = store_changed(self._lock, lambda: self._organisers(event_id, token), change, self.store.save_event)
        for table in drafts:
            self.tables.store_checked(table)
        if after is not None:
            after(record)
        self.publish(f"event:{event_id}", len(record["rounds"]))
        return record
