"""What a table keeps of its play, in the JSON API (api.md, "Groups, statistics and rewind"): a
finished table's statistics, the table as it stood after a past version (read-only, redacted for
the caller as the table is), and its pauses. The pages read the same (rewind_pages.py)."""
from __future__ import annotations

from flask import Blueprint, jsonify

from ...tables.pause import is_paused
from ...tables.rewind import at_version
from ..http.incoming import bearer_token, json_body
from ..services import tables
from .figures import figures_of
from .figures import init_app as init_figures

bp = Blueprint("plays_api", __name__, url_prefix="/api/tables")
bp.record_once(lambda state: init_figures(state.app))  # the figures kept, the pages' template globals


@bp.get("/<table_id>/stats")
def stats(table_id):
    """The finished table's per-game figures, per player (422 while the game is played)."""
    return jsonify(figures_of(tables().get(table_id)))


@bp.get("/<table_id>/at/<int:version>")
def at(table_id, version):
    """The table as it stood after `version`, shaped as GET /api/tables/<id>: read-only (no
    offers), the caller's hidden information rules holding for the past state."""
    table = tables().get(table_id)
    viewer = table.viewer_for(bearer_token())
    past = at_version(table, version)
    return jsonify(id=table.id, game=table.record["game"], version=version, state=past.state_for(viewer),
                   offers=[], withheld=[])


@bp.post("/<table_id>/pause")
def pause(table_id):
    """Pause the table (`{"paused": true}`) or play on (`false`): paused time is no play time."""
    body = json_body({"paused"}, ("paused",))
    table = tables().pause(table_id, bearer_token(), body["paused"])
    return jsonify(id=table.id, version=table.version, paused=is_paused(table.record))

