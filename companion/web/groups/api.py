"""The JSON API for groups (../shared/design/api.md, "Groups, statistics and rewind"): friends who
play casually. A table is made in a group by POST /api/tables with "group" (tables/api.py)."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from ...groups import spreadsheet
from ..http.incoming import json_body
from ..http.links import public_base
from ..services import groups
from ..tables.figures import figures_of

bp = Blueprint("groups_api", __name__, url_prefix="/api/groups")


def group_urls(record: dict) -> dict:
    """The group's link: its page, with the token that lets whoever holds it make tables in it."""
    return {"group": public_base() + url_for("groups.group_link", group_id=record["id"], token=record["token"])}


@bp.post("")
def create():
    """Create a group; the reply carries its token and its link."""
    body = json_body({"name"}, ("name",))
    record = groups().create(body["name"])
    return jsonify(id=record["id"], token=record["token"], urls=group_urls(record)), 201


@bp.get("/<group_id>")
def group(group_id):
    """The group's plays (the latest first) and its players' plays, wins, win rate and games."""
    service = groups()
    record = service.get(group_id)
    read = service.read(record)
    return jsonify(id=record["id"], name=record["name"], plays=read["plays"], players=read["players"])


@bp.get("/<group_id>/export.csv")
def export_csv(group_id):
    """One row per player per play: place, win, score and the game's statistics."""
    service = groups()
    record = service.get(group_id)
    return Response(spreadsheet.group_csv(record, service.read(record), figures_of), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{spreadsheet.csv_name(record)}"'})
