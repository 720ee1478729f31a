"""The JSON API for tournament nights (../shared/design/api.md, section Events)."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext

from ...events import spreadsheets, transfer
from ...events.desks import open_desks
from ...games import RuleViolation
from ...tables import NotAllowed
from ..http.incoming import bearer_token, import_body, json_body
from ..http.links import public_base
from ..http.session import desk_token
from ..services import events, leagues
from .regions import checkin_url

bp = Blueprint("events_api", __name__, url_prefix="/api/events")


def event_urls(event_id: str) -> dict:
    """Where players, the big screen and the event QR code are."""
    base = public_base()
    return {
        "event": base + url_for("events.event_page", event_id=event_id),
        "screen": base + url_for("events.screen", event_id=event_id),
        "qr": base + url_for("events.event_qr", event_id=event_id),
    }


def _players(record: dict):
    return jsonify(players=[{"name": p["name"], "checked_in": p["checked_in"]} for p in record["players"]])


@bp.post("")
def create():
    """Create an event; the reply carries the organiser token."""
    body = json_body({"name", "games", "rounds", "scoring", "date", "league", "final"}, ("name", "games", "rounds"))

    def made(league: str | None = None) -> dict:
        return events().create(body["name"], body["games"], body["rounds"], body.get("scoring"), body.get("date"), league,
                               body.get("final"))
    # A night of a league: with the league's token as bearer (api.md, Leagues).
    record = leagues().new_night(body["league"], bearer_token(), made) if "league" in body else made()
    return jsonify(id=record["id"], token=record["token"], urls=event_urls(record["id"])), 201


@bp.post("/import")
def import_event():
    """A new event from an export (addition): its tables are created anew from their logs; the
    reply carries the new organiser token and no table's token."""
    request.max_content_length = 4 * 1024 * 1024
    record = transfer.import_event(events(), import_body())
    return jsonify(id=record["id"], token=record["token"], urls=event_urls(record["id"])), 201


@bp.get("/<event_id>")
def event(event_id):
    """The whole event as the organiser sees it: setup, rounds, players, the results that
    disagree (conflicts) and the history of what the organisers changed."""
    service = events()
    record = service.get(event_id)
    if not any(service.is_organiser(record, t) for t in (bearer_token(), desk_token(event_id))):
        raise NotAllowed(gettext("Only the organiser (with the event's organiser token) can read the whole event."))
    return jsonify(id=record["id"], name=record["name"], date=record["date"], games=record["games"],
                   rounds_planned=record["rounds_planned"], final_planned=record.get("final_planned"),
                   scoring=record["scoring"], rounds=record["rounds"],
                   players=record["players"], conflicts=service.conflicts(record), history=record["history"],
                   urls={**event_urls(event_id), "checkin": checkin_url(record)})


@bp.post("/<event_id>/desks")
def hand_over(event_id):
    """Open the desk on another device (organiser; an addition): a new organiser token with a name."""
    body = json_body({"label"})
    desk = events().hand_over(event_id, bearer_token(), body.get("label"))
    url = public_base() + url_for("events.desk_link", event_id=event_id, token=desk["token"])
    return jsonify(id=desk["id"], label=desk["label"], token=desk["token"], url=url), 201


@bp.post("/<event_id>/desks/<desk_id>/revoke")
def revoke_desk(event_id, desk_id):
    """Revoke a handed-over desk (organiser; an addition): its token opens nothing from now on."""
    json_body(set())
    record = events().revoke_desk(event_id, bearer_token(), desk_id)
    return jsonify(desks=[{k: d[k] for k in ("id", "label", "made", "by")} for d in open_desks(record)])


@bp.post("/<event_id>/players")
def players(event_id):
    """Register players (organiser)."""
    body = json_body({"names"}, ("names",))
    return _players(events().register(event_id, bearer_token(), body["names"]))


@bp.post("/<event_id>/players/remove")
def remove_players(event_id):
    """Take players who never sat at a table off the night: a name typed wrong (organiser)."""
    body = json_body({"names"}, ("names",))
    return _players(events().remove(event_id, bearer_token(), body["names"]))


