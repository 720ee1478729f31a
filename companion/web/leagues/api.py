"""The JSON API for leagues (../shared/design/api.md, section Leagues): a season across nights.
A night is created in a league by POST /api/events with "league" (nights/api.py)."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for

from ...leagues import transfer
from ..http.incoming import bearer_token, import_body, json_body
from ..http.links import public_base
from ..services import leagues

bp = Blueprint("leagues_api", __name__, url_prefix="/api/leagues")
# A league's export holds each of its nights' whole exports (up to 4 MiB each for one night).
IMPORT_MAX = 16 * 1024 * 1024


def league_urls(league_id: str) -> dict:
    """Where the league's page and its big screen are."""
    base = public_base()
    return {"league": base + url_for("leagues.league_page", league_id=league_id),
            "screen": base + url_for("leagues.screen", league_id=league_id)}


@bp.post("")
def create():
    """Create a league; the reply carries its organiser token."""
    body = json_body({"name"}, ("name",))
    record = leagues().create(body["name"])
    return jsonify(id=record["id"], token=record["token"], urls=league_urls(record["id"])), 201


@bp.post("/import")
def import_league():
    """A new league from an export, with every night imported anew (an addition to the contract)."""
    request.max_content_length = IMPORT_MAX
    record = transfer.import_league(leagues(), import_body())
    return jsonify(id=record["id"], token=record["token"], urls=league_urls(record["id"])), 201


@bp.get("/<league_id>")
def league(league_id):
    """The league: its nights (in the order they were created) and its players."""
    service = leagues()
    record = service.get(league_id)
    table = service.table(record)
    return jsonify(id=record["id"], name=record["name"], events=[{k: n[k] for k in ("id", "name", "date")} for n in table["nights"]],
                   players=table["players"])


@bp.get("/<league_id>/standings")
def standings(league_id):
    """The standings: points, nights, wins and the openskill rating, best first."""
    service = leagues()
    return jsonify(service.table(service.get(league_id))["standings"])


@bp.post("/<league_id>/players/merge")
def merge(league_id):
    """Count several spellings as one player, history included (league token)."""
    body = json_body({"names", "into"}, ("names", "into"))
    service = leagues()
    record = service.merge(league_id, bearer_token(), body["names"], body["into"])
    return jsonify(players=service.table(record)["players"])


@bp.get("/<league_id>/export.csv")
def export_csv(league_id):
    """One row per player per night: points, placings and rating ordinal."""
    service = leagues()
    record = service.get(league_id)
    # Made once a version of the league's read: 80,000 rows at its limits.
    text = service.kept(record).made_once("csv", lambda table: transfer.league_csv(record, table))
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{transfer.csv_name(record)}"'})


@bp.get("/<league_id>/export.json")
def export_json(league_id):
    """The league with every night's organiser export, for a backup or another server (league
    token; an addition to the contract)."""
    service = leagues()
    return jsonify(transfer.export_league(service, service.authorise(league_id, bearer_token())))
