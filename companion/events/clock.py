"""The round clock of a tournament night (api.md, Round clock): a countdown for the current round,
paused and resumed, with minutes added to the whole round or to one table. Pure functions.

The server's time is the only one that counts: the record keeps the round the clock belongs to,
the instant it ends (UTC, to the millisecond) or, while paused, the seconds it had left, and each
table's extra seconds. Every reply says how many seconds are left *now*, so a phone whose own clock
is minutes off still reaches 0 at the same second as the big screen (static/js/clock.js counts down
from that figure, never from its own clock). A clock belongs to one round: once the next round
starts, the old clock is simply not the current round's, and the new round has no clock until the
desk starts one. Minutes are added to the deadline (a clock two minutes past its end given five
more shows three): the time every screen showed stays the measure. `at` is always seconds since
the epoch (time.time()), passed in so that tests need no sleeping.
"""
from __future__ import annotations

from datetime import UTC, datetime

from ..games import RuleViolation
from ..games.fields import is_int
from ..games.said import said
from .checks import form_number
from .records import note

OVER = said("The night is over: every table of its last round has a result, so no clock runs. The clock was not changed.")
MINUTES_MAX = 600  # per start or addition, and a table's time left after any change: 10 hours
ACTIONS = ({"minutes"}, {"pause"}, {"add_minutes"}, {"table_id", "add_minutes"})
# Braces are the sentence's own (a JSON body): said as a value, never a placeholder of the template.
ONE_ACTION = said('Send one change at a time: {minutes} to start, {pause} or {resume}, '
                  '{add} for the round, or {table} for one table.', minutes='{"minutes": n}', pause='{"pause": true}',
                  resume='{"pause": false}', add='{"add_minutes": n}', table='{"table_id": "…", "add_minutes": n}')


def change(record: dict, body: dict, at: float, who: str, ended: bool = False, drawn: str | None = None,
           clear_extra: bool = False) -> None:
    """Apply one change of the clock's API body to `record` by the desk `who`, noted in the
    history (refused with a sentence, leaving the record as it was; OVER once the night has
    `ended`); a desk's form says which clock it was `drawn` from (`check_drawn`)."""
    if ended:
        raise RuleViolation(OVER)
    if drawn is not None and set(body) == {"minutes"}:
        check_drawn(record, body, drawn, clear_extra)
    note(record, who, "clock", text=_changed(record, body, at))


def _changed(record: dict, body: dict, at: float) -> str:
    # The change itself; the history's words for it.
    fields = set(body)
    if fields not in ACTIONS:
        raise RuleViolation(ONE_ACTION)
    number = _current_round(record)["round"]
    if fields == {"minutes"}:
        minutes = whole_minutes(body["minutes"], "minutes")
        record["clock"] = {"round": number, "minutes": minutes, "ends_at": _iso(at + minutes * 60), "left_s": None,
                           "extra_s": {}, "seq": (record.get("clock") or {}).get("seq", 0) + 1}
        return f"started the clock of round {number}: {minutes} minutes"
    table = table_number(record, body["table_id"]) if "table_id" in fields else None
    clock = running_clock(record)
    if fields == {"pause"}:
        return _pause(clock, body["pause"], at)
    minutes = whole_minutes(body["add_minutes"], "add_minutes")
    if table is not None:
        extra = dict(clock["extra_s"])
        extra[body["table_id"]] = extra.get(body["table_id"], 0) + minutes * 60
        _fits(_left(clock, at) + extra[body["table_id"]], table)
        clock["extra_s"] = extra
        words = f"gave table {table} of round {number} {minutes} more minutes"
    else:
        longest = max([0, *clock["extra_s"].values()])
        _fits(_left(clock, at) + minutes * 60 + longest, None)
        if clock["left_s"] is None:
            clock["ends_at"] = _iso(_epoch(clock["ends_at"]) + minutes * 60)
        else:
            clock["left_s"] += minutes * 60
        words = f"gave round {number} {minutes} more minutes"
    clock["seq"] += 1
    return words


