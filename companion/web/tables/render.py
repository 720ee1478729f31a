"""Render a table's swappable regions (status, board, controls, history) for one viewer.

The same partials serve the full page, the htmx reply to an action, the websocket push and
the polling fallback. Pushes are cached per (table, version, what the viewer may see), so 200
watchers of a table cost one render, not 200.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import partial

from flask import Flask, current_app, render_template, url_for
from markupsafe import Markup

from ...games import WATCHER, Viewer, all_pages, page_of, words
from ...games.withheld import find
from ...tables import Table, last_change, page_tap, play_log, tap_name
from ..http.links import public_base
from ..http.session import cookie_token
from ..words.languages import current as language
from ..words.said import history_line, spoken, sym, told
from .charts import layout as chart_layout
from .fragments import FragmentCache

REGIONS = ("status", "board", "controls", "own", "history")
# The live history shows the latest entries; the whole log is one tap away (not pushed to every
# phone on every action, which would grow with the game).
HISTORY_SHOWN = 30


def context(table: Table, viewer: Viewer, mode: str, history: bool = True, moves: tuple | None = None) -> dict:
    """Everything the table templates need, with hidden information already redacted (the
    history's entries only when `history`: only its region shows them). `moves`: the viewer's
    offers and withheld moves when already asked of the engine (`moves_for`)."""
    state = table.state_for(viewer)
    game = table.game
    # A table its night replaced or closed takes no moves: its phones are told why (controls).
    can_act = viewer.can_act and mode == "play" and not table.locked
    offers, withheld = moves if moves is not None else moves_for(table, viewer, can_act)
    by_type: dict[str, list[dict]] = {}
    for o in offers:
        by_type.setdefault(o["type"], []).append(o)
    return {
        "table": table,
        "game": game,
        "state": state,
        "viewer": viewer,
        "mode": mode,
        "can_act": can_act,
        # What this phone may do now, from the engine (api.md, "Offers"): controls are drawn from
        # these alone. `offered("buy")` lists the offers of a type; `offer("yield", 2)` finds one.
        "offers": offers,
        "offered": lambda kind: by_type.get(kind, []),
        "offer": lambda kind, player=None: next(
            (o for o in by_type.get(kind, []) if player is None or o.get("player") in (None, player)), None),
        # What the rules switch off now, each with why (withheld.py): a control drawn switched off
        # shows its reason beside it; `closed("give", field="to", value=2)` finds it.
        "withheld": withheld,
        "closed": partial(find, withheld),
        "players": state["players"],
        "log": list(reversed(table.log_for(viewer, last=HISTORY_SHOWN))) if history else [],
        "log_total": len(table.record["actions"]),
        "redo_count": len(table.record["redo"]),
        # Whose phone undid or redid which tap, said on every phone; and the tap the Undo takes back.
        "change": last_change(table),
        "undo_name": tap_name(tap) if (tap := page_tap(table)) else None,
        # Seats a phone has claimed: a decision owed by such a player is asked on that phone only.
        "claimed": [t is not None for t in table.record["seat_tokens"]],
        # A Last Kyotoan Standing turn has dozens of forms: their addresses are built once a render.
        "to": _table_paths(table.id),
    }


def table_urls(table: Table) -> dict:
    """Where phones play, watch and find the play QR code of a table."""
    base = public_base()
    rec = table.record
    return {
        "play": base + url_for("pages.play_link", table_id=rec["id"], token=rec["play_token"]),
        "watch": base + url_for("pages.watch", table_id=rec["id"]),
        "qr": base + url_for("qr.play_qr", table_id=rec["id"]),  # with the token as a bearer header
    }


def _table_paths(table_id: str) -> dict[str, str]:
    """The addresses a table page posts and links to: pages.py's routes under the table's own
    (built from it: a url_for each was a tenth of a push's render time, measured)."""
    root = url_for("pages.table", table_id=table_id)
    return {name: f"{root}/{path}" for name, path in (("act", "act"), ("undo", "undo"), ("redo", "redo"), ("poll", "regions"),
                                                      ("history", "history"), ("rematch", "rematch"))}


def regions(table: Table, viewer: Viewer, mode: str) -> str:
    """All swappable regions of the table page as pushed to this viewer, rendered for it alone
    (what `RenderCache.regions` must serve it). Pushed regions go to a page whose script is
    running: its forms post through htmx, which sends the CSRF token from the page's body, so they
    carry no per-session token and one render can serve every phone with the same view."""
    ctx = context(table, viewer, mode)
    return "".join(render_template(f"partials/_{name}.html", oob=True, pushed=True, **ctx) for name in REGIONS)


def draw(name: str, **ctx) -> str:
    """A region's template rendered with `ctx` and the app's template globals. Not Flask's
    render_template: pushed regions read no request, session or context processor, and merging
    those and sending its signals took a tenth of a push's render time (measured)."""
    return current_app.jinja_env.get_template(name).render(ctx)


def phone_viewer(table: Table, mode: str | None = "play") -> Viewer:
    """Who looks: this phone's own rights (its cookie's token) on a play page, a watcher's on a watch page."""
    return WATCHER if mode == "watch" else table.viewer_for(cookie_token(table.id))


def flash_region(message: str | None, kind: str = "error", again: bool | None = None) -> str:
    """The message strip under the controls (an error sentence, or empty); `again` marks a tap
    another phone's move overtook with whether the table would still take it (the outbox reads it)."""
    return render_template("partials/_flash.html", oob=True, message=message, kind=kind, again=again)


def moves_for(table: Table, viewer: Viewer, can_act: bool) -> tuple[list[dict], list[dict]]:
    """What `viewer` may do now and what the rules withhold from it (nothing, when it cannot act)."""
    return (table.offers_for(viewer), table.withheld_for(viewer)) if can_act else ([], [])


def _only(moves: tuple[list[dict], list[dict]], kinds) -> tuple[list[dict], list[dict]]:
    """The offers and withheld moves of these types."""
    return tuple([m for m in part if m["type"] in kinds] for part in moves)


def _without(moves: tuple[list[dict], list[dict]], kinds) -> tuple[list[dict], list[dict]]:
    """The offers and withheld moves of any other type."""
    return tuple([m for m in part if m["type"] not in kinds] for part in moves)


class RenderCache:
    """Each region of a table version rendered once per what it shows, and shared by every phone
    that is shown the same: a lock-guarded LRU, owned by the app.

    A region's key names the table, its version, the region and what decides its content for a
    viewer (`wanted`); it is drawn for the first phone that asks, and served to every phone with
    that key. Pushed regions carry no CSRF token.
    """

    def __init__(self, size: int = 2048):
        self._size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, str] = OrderedDict()
        self._flights: dict[tuple, threading.Lock] = {}

    def wanted(self, table: Table, viewer: Viewer, mode: str) -> dict[str, tuple[tuple, Viewer, tuple | None]]:
        """Each region of this version as this viewer is shown it: its key (what decides its
        content), the viewer it is drawn for, and the moves it is drawn from when already asked."""
        can_act = viewer.can_act and mode == "play" and not table.locked
        view = table.game.view_key(table.state, viewer)
        page = page_of(table.game)
        seat = viewer.seat if page.seat_controls else None
        # Seat controls ask a decision on its owner's phone once that seat is claimed (which makes
        # no new version); the phone's own right to act too: a locked table's controls say why to
        # a phone that may act, and nothing to one that may not, though neither can act now.
        claimed = tuple(t is not None for t in table.record["seat_tokens"])
        controls: tuple = (seat, viewer.can_act, can_act, mode, claimed)
        moves, asked = None, moves_for(table, viewer, can_act) if seat is not None or page.own_offers else ([], [])
        if seat is not None and not page.controls_read_seat:
            # Those controls read the seat only through what it may do, what is withheld from it
            # and what it sees: seats alike in those share one render (Boss Kito's five seats),
            # their own settings aside (the region "own", below).
            moves = _without(asked, page.own_offers)
            controls = (None, viewer.can_act, can_act, mode, claimed, view, json.dumps(moves, sort_keys=True))
        # What this phone alone may set (`PAGE.own_offers`: a Kyotoan seat's auto-yield): a region
        # of its own, keyed by those moves, drawn for this viewer. A region for one seat alone (a
        # notice to that seat) goes the same way: keyed by `viewer.seat`, drawn for `viewer`.
        own = _only(asked, page.own_offers)
        # The public regions are drawn as a watcher sees them, the controls without seat prompts
        # as a phone with play rights but no seat sees them.
        shows = {"status": ((mode,), WATCHER, None), "board": ((view,), viewer, None),
                 "controls": (controls, Viewer(seat, viewer.can_act), moves),
                 "own": ((mode, can_act, view, json.dumps(own, sort_keys=True)), viewer, own), "history": ((), WATCHER, None)}
        # Drawn in the phone's language: phones share a render only when they read the same one.
        said_in = language()
        return {name: ((table.id, table.version, name, said_in) + key, who, drawn_from) for name, (key, who, drawn_from) in shows.items()}

    def regions(self, table: Table, viewer: Viewer, mode: str) -> list[str]:
        """This version's regions as this viewer is shown them, in page order: each rendered once
        per key, so phones shown the same get the very same strings."""
        return [self._get(key, lambda name=name, who=who, moves=moves: self._draw(table, mode, name, who, moves))
                for name, (key, who, moves) in self.wanted(table, viewer, mode).items()]

    def _draw(self, table: Table, mode: str, name: str, who: Viewer, moves: tuple | None) -> str:
        game = table.game
        if name == "board" and page_of(game).own_player and who.seat is not None and game.view_key(table.state, who) == who.seat:
            # A seat's board where the seat alone sees more of its own player: the watchers' board
            # (rendered once, shared with them) with this player's own drawn into its place.
            seat, watchers = who.seat, game.view_key(table.state, WATCHER)
            shared = self._get((table.id, table.version, "board", language(), watchers), lambda: self._draw(table, mode, "board", WATCHER, None))
            mine = table.state_for(who)
            own = draw(f"games/{game.id}/_player.html", p=mine["players"][seat], i=seat, state=mine, players=mine["players"], game=game)
            head, rest = shared.split(f"<!--player:{seat}-->", 1)
            return f"{head}<!--player:{seat}-->{own}<!--/player:{seat}-->{rest.split(f'<!--/player:{seat}-->', 1)[1]}"
        return draw(f"partials/_{name}.html", oob=True, pushed=True, **context(table, who, mode, history=name == "history", moves=moves))

    def push(self, table: Table, viewer: Viewer, mode: str, had: list[str] | None) -> tuple[list[str], str]:
        """What a phone showing the regions `had` (None: the page as loaded, or a reconnect) is
        sent of this version: each region that differs from what it shows, whole (it morphs it
        in); and the regions it then shows. A region that did not change is not sent."""
        now = self.regions(table, viewer, mode)
        return now, "".join(html for html, was in zip(now, had or [None] * len(now)) if html != was)

    def _get(self, key: tuple, make) -> str:
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
                    html = make()
                    with self._lock:
                        self._items[key] = html
                        while len(self._items) > self._size:
                            self._items.popitem(last=False)
                finally:
                    with self._lock:
                        self._flights.pop(key, None)
        return html


def renders() -> RenderCache:
    """The app's render cache."""
    return current_app.extensions["companion.renders"]


def init_app(app: Flask) -> None:
    """Register the template helpers the table pages use."""
    app.jinja_env.add_extension(FragmentCache)  # {% cache key %}: parts drawn once per key

    @app.template_filter("history_item")
    def history_item(entry: dict) -> Markup:
        """One history entry as a list item (30 of them go out with every push)."""
        return history_line(int(entry["seq"]), tuple(entry["log"]))

    # An engine's sentence (a refusal's, a question's, a withheld move's why) in the phone's language.
    app.add_template_filter(told, "told")
    # Symbols said by name (ϟ energy, ♥ heart, ★ star, ✸ smash), in sentences and on their own.
    app.add_template_filter(spoken, "spoken")
    # A count's noun agrees with it: {{ n|counted("token") }}, or the noun alone beside a number.
    app.add_template_filter(words.counted, "counted")
    app.add_template_filter(sym, "sym")
    app.add_template_global(sym, "sym")
    app.add_template_global(play_log.link, "play_log_link")  # a finished game's BG Stats link
    app.add_template_global(chart_layout, "chart_layout")  # where a chart's lines, ticks and names stand (templates/_chart.html)
    # What each game's pages read of it, as `<game id>_<name>` (kyotoan_cards, neko_die_faces):
    # asked of the game's package, never written into a template.
    for game_id, page in all_pages().items():
        app.jinja_env.globals.update({f"{game_id}_{name}": value for name, value in page.data.items()})
