"""The organiser's desk forms: what each form's fields mean to the night's service. A form posted
to /e/<id>/admin/<what> runs DESK_FORMS[what](service, event id, desk token, form); those in
ASKING may answer with a question instead of a change (a correction shown before it replaces a
result, a result for a table still played in the app), which the desk shows as a confirmation.
Numbers typed in a form are read by `checks.form_number`: anything but digits reaches the service
as typed, and is refused there with a sentence.
"""
from __future__ import annotations

from flask_babel import gettext

from ...events.checks import form_number
from ...events.clock import form_body as clock_body
from ...events.entering import TableInPlay
from ...games import RuleViolation
from ..words.said import refusal

# The forms that may answer with a confirmation to show (None: the change was made).
ASKING = {"correct", "result"}


def result(service, event_id: str, token: str | None, form) -> dict | None:
    """Enter a result (or a correction); for a table still being played in the app, without the
    desk's "yes, end it" (override), nothing changes and the desk is asked first."""
    override, correction = form.get("override") == "1", form.get("correction") == "1"
    try:
        service.record_result(event_id, token, form.get("table_id", ""), _places(form), correction, override)
    except TableInPlay as exc:
        asked = service.preview_result(event_id, token, form.get("table_id", ""), _places(form))
        return {**asked, "kind": "in_play", "sentence": refusal(exc), "correction": correction}
    return None


def correction(service, event_id: str, token: str | None, form) -> dict:
    """What a correction would change, for the desk to confirm (nothing is changed yet)."""
    preview = service.preview_result(event_id, token, form.get("table_id", ""), _places(form))
    if preview["before"] == preview["after"]:
        raise RuleViolation(gettext("Table %(n)s of round %(round)s has that result already: nothing to change.",
                                    n=preview["table"], round=preview["round"]))
    return {**preview, "kind": "correct"}


def clock(service, event_id: str, token: str | None, form) -> dict:
    """A change of the round clock; a start says which clock the desk showed (its key), so the
    server asks again if another desk changed it since."""
    return service.set_clock(event_id, token, clock_body(form), form.get("clock_key", ""), form.get("clear_extra") == "1")


def _places(form) -> dict[str, str]:
    """A result form's place per player ({name: place typed or tapped})."""
    names, places = form.getlist("player"), form.getlist("place")
    if len(names) != len(places):
        raise RuleViolation(gettext("The form sent a place for some players only: reload the page and enter the result again."))
    return dict(zip(names, places))


DESK_FORMS = {
    "players": lambda s, e, t, f: s.register(e, t, f.get("names", "")),
    "checkin": lambda s, e, t, f: s.checkin(e, t, [f.get("name", "")], f.get("present") == "1"),
    "remove": lambda s, e, t, f: s.remove(e, t, [f.get("name", "")]),
    "round": lambda s, e, t, f: s.start_round(e, t, f.getlist("games")),
    "final": lambda s, e, t, f: s.start_final(e, t, form_number(f.get("top", "")), f.get("game", "")),
    "table-game": lambda s, e, t, f: s.change_game(e, t, f.get("table_id", ""), f.get("game", "")),
    "swap": lambda s, e, t, f: s.swap(e, t, f.get("a", ""), f.get("b", "")),
    "result": result,
    "handover": lambda s, e, t, f: s.hand_over(e, t, f.get("label", "")),
    "revoke": lambda s, e, t, f: s.revoke_desk(e, t, f.get("desk", "")),
    "correct": correction,
    "cancel": lambda s, e, t, f: None,
    "clock": clock,
}