def view(record: dict, at: float, ended: bool = False) -> dict:
    """The clock as GET /api/events/<id>/clock replies: the current round, whether its clock runs
    or is paused, when it ends and the seconds left now (to the millisecond; null without a clock),
    and the same for each table of the round (with its extra minutes). Once the night has `ended`
    (its last round has every result) no clock runs: every screen stops counting."""
    rnd = record["rounds"][-1] if record["rounds"] else None
    clock = None if ended else clock_of(record)
    reply = {"round": rnd["round"] if rnd else 0, "running": bool(clock) and clock["left_s"] is None,
             "paused": bool(clock) and clock["left_s"] is not None, "ends_at": None, "remaining_s": None,
             "minutes": clock["minutes"] if clock else None, "tables": {}}
    if clock:
        reply.update(_figures(clock, 0, at))
    for t in rnd["tables"] if rnd else []:
        extra = clock["extra_s"].get(t["table_id"], 0) if clock else 0
        figures = _figures(clock, extra, at) if clock else {"ends_at": None, "remaining_s": None}
        reply["tables"][t["table_id"]] = {**figures, "extra_minutes": extra // 60}
    return reply


def clock_of(record: dict) -> dict | None:
    """The clock of the current round, or None (no clock started, or one of an earlier round)."""
    clock = record.get("clock")
    if not clock or not record["rounds"] or clock["round"] != record["rounds"][-1]["round"]:
        return None
    return clock


def running_clock(record: dict) -> dict:
    """The current round's clock (running or paused), or a sentence saying there is none."""
    clock = clock_of(record)
    if clock is None:
        number = _current_round(record)["round"]
        raise RuleViolation(said("The clock of round {number} has not been started: start it first with a number of minutes.",
                                 number=number))
    return clock


def brief(record: dict, ended: bool = False) -> dict:
    """The clock as the pages draw it, without the seconds left (those change every moment, and a
    page's live regions are pushed again only when what they show changes): "key" changes with
    every start, pause, minutes added or new round (pages then ask for the seconds left again),
    "state" is "none", "running" or "paused" ("over" once the night has `ended`: no clock), with
    the minutes it started with and each table's extra minutes."""
    clock = None if ended else clock_of(record)
    return {"key": f"{len(record['rounds'])}:{clock['seq'] if clock else 0}{':over' if ended else ''}",
            "state": "over" if ended else "none" if clock is None else "running" if clock["left_s"] is None else "paused",
            "minutes": clock["minutes"] if clock else None,
            "extra": {t: s // 60 for t, s in clock["extra_s"].items()} if clock else {}}


def whole_minutes(value: object, field: str) -> int:
    """`value` as a number of minutes from 1 to MINUTES_MAX, or a sentence naming `field`."""
    if not is_int(value) or not 1 <= value <= MINUTES_MAX:
        raise RuleViolation(said("'{field}' must be a whole number of minutes from 1 to {most}.", field=field, most=MINUTES_MAX))
    return value


def table_number(record: dict, table_id: object) -> int:
    """The number of table `table_id` in the current round, or a sentence if it is not in it."""
    rnd = _current_round(record)
    ids = [t["table_id"] for t in rnd["tables"]]
    if table_id not in ids:
        raise RuleViolation(said("That table is not in round {round}, the current one: reload the page to see the tables as they "
                                 "are.", round=rnd['round']))
    return ids.index(table_id) + 1


def form_body(form) -> dict:
    """The API body a desk's clock form means (`action`: start, pause, resume, round or table):
    numbers typed in digits become whole numbers, anything else stays as typed to be refused."""
    action = form.get("action", "")
    bodies = {"start": lambda: {"minutes": form_number(form.get("minutes"))}, "pause": lambda: {"pause": True},
              "resume": lambda: {"pause": False}, "round": lambda: {"add_minutes": form_number(form.get("add_minutes"))},
              "table": lambda: {"table_id": form.get("table_id", ""), "add_minutes": form_number(form.get("add_minutes"))}}
    if action not in bodies:
        raise RuleViolation(said("The clock form sent no known change: reload the desk."))
    return bodies[action]()


def check_drawn(record: dict, body: dict, drawn: object, clear_extra: bool) -> None:
    """Before a desk's form starts the clock again: the clock must be the one the form was drawn
    from (`drawn`, its key), so a desk drawn before another desk paused it or gave a table extra
    time is asked again; and starting again over extra time needs the tick that clears it. The
    server's own record decides, never a field the form says about the clock. Minutes that are no
    number are refused first, with their own sentence."""
    whole_minutes(body["minutes"], "minutes")
    if drawn != brief(record)["key"]:
        raise RuleViolation(said("The clock changed since this desk showed it (another desk started, paused or gave extra "
                                 "time): look at it as it is now and start it again if you still mean to. The clock was not "
                                 "changed."))
    clock = clock_of(record)
    if clock is not None and clock["extra_s"] and not clear_extra:
        raise RuleViolation(said("Starting the clock again clears the extra time given to tables: "
                                 "tick “and clear the extra time” to start again. The clock was not changed."))


def _pause(clock: dict, pause: object, at: float) -> str:
    if not isinstance(pause, bool):
        raise RuleViolation(said("'pause' must be true (pause the clock) or false (resume it)."))
    if pause == (clock["left_s"] is not None):
        raise RuleViolation(said("The clock is paused already.") if pause else said("The clock is running already."))
    if pause:
        clock["left_s"], clock["ends_at"] = round(_left(clock, at), 3), None
    else:
        clock["ends_at"], clock["left_s"] = _iso(at + clock["left_s"]), None
    clock["seq"] += 1
    return f"{'paused' if pause else 'resumed'} the clock of round {clock['round']}"


def _figures(clock: dict, extra: float, at: float) -> dict:
    left = _left(clock, at) + extra
    ends = None if clock["left_s"] is not None else _iso(_epoch(clock["ends_at"]) + extra)
    return {"ends_at": ends, "remaining_s": round(max(0.0, left), 3)}


def _left(clock: dict, at: float) -> float:
    """The round's seconds left at `at` (below 0 once its time is up: a table's extra counts from there)."""
    return clock["left_s"] if clock["left_s"] is not None else _epoch(clock["ends_at"]) - at


def _fits(left: float, table: int | None) -> None:
    """Refused when a table (`table`, else any table of the round) would have too many minutes left."""
    if left > MINUTES_MAX * 60:
        raise RuleViolation(said("A table would have more than {most} minutes left: add fewer minutes.", most=MINUTES_MAX)
                            if table is None else
                            said("Table {table} would have more than {most} minutes left: add fewer minutes.", table=table,
                                 most=MINUTES_MAX))


def _current_round(record: dict) -> dict:
    if not record["rounds"]:
        raise RuleViolation(said("No round has started: the clock counts down the current round."))
    return record["rounds"][-1]


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds")


def _epoch(stamp: str) -> float:
    return datetime.fromisoformat(stamp).timestamp()