@bp.post("/<event_id>/checkin")
def checkin(event_id):
    """Check players in or out (organiser)."""
    body = json_body({"names", "present"}, ("names", "present"))
    return _players(events().checkin(event_id, bearer_token(), body["names"], body["present"]))


@bp.post("/<event_id>/rounds")
def start_round(event_id):
    """Seat the checked-in players and create the round's tables (organiser)."""
    body = json_body({"game", "games"})
    if len(body) != 1:
        raise RuleViolation(gettext("Send either 'game' (one game id) or 'games' (a list of game ids) for the round."))
    return jsonify(events().start_round(event_id, bearer_token(), body.get("game", body.get("games")))), 201


@bp.post("/<event_id>/final")
def final(event_id):
    """Seat the night's final: one table of the top n by the standings, seated by standing (organiser)."""
    body = json_body({"top", "game"}, ("top", "game"))
    return jsonify(events().start_final(event_id, bearer_token(), body["top"], body["game"])), 201


@bp.post("/<event_id>/swap")
def swap(event_id):
    """Swap two players' seats before their tables start (organiser; an addition to the contract)."""
    body = json_body({"a", "b"}, ("a", "b"))
    record = events().swap(event_id, bearer_token(), body["a"], body["b"])
    return jsonify(round=record["rounds"][-1])


@bp.post("/<event_id>/table-game")
def table_game(event_id):
    """Give an untouched table of the current round another of the night's games (organiser; an
    addition to the contract)."""
    body = json_body({"table_id", "game"}, ("table_id", "game"))
    record = events().change_game(event_id, bearer_token(), body["table_id"], body["game"])
    return jsonify(round=record["rounds"][-1])


@bp.post("/<event_id>/results")
def results(event_id):
    """Placings of a table played without the app, or a correction (organiser); a table still
    being played in the app only with "override" (else 409 with a sentence)."""
    body = json_body({"table_id", "placings", "correction", "override"}, ("table_id", "placings"))
    service = events()
    record = service.record_result(event_id, bearer_token(), body["table_id"], body["placings"], body.get("correction", False),
                                   body.get("override", False))
    return jsonify(standings=service.standings(record))


@bp.get("/<event_id>/standings")
def standings(event_id):
    """The standings with every tie-breaker."""
    service = events()
    return jsonify(service.standings(service.get(event_id)))


@bp.get("/<event_id>/export.csv")
def export_csv(event_id):
    """The results as a spreadsheet: one row per player per round."""
    service = events()
    record = service.get(event_id)
    return _csv(spreadsheets.results_csv(record, service.results(record)), spreadsheets.filename(record, "results"))


@bp.get("/<event_id>/standings.csv")
def standings_csv(event_id):
    """The standings as a spreadsheet: one row per player (an addition to the contract)."""
    service = events()
    record = service.get(event_id)
    return _csv(spreadsheets.standings_csv(record, service.standings(record)), spreadsheets.filename(record, "standings"))


def _csv(text: str, name: str) -> Response:
    return Response(text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/<event_id>/export.json")
def export_json(event_id):
    """The whole event (rounds, tables, results, standings) as JSON; for the organiser (bearer
    token or the desk's cookie) with each table's whole log, which an import replays."""
    service = events()
    record = service.get(event_id)
    organiser = service.is_organiser(record, bearer_token()) or service.is_organiser(record, desk_token(event_id))
    return jsonify(transfer.export_json(service, record, organiser=organiser))


@bp.post("/<event_id>/clock")
def set_clock(event_id):
    """Start, pause or resume the current round's clock, or add minutes to the round or one
    table (organiser or desk token; api.md, Round clock): one change a body."""
    body = json_body({"minutes", "pause", "add_minutes", "table_id"})
    return jsonify(clock=events().set_clock(event_id, bearer_token(), body))


@bp.get("/<event_id>/clock")
def clock(event_id):
    """The current round's clock as it is now (anyone with the event link): the seconds left are
    the server's, so every phone counts down to the same second whatever its own clock says."""
    return jsonify(events().clock(event_id))
