"""The JSON API (../shared/design/api.md): the same service the pages use."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from ...games import RuleViolation, all_games
from ...games.fields import is_int
from ...games.said import said
from ...tables import Table, last_change
from ..http.incoming import bearer_token, json_body
from ..services import groups, tables
from ..words.said import told
from .render import table_urls

bp = Blueprint("api", __name__, url_prefix="/api")


def _seen_by(table: Table, token: str | None) -> dict:
    """The state as the token's bearer may see it, the offers it may take (api.md, "Offers") and
    what the rules switch off, with why ("Withheld")."""
    viewer, host = table.viewer_for(token), table.is_host(token)
    return {"state": table.state_for(viewer), "offers": table.offers_for(viewer, host=host),
            "withheld": [{**w, "why": told(w["why"])} for w in table.withheld_for(viewer, host=host)]}


@bp.get("/games")
def games():
    """Every game: id, title, player counts and options with defaults."""
    return jsonify([{"id": g.id, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
                     "options": g.option_defaults()} for g in all_games()])


@bp.post("/tables")
def create_table():
    """Create a table; the reply carries its host token and where to play and watch."""
    body = json_body({"game", "players", "options", "seed", "group"}, ("game", "players"))
    if "group" in body:  # a table of a group, made with the group's token (groups/service.py)
        table = groups().new_table(body["group"], bearer_token(), body["game"], body["players"], body.get("options"), body.get("seed"))
    else:
        table = tables().create(body["game"], body["players"], body.get("options"), body.get("seed"))
    return _created(table)


def _created(table: Table):
    """A new table's reply (201): its host token, its state as the host sees it, where to play and watch."""
    token = table.record["host_token"]
    return jsonify(id=table.id, game=table.record["game"], version=table.version, join_code=table.record["join_code"],
                   token=token, state=table.state_for(table.viewer_for(token)), urls=table_urls(table)), 201


@bp.get("/tables/<table_id>")
def get_table(table_id):
    """A table's current state, redacted for the caller's token, with what it may do now."""
    table = tables().get(table_id)
    token = bearer_token()
    return jsonify(id=table.id, game=table.record["game"], version=table.version, **_seen_by(table, token))


@bp.post("/tables/<table_id>/actions")
def act(table_id):
    """Apply one action (api.md); 409 on a stale version, 422 on an illegal action."""
    action = json_body()
    version = action.pop("version", None)
    token = bearer_token()
    table, lines = tables().act(table_id, token, action, version)
    return jsonify(version=table.version, **_seen_by(table, token), log=[told(line) for line in lines])


@bp.post("/tables/<table_id>/undo")
def undo(table_id):
    """Remove the last action."""
    token = bearer_token()
    table = tables().undo(table_id, token, json_body({"version"}).get("version"))
    return jsonify(version=table.version, **_seen_by(table, token), undone=_moved(table))


@bp.post("/tables/<table_id>/redo")
def redo(table_id):
    """Put back the last undone action."""
    token = bearer_token()
    table = tables().redo(table_id, token, json_body({"version"}).get("version"))
    return jsonify(version=table.version, **_seen_by(table, token), redone=_moved(table))


def _moved(table: Table) -> dict:
    """What an undo or redo took back or put back, as every phone is told it (docs/api.md):
    whose phone ("by": "Ben's phone") and the tap's name."""
    change = last_change(table)
    return {"by": change["by"], "name": told(change["name"])}


@bp.get("/tables/<table_id>/log")
def log(table_id):
    """Every action with its lines in words, redacted for the caller."""
    table = tables().get(table_id)
    # Each line in the caller's language (Accept-Language); the log itself keeps ids and values.
    return jsonify([{**e, "log": [told(line) for line in e["log"]]} for e in table.log_for(table.viewer_for(bearer_token()))])


@bp.post("/tables/<table_id>/seats")
def claim_seat(table_id):
    """Exchange a play token for a free seat's token (which sees that seat's hidden information);
    409 naming the player when another phone holds it, unless the host claims it. `"move": true`
    moves a seat another phone holds to the caller in one step, as a new version every phone is
    told of and may undo (`/back`); a free seat is simply taken."""
    body = json_body({"seat", "move"}, ("seat",))
    if body.get("move") not in (None, False, True):
        raise RuleViolation(said("'move' must be true or false."))
    service = tables()
    held = body.get("move") and _held(service.get(table_id), body["seat"])
    table, token = (service.move_seat if held else service.claim_seat)(table_id, bearer_token(), body["seat"])
    return jsonify(seat=body["seat"], token=token, state=table.state_for(table.viewer_for(token)), version=table.version)


def _held(table: Table, seat: object) -> bool:
    """Whether `seat` names a seat of `table` that a phone holds."""
    tokens = table.record["seat_tokens"]
    return is_int(seat) and 0 <= seat < len(tokens) and tokens[seat] is not None


@bp.post("/tables/<table_id>/seats/<int:seat>/back")
def seat_back(table_id, seat):
    """Undo the last move of a seat (`"move": true`): the phone it moved from holds it again."""
    token = bearer_token()
    table = tables().seat_back(table_id, token, seat)
    return jsonify(seat=seat, version=table.version, state=table.state_for(table.viewer_for(token)))


@bp.delete("/tables/<table_id>/seats/<int:seat>")
def free_seat(table_id, seat):
    """Free a seat (its holder, or the host for a phone that died); its seat token stops working."""
    token = bearer_token()
    table = tables().free_seat(table_id, token, seat)
    return jsonify(seat=seat, state=table.state_for(table.viewer_for(token)))


@bp.get("/tables/<table_id>/export")
def export_table(table_id):
    """The table's setup and whole log as JSON (needs a play or host token)."""
    return jsonify(tables().export(table_id, bearer_token()))


@bp.post("/tables/import")
def import_table():
    """Create a table from an export; every action is checked again. Replies like a creation."""
    request.max_content_length = 4 * 1024 * 1024  # a whole game's log; other calls keep 64 KiB
    return _created(tables().import_table(json_body()))
