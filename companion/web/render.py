"""Render a table's swappable regions (status, board, controls, history) for one viewer.

The same partials serve the full page, the htmx reply to an action, the websocket push and
the polling fallback. Pushes are cached per (table, version, what the viewer may see), so 200
watchers of a table cost one render, not 200.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, current_app, render_template

from ..games import Viewer
from .security import csrf_token
from ..tables import Table

REGIONS = ("status", "board", "controls", "history")
# The live history shows the latest entries; the whole log is one tap away (not pushed to every
# phone on every action, which would grow with the game).
HISTORY_SHOWN = 30


def context(table: Table, viewer: Viewer, mode: str) -> dict:
    """Everything the table templates need, with hidden information already redacted."""
    state = table.state_for(viewer)
    game = table.game
    return {
        "table": table,
        "game": game,
        "state": state,
        "viewer": viewer,
        "mode": mode,
        "can_act": viewer.can_act and mode == "play",
        "players": state["players"],
        "log": list(reversed(table.log_for(viewer, last=HISTORY_SHOWN))),
        "log_total": len(table.record["actions"]),
        "redo_count": len(table.record["redo"]),
        # Seats a phone has claimed: a decision owed by such a player is asked on that phone only.
        "claimed": [t is not None for t in table.record["seat_tokens"]],
    }


def regions(table: Table, viewer: Viewer, mode: str, oob: bool = True) -> str:
    """All swappable regions of the table page, as out-of-band swaps when `oob`."""
    ctx = context(table, viewer, mode)
    return "".join(render_template(f"partials/_{name}.html", oob=oob, **ctx) for name in REGIONS)


def flash_region(message: str | None, kind: str = "error") -> str:
    """The message strip under the controls (an error sentence, or empty)."""
    return render_template("partials/_flash.html", oob=True, message=message, kind=kind)


class RenderCache:
    """A small lock-guarded LRU of rendered pushes, owned by the app."""

    def __init__(self, size: int = 256):
        self._size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, str] = OrderedDict()
        self._flights: dict[tuple, threading.Lock] = {}

    def regions(self, table: Table, viewer: Viewer, mode: str) -> str:
        """Rendered out-of-band regions for this table version and viewer."""
        can_act = viewer.can_act and mode == "play"
        # Controls carry this session's CSRF token: a phone that may act gets its own render;
        # watchers (no forms) share one.
        key = (table.id, table.version, viewer.seat, can_act, mode, csrf_token() if can_act else None)
        with self._lock:
            html = self._items.get(key)
            if html is not None:
                self._items.move_to_end(key)
                return html
            # Single flight: when 200 sockets wake for the same version, one renders and the
            # others wait for its result instead of rendering 200 times under the GIL.
            flight = self._flights.setdefault(key, threading.Lock())
        with flight:
            with self._lock:
                html = self._items.get(key)
            if html is None:
                try:
                    html = regions(table, viewer, mode)
                finally:
                    with self._lock:
                        self._flights.pop(key, None)
                with self._lock:
                    self._items[key] = html
                    while len(self._items) > self._size:
                        self._items.popitem(last=False)
        return html


def renders() -> RenderCache:
    """The app's render cache."""
    return current_app.extensions["companion.renders"]


def init_app(app: Flask) -> None:
    """Register the template helpers the table pages use."""
    from ..games.gangs import cards as gangs_cards
    from ..games.kyotoan import cards as kyotoan_cards
    from ..games.kyotoan.engine import FACE_WORDS, FACES

    @app.template_filter("gangs_card")
    def gangs_card(card: dict) -> str:
        return gangs_cards.name(card)

    @app.template_filter("powers")
    def powers(player: dict) -> list[str]:
        """A monster's Keep cards plus the one its Mimic token copies (what it can use)."""
        token = player.get("mimic")
        return player["cards"] + ([token["card"]] if token else [])

    app.jinja_env.globals["gangs_tiles"] = gangs_cards.TILE_WORDS
    app.jinja_env.globals.update(
        kyotoan_cards=kyotoan_cards.CARDS, kyotoan_faces=FACES, face_words=FACE_WORDS, kyotoan_monsters=kyotoan_cards.MONSTERS
    )
