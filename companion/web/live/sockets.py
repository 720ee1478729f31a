"""The live websocket of a table page: pushes what changed in its regions whenever the table changes.

Each open page holds one websocket (a greenlet under the event-loop worker, a thread under a
threaded server such as the tests' werkzeug one) that waits on its own subscription in the app's live hub. On connect it sends the
current regions at once when the page's version is behind, so a phone that slept catches up.

The cap on live pages and the refusal of another site's page: live/push.py.
"""
from __future__ import annotations

from flask import Blueprint, Flask, request

from ...games import WATCHER
from ..http.session import cookie_token
from ..nights.regions import event_regions, me_regions
from ..services import events, hub, tables
from ..tables.render import renders
from .push import WAIT_SECONDS, Phones, live_route, opened, push_while_open, refuse_foreign_origins, wake_on_close
from .socket_input import limit_options

bp = Blueprint("live", __name__)
bp.before_request(refuse_foreign_origins)


@live_route(bp, "/t/<table_id>/ws")
def table_socket(ws, table_id):
    """Send one page the regions that changed, whole, at each new version, until it closes."""
    service = tables()
    if not opened(ws, lambda: service.get(table_id), "table"):
        return
    mode = "watch" if request.args.get("mode") == "watch" else "play"
    # The phone's token, not what it was worth at connect time: a seat freed or taken over by the
    # host stops seeing that seat's hidden information on the next push.
    token = cookie_token(table_id) if mode == "play" else None
    # The version this page shows, and the regions it was last sent (none: the page as loaded, or
    # a reconnect: its next push carries every region; after that, the regions that changed).
    seen, had = request.args.get("since", type=int), None
    sub = hub().subscribe(table_id)
    wake_on_close(ws, sub)
    try:
        version = None
        while ws.connected:
            # A push names its version: the copy this process holds serves it when it is that new
            # (on Redis, no round trip per phone); a check after a quiet spell reads the store.
            table = (version and service.cached(table_id, version)) or service.get(table_id)
            if table.version != seen:
                viewer = table.viewer_for(token) if token else WATCHER
                had, push = renders().push(table, viewer, mode, had)
                if push:
                    ws.send(push)
                seen = table.version
            version = sub.wait(WAIT_SECONDS)
    finally:
        hub().unsubscribe(sub)


@live_route(bp, "/e/<event_id>/ws")
def event_socket(ws, event_id):
    """Push an event's round and standings whenever the event or one of its tables changes."""
    service = events()
    if not opened(ws, lambda: service.get(event_id), "event"):
        return
    mode = request.args.get("mode", "public")
    mode = mode if mode in ("public", "screen", "admin", "me") else "public"
    # "me": a player's phone (nights/phone_pages.py), drawn for the player its cookie holds.
    push_while_open(ws, f"event:{event_id}",
                    lambda: me_regions(event_id) if mode == "me" else event_regions(service.get(event_id), mode))


def init_app(app: Flask) -> None:
    """Bind the websocket routes to the app, with the limit on incoming messages
    (live/socket_input.py) and the cap on live pages (the server's worker sets
    its own default when COMPANION_MAX_PHONES is not set: companion/server/ready.py)."""
    app.register_blueprint(bp)
    app.config["SOCK_SERVER_OPTIONS"] = limit_options(app.config.get("SOCK_SERVER_OPTIONS", {}))
    app.extensions["companion.phones"] = Phones(app.config.get("MAX_PHONES") or None)
