"""The JSON API of a night from the players' side (api.md, v4 "Nights from the players' side"):
a phone checks in with the check-in link's key, and reads its player's night with the token it
was given. The pages of the same: phone_pages.py."""
from __future__ import annotations

from flask import Blueprint, jsonify

from ...events.checkin import NameTaken, WrongKey
from ..http.errors import error_reply
from ..http.incoming import bearer_token, json_body
from ..services import events
from ..words.said import refusal
from .regions import play_url

bp = Blueprint("night_api", __name__, url_prefix="/api/events")


def night_reply(event_id: str, token: str, night: dict) -> dict:
    """`EventService.me`'s night as the API replies it: the table with its play_url."""
    table = night["table"]
    if table is not None:
        table = {**table, "play_url": play_url(event_id, token)}
    return {**night, "table": table}


@bp.errorhandler(WrongKey)
def wrong_key(exc):
    """A check-in link of another night, or cut short: 403 with what to do."""
    return error_reply(403, refusal(exc))


@bp.errorhandler(NameTaken)
def name_taken(exc):
    """A name another phone checked in under: 409 with a sentence."""
    return error_reply(409, refusal(exc))


@bp.post("/<event_id>/join")
def join(event_id):
    """Check in from a player's phone (the check-in link's key): registered if new, claimed if the
    organiser registered the name and no phone holds it; the reply is this player's own token. A
    phone that sends the token it holds as bearer keeps it when it checks in under the same name."""
    body = json_body({"name", "key"}, ("name", "key"))
    name, token = events().join(event_id, body["key"], body["name"], bearer_token())
    return jsonify(name=name, token=token), 201


@bp.post("/<event_id>/phones/release")
def release(event_id):
    """Let another phone check in as a player whose phone died (organiser; an addition): the old
    phone's player token opens nothing from then on."""
    body = json_body({"name"}, ("name",))
    record = events().release_phone(event_id, bearer_token(), body["name"])
    return jsonify(players=[{"name": p["name"], "checked_in": p["checked_in"]} for p in record["players"]])


@bp.get("/<event_id>/me")
def me(event_id):
    """The night of the player whose token is the bearer: round, table, seat, clock, standing."""
    token = bearer_token()
    return jsonify(night_reply(event_id, token, events().me(event_id, token)))
