"""The players' phones of a night, as the event service does them (a part of EventService): check
in by the check-in link, read "my night", and take one's own seat at one's table with one tap.
The rules of it: checkin.py.
"""
from __future__ import annotations

from ..games import RuleViolation
from ..games.said import said
from ..store.revisions import store_changed
from ..tables import NotAllowed
from .checkin import check_key, forget, holder, join, my_night, release  # noqa: F401 (forget: service.py imports it from here)
from .records import note


class NotCheckedIn(NotAllowed):
    """A player token that stands for nobody on this night (never given, or the name was taken off)."""


NOT_CHECKED_IN = said("This phone is not checked in for this night (or the organiser took its name off the list): "
                      "scan the check-in code on the big screen, the desk or the printed pairings.")


class PlayerPhones:
    """Mixed into EventService: what a player's own phone may do on a night."""

    def join(self, event_id: str, key: object, name: object, held: object = None) -> tuple[str, str]:
        """Check in from a phone with the check-in link's `key` (api.md: POST /api/events/<id>/join);
        returns (the registered name, the phone's player token). `held`: the token the phone holds
        already for this night, if any (the same name again keeps it)."""
        done = []

        def change(record):
            check_key(record, key)
            before = {p["name"] for p in record["players"]}
            done.append(join(record, name, held, self.registration_checks))
            what = "registered and checked in" if done[0][0] not in before else "checked in"
            note(record, "by phone", "checkin", text=f"{done[0][0]} {what}")
        record = store_changed(self._lock, lambda: self.get(event_id), change, self.store.save_event)
        self.publish(f"event:{event_id}", len(record["rounds"]))
        return done[0]

    def release_phone(self, event_id: str, token: str | None, name: object) -> dict:
        """The organiser lets go of the phone holding `name` (checkin.release): a new phone may
        check in under it; the old phone's token opens nothing from now on."""
        def change(record):
            released = release(record, name)
            note(record, self.who(record, token), "release", text=f"let another phone check in as {released}")
        return self._change(event_id, token, change)

    def player_name(self, record: dict, token: object) -> str:
        """The player a phone's token stands for on this night, else NotCheckedIn."""
        name = holder(record, token)
        if name is None:
            raise NotCheckedIn(NOT_CHECKED_IN)
        return name

    def me(self, event_id: str, token: object) -> dict:
        """The night of the player `token` stands for (checkin.my_night), else NotCheckedIn."""
        return self.night(self.get(event_id), token)

    def night(self, record: dict, token: object) -> dict:
        """`me` for a night already read."""
        rows = self.results(record)
        return my_night(record, self.player_name(record, token), self.standings(record, rows), self.wall(), self.ended(record, rows))

    def sit(self, event_id: str, token: object, held=lambda table_id: None) -> tuple[str | None, str | None]:
        """Seat the phone of the player `token` stands for at their own seat of the current round:
        the seat is looked up now (a swap since the link was drawn seats them where they are now),
        taken for this phone (from another phone of theirs, if one held it). Returns (the table's id,
        the seat token to keep; None when `held(table_id)`, the phone's token for that table, holds
        the seat already), or (None, None) when they have no table in the app this round."""
        night = self.me(event_id, token)
        table = night["table"]
        if table is None:
            return None, None
        record = self.get(event_id)
        found = self.own_table(record, table["table_id"])
        if found is None:  # played on paper: nothing to sit at
            return None, None
        if found.viewer_for(held(found.id)).seat == table["seat"]:
            return found.id, None
        if found.locked:
            raise RuleViolation(said("That table is no longer played in the app: see your night's page for where you sit now."))
        # The night vouches for its player: the table's own host right takes the seat.
        _, seat_token = self.tables.claim_seat(found.id, found.record["host_token"], table["seat"])
        return found.id, seat_token
