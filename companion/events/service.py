"""Tournament nights as a service (the record: records.py; everyone's reads: reading.py).

Every change reads the stored record, hands it to a pure function that decides (registration.py,
checkin.py, rounds.py, entering.py, phones.py, desks.py, clock.py), stores it on the revision
read (refused, StaleEvent, when another desk or process stored a change meanwhile: nothing is
tried again, and the organiser repeats it), then stores the tables it drafted and marks the
night's older tables.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import partial

from ..games import RuleViolation
from ..games.said import Said, said
from ..store import Store
from ..store.base import StoreError
from ..store.revisions import store_changed
from ..tables import NotAllowed, Table, TableService, VersionConflict
from . import reading
from .checkin import my_night, removed
from .checks import event_setup
from .clock import change as clock_change
from .clock import view as clock_view
from .desks import desk_for, hand_over, hosts_taken, revoke
from .entering import entered, preview
from .phones import joined, player_name, released
from .reading import EventNotFound  # the web layer imports it from here too
from .records import Decided, new_record
from .registration import checked_in, player_names, registered
from .results import conflicts
from .rounds import next_round, regamed, seated_final, swapped

log = logging.getLogger(__name__)


class EventService:
    """Create, run and read tournament nights; only the organiser token (or a desk's) changes an event."""

    wall = staticmethod(time.time)  # the server's clock, for the round clock (replaced in tests)

    def __init__(self, store: Store, tables: TableService, publish=lambda key, version: None,
                 count_tables=lambda count: None):
        self.store = store
        self.tables = tables
        self.publish = publish
        # Counts tables about to be stored against the caller's allowance, raising when they do not fit.
        self.count_tables = count_tables
        # More checks of names being registered (registration.registered): a league's (leagues/service.py).
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
        """Register players (registration.registered), checked in unless `present` is false."""
        clean = player_names(names)
        return self._apply(event_id, token, lambda record: registered(record, clean, present, self.registration_checks))[0]

    def checkin(self, event_id: str, token: str | None, names: object, present: object) -> dict:
        """Check players in (present) or out (absent, or dropped out)."""
        if not isinstance(present, bool):
            raise RuleViolation(said("'present' must be true or false."))
        clean = player_names(names)
        return self._apply(event_id, token, lambda record: checked_in(record, clean, present))[0]

    def remove(self, event_id: str, token: str | None, names: object) -> dict:
        """Take players who never sat at a table off the night (checkin.removed)."""
        clean = player_names(names)
        return self._apply(event_id, token, lambda record: removed(record, clean, self.who(record, token)))[0]

    def start_round(self, event_id: str, token: str | None, games: object) -> dict:
        """Seat the checked-in players at new tables of `games` (rounds.next_round); returns the round."""
        return self._apply(event_id, token, lambda record: next_round(
            record, games, self.results(record), self._drafter(record, token), desk_for(record, token)))[1].reply

    def start_final(self, event_id: str, token: str | None, top: object, game_id: object) -> dict:
        """Seat the final of the best `top` at `game_id` (rounds.seated_final); returns it as a round."""
        return self._apply(event_id, token, lambda record: seated_final(
            record, self.results(record), top, game_id, self._drafter(record, token), desk_for(record, token)))[1].reply

    def swap(self, event_id: str, token: str | None, a: object, b: object) -> dict:
        """Swap two players' seats in the current round (rounds.swapped)."""
        return self._apply(event_id, token, lambda record: swapped(
            record, a, b, partial(self.own_table, record), self._drafter(record, token), self.who(record, token)))[0]

    def change_game(self, event_id: str, token: str | None, table_id: object, game_id: object) -> dict:
        """Give a table of the current round another of the night's games (rounds.regamed)."""
        return self._apply(event_id, token, lambda record: regamed(
            record, table_id, game_id, partial(self.own_table, record), self._drafter(record, token), self.who(record, token)))[0]

    def record_result(self, event_id: str, token: str | None, table_id: object, placings: object, correction: object = False,
                      override: object = False) -> dict:
        """A result entered at the desk, or a correction (entering.entered; TableInPlay without `override`)."""
        for field, value in (("correction", correction), ("override", override)):
            if not isinstance(value, bool):
                raise RuleViolation(said("'{field}' must be true or false.", field=field))
        return self._apply(event_id, token, lambda record: entered(
            record, self.results(record), table_id, placings, partial(self.own_table, record), correction, override,
            self.who(record, token)))[0]

    def preview_result(self, event_id: str, token: str | None, table_id: object, placings: object) -> dict:
        """What a result would change, without changing it (entering.preview)."""
        record = self._organisers(event_id, token)
        return preview(self.results(record), table_id, placings, partial(self.own_table, record))

    # -- desks and the round clock ---------------------------------------------------------------
    def hand_over(self, event_id: str, token: str | None, label: object = None) -> dict:
        """Open the desk on another device: a new organiser token with a name (see desks.py)."""
        return self._apply(event_id, token, lambda record: Decided(hand_over(record, desk_for(record, token), label)))[1].reply

    def revoke_desk(self, event_id: str, token: str | None, desk_id: object) -> dict:
        """Revoke a handed-over desk (desks.revoke); again, to take host tokens a table missed."""
        record = self.get(event_id)
        if any(d["id"] == desk_id and d.get("revoked") for d in record["desks"]) and self.is_organiser(record, token):
            self._act(record, hosts_taken(record))
            return record
        return self._apply(event_id, token, lambda record: revoke(record, desk_for(record, token), desk_id))[0]

    def set_clock(self, event_id: str, token: str | None, body: dict, drawn: str | None = None, clear_extra: bool = False) -> dict:
        """One change of the round clock (clock.change, api.md); returns the clock as it is now."""
        record, _ = self._apply(event_id, token, lambda record: clock_change(
            record, body, self.wall(), self.who(record, token), self.ended(record), drawn, clear_extra))
        return clock_view(record, self.wall())

    def clock(self, event_id: str) -> dict:
        """The clock of the event's current round as anyone with the event link reads it."""
        record = self.get(event_id)
        return clock_view(record, self.wall(), self.ended(record))

    # -- a player's own phone --------------------------------------------------------------------
    def join(self, event_id: str, key: object, name: object, held: object = None) -> tuple[str, str]:
        """Check in from a phone with the check-in link's `key` (phones.joined); returns (the
        registered name, the phone's player token)."""
        return self._apply(event_id, None, lambda record: joined(record, key, name, held, self.registration_checks),
                           lambda: self.get(event_id))[1].reply

    def release_phone(self, event_id: str, token: str | None, name: object) -> dict:
        """The organiser lets go of the phone holding `name` (phones.released)."""
        return self._apply(event_id, token, lambda record: released(record, name, self.who(record, token)))[0]

    player_name = staticmethod(player_name)  # (record, token): phones.player_name

    def me(self, event_id: str, token: object) -> dict:
        """The night of the player `token` stands for (checkin.my_night), else NotCheckedIn."""
        return self.night(self.get(event_id), token)

    def night(self, record: dict, token: object) -> dict:
        """`me` for a night already read."""
        rows = self.results(record)
        return my_night(record, player_name(record, token), self.standings(record, rows), self.wall(), self.ended(record, rows))

    def sit(self, event_id: str, token: object, held=lambda table_id: None) -> tuple[str | None, str | None]:
        """Seat the phone of the player `token` stands for at their seat of the current round, looked
        up now (after a swap, where they sit now). Returns (the table's id, the seat token; None when
        `held(table_id)` holds the seat already), or (None, None) without a table in the app."""
        table = self.me(event_id, token)["table"]
        found = None if table is None else self.own_table(self.get(event_id), table["table_id"])
        if found is None:  # no table this round, or played on paper: nothing to sit at
            return None, None
        if found.viewer_for(held(found.id)).seat == table["seat"]:
            return found.id, None
        if found.locked:
            raise RuleViolation(said("That table is no longer played in the app: see your night's page for where you sit now."))
        # The night vouches for its player: the table's own host right takes the seat.
        _, seat_token = self.tables.claim_seat(found.id, found.record["host_token"], table["seat"])
        return found.id, seat_token

    # -- everyone's reads (reading.py) -----------------------------------------------------------
    def get(self, event_id: str) -> dict:
        """The event record, or EventNotFound."""
        record = self.store.load_event(event_id) if isinstance(event_id, str) else None
        if record is None:
            raise EventNotFound(said("There is no event '{id}'.", id=str(event_id)))
        return record

    def is_organiser(self, record: dict, token: str | None) -> bool:
        """Whether `token` opens this event's desk (its organiser token, or a desk handed over)."""
        return desk_for(record, token) is not None

    def who(self, record: dict, token: str | None) -> str:
        """The desk a token opens, as the history names it ("organiser", or a handed-over desk's name)."""
        desk = desk_for(record, token)
        return desk["label"] if desk else "?"

    def own_table(self, record: dict, table_id: object) -> Table | None:
        """The table `table_id` if this event created it, else None (reading.own_table)."""
        return reading.own_table(self.tables, record, table_id)

    def results(self, record: dict) -> list[dict]:
        """Every table of every round with its results (see results.result_rows)."""
        return reading.results(self.tables, record)

    def conflicts(self, record: dict, results: list[dict] | None = None) -> list[dict]:
        """The tables whose hand-entered and in-app results disagree, until the organiser settles them."""
        return conflicts(self.results(record) if results is None else results)

    def standings(self, record: dict, results: list[dict] | None = None) -> list[dict]:
        """The standings rows (reading.night_standings), from `results` when already read."""
        return reading.night_standings(record, self.results(record) if results is None else results)

    def ended(self, record: dict, results: list[dict] | None = None) -> bool:
        """Whether the night is over (reading.ended), from `results` when already read."""
        return reading.ended(self.tables, record, results)

    def round_blocker(self, record: dict, results: list[dict] | None = None) -> Said | None:
        """Why the next round cannot start now (a sentence), or None when it can."""
        return reading.round_blocker(record, self.results(record) if results is None else results)

    # -- deciding, storing, acting ---------------------------------------------------------------
    def _organisers(self, event_id: str, token: str | None) -> dict:
        """The event, for a bearer of its organiser token (or a desk's); else NotAllowed."""
        record = self.get(event_id)
        if not self.is_organiser(record, token):
            raise NotAllowed(said("Only the organiser (with the event's organiser token) can change the event."))
        return record

    def _apply(self, event_id: str, token: str | None, decide: Callable[[dict], Decided | None], read=None) -> tuple[dict, Decided]:
        """Decide, store, then act: `decide` changes the record read (the organisers', else `read()`),
        store_changed stores it on the revision read; then the drafts are stored, the marks made, the
        night pushed. Returns the record and what was decided."""
        decided = []

        def change(record: dict) -> None:
            decided.append(decide(record) or Decided())  # None: nothing more
            self.count_tables(len(decided[0].drafts))  # refused (nothing stored) when they do not fit
        record = store_changed(self._lock, read or (lambda: self._organisers(event_id, token)), change, self.store.save_event)
        for table in decided[0].drafts:
            self.tables.store_checked(table)
        self._act(record, decided[0])
        self.publish(f"event:{event_id}", len(record["rounds"]))
        return record, decided[0]

    def _act(self, record: dict, done: Decided) -> None:
        """Make the marks `done` decided on the night's own tables; one that cannot be written is
        logged (the change stays made), and `done.unmarked` raised when it has a sentence for that."""
        left = []
        for how, table_id, args in done.marks:
            try:
                if self.own_table(record, table_id) is not None:
                    getattr(self.tables, how)(table_id, *args)
            except (StoreError, VersionConflict) as exc:
                # A locked table's page still names its night (and, replaced, says that its moves
                # no longer count); a revocation says so and can be made again (`revoke_desk`).
                log.warning("Table %s could not be marked by its night: %s", table_id, exc)
                left.append(table_id)
        if left and done.unmarked is not None:
            raise StoreError(done.unmarked(len(left)))

    def _drafter(self, record: dict, token: str | None) -> Callable[..., Table]:
        """TableService.draft for a table of the night, with a host token for the desk of `token`."""
        return partial(self.tables.draft, event=record["id"], desk=desk_for(record, token)["id"])

