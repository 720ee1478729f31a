"""The live websocket of a table page: pushes fresh regions whenever the table changes.

Each open page holds one websocket (and, under gunicorn's gthread worker, one thread) that
waits on its own subscription in the app's live hub. On connect it sends the current regions
at once when the page's version is behind, so a phone that slept catches up.
"""
from __future__ import annotations

from flask import Blueprint, Flask, request
from flask_sock import Sock

from ..events.service import EventNotFound
from ..games import WATCHER
from ..tables import TableNotFound
from . import cookie_token, events, hub, tables
from .render import renders

bp = Blueprint("live", __name__)
sock = Sock()
WAIT_SECONDS = 10


@sock.route("/t/<table_id>/ws", bp=bp)
def table_socket(ws, table_id):
    """Send out-of-band region swaps to one page until it closes."""
    service = tables()
    try:
        table = service.get(table_id)
    except TableNotFound:
        ws.close(reason=1008, message="no such table")
        return
    mode = "watch" if request.args.get("mode") == "watch" else "play"
    viewer = table.viewer_for(cookie_token(table_id)) if mode == "play" else WATCHER
    sub = hub().subscribe(table_id)
    try:
        seen = request.args.get("since", type=int)
        while ws.connected:
            table = service.get(table_id)
            if table.version != seen:
                ws.send(renders().regions(table, viewer, mode))
                seen = table.version
            sub.wait(WAIT_SECONDS)
    finally:
        hub().unsubscribe(sub)


@sock.route("/e/<event_id>/ws", bp=bp)
def event_socket(ws, event_id):
    """Push an event's round and standings whenever the event or one of its tables changes."""
    from .events_pages import event_regions

    service = events()
    try:
        service.get(event_id)
    except EventNotFound:
        ws.close(reason=1008, message="no such event")
        return
    mode = request.args.get("mode", "public")
    mode = mode if mode in ("public", "screen", "admin") else "public"
    sub = hub().subscribe(f"event:{event_id}")
    try:
        last = None
        while ws.connected:
            html = event_regions(service.get(event_id), mode)
            if html != last:
                ws.send(html)
                last = html
            sub.wait(WAIT_SECONDS)
    finally:
        hub().unsubscribe(sub)


def init_app(app: Flask) -> None:
    """Bind the websocket routes to the app."""
    app.register_blueprint(bp)
