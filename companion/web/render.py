"""Render a table's swappable regions (status, board, controls, history) for one viewer.

The same partials serve the full page, the htmx reply to an action, the websocket push and
the polling fallback. Pushes are cached per (table, version, what the viewer may see), so 200
watchers of a table cost one render, not 200.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import lru_cache, partial

from flask import Flask, current_app, render_template, request, url_for
from flask.templating import Environment
from markupsafe import Markup

from ..games import WATCHER, Viewer, all_pages, page_of, words
from ..games.withheld import find
from ..tables import Table, last_change, page_tap, tap_name
from ..tables import play_log
from .charts import layout as chart_layout
from .fragments import FragmentCache
from .push import changes, numbered, unmarked
from .said import history_line, spoken, sym
from .unindented import Unindented

REGIONS = ("status", "board", "controls", "history")
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
        # A Last Kyotoan Standing turn has dozens of forms: building each address again was a
        # quarter of a push's render time (measured), so they are built once per table.
        "to": _table_paths(table.id, request.script_root),
    }


@lru_cache(maxsize=4096)
def _table_paths(table_id: str, root: str) -> dict[str, str]:
    """The addresses a table page posts and links to (read-only; shared by every render)."""
    return {name: url_for(f"pages.{name}", table_id=table_id) for name in ("act", "undo", "redo", "poll", "history", "rematch")}


def regions(table: Table, viewer: Viewer, mode: str) -> str:
    """All swappable regions of the table page as pushed to this viewer, rendered for it alone
    (what `RenderCache.regions` must serve it). Pushed regions go to a page whose script is
    running: its forms post through htmx, which sends the CSRF token from the page's body, so they
    carry no per-session token and one render can serve every phone with the same view."""
    ctx = context(table, viewer, mode)
    return unmarked("".join(render_template(f"partials/_{name}.html", oob=True, pushed=True, **ctx) for name in REGIONS))


def draw(name: str, **ctx) -> str:
    """A region's template rendered with `ctx` and the app's template globals. Not Flask's
    render_template: pushed regions read no request, session or context processor, and merging
    those and sending its signals took a tenth of a push's render time (measured)."""
    return current_app.jinja_env.get_template(name).render(ctx)


def flash_region(message: str | None, kind: str = "error", again: bool | None = None) -> str:
    """The message strip under the controls (an error sentence, or empty); `again` marks a tap
    another phone's move overtook with whether the table would still take it (the outbox reads it)."""
    return render_template("partials/_flash.html", oob=True, message=message, kind=kind, again=again)


def moves_for(table: Table, viewer: Viewer, can_act: bool) -> tuple[list[dict], list[dict]]:
    """What `viewer` may do now and what the rules withhold from it (nothing, when it cannot act)."""
    return (table.offers_for(viewer), table.withheld_for(viewer)) if can_act else ([], [])


class RenderCache:
    """A lock-guarded LRU of rendered regions for pushes (and htmx replies), owned by the app.

    Each region is cached under what it depends on, so the phones of one table share renders:
    the history is the same for everyone, the board and status follow what the viewer may see
    (`Game.view_key`: one render for all in games without hidden information), the controls
    follow the viewer's seat and whether it may act. Pushed regions carry no CSRF token.
    """

    def __init__(self, size: int = 2048):
        self._size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple, str] = OrderedDict()
        self._flights: dict[tuple, threading.Lock] = {}

    def _regions(self, table: Table, viewer: Viewer, mode: str):
        """The cache keys of this version's regions as this viewer gets them, and how to get one."""
        can_act = viewer.can_act and mode == "play" and not table.locked
        view = table.game.view_key(table.state, viewer)
        # Seat controls ask a decision on its owner's phone once that seat is claimed (which makes
        # no new version); other games' controls are the same for every phone that may act.
        claimed = tuple(t is not None for t in table.record["seat_tokens"])
        page = page_of(table.game)
        seat = viewer.seat if page.seat_controls else None
        # The phone's own right to act too: a locked table's controls say why to a phone that may
        # act, and nothing to one that may not, though neither can act now.
        controls = (seat, viewer.can_act, can_act, mode, claimed)
        moves: dict[Viewer, tuple] = {}  # asked of the engine once, for the key and the render
        if seat is not None and not page.controls_read_seat:
            # A seat's controls read its seat only through what it may do, what is withheld from
            # it and what it sees: seats alike in those share one render (Boss Kito's five
            # seats, one render a version, measured).
            who = Viewer(seat, viewer.can_act)
            moves[who] = moves_for(table, who, can_act)
            controls = (None, viewer.can_act, can_act, mode, claimed, view, _Moves(json.dumps(moves[who], sort_keys=True)))
        depends = {"status": (mode,), "board": (view,), "controls": controls, "history": ()}
        ctx: dict[tuple, dict] = {}  # built once, only if some region is not cached

        def render(name: str) -> str:
            # The status line and the history are public: rendered as a watcher sees them, once;
            # controls without seat prompts as a phone with play rights but no seat sees them.
            who = {"status": WATCHER, "history": WATCHER, "controls": Viewer(seat, viewer.can_act)}.get(name, viewer)
            key = (who, name == "history")
            if key not in ctx:
                ctx[key] = context(table, who, mode, history=key[1], moves=moves.get(who))
            return draw(f"partials/_{name}.html", oob=True, pushed=True, **ctx[key])

        def board() -> str:
            # A seat's board: the watchers' board (rendered once) with its own player spliced in.
            shared = self._get((table.id, table.version, "board", None), lambda: draw(
                "partials/_board.html", oob=True, pushed=True, **context(table, WATCHER, mode, history=False)))
            # The own player's part reads only the state as this seat may see it.
            mine = table.state_for(viewer)
            own = draw(f"games/{table.game.id}/_player.html", p=mine["players"][view], i=view, state=mine, players=mine["players"], game=table.game)
            head, rest = shared.split(f"<!--player:{view}-->", 1)
            return f"{head}<!--player:{view}-->{own}<!--/player:{view}-->{rest.split(f'<!--/player:{view}-->', 1)[1]}"

        spliced = view is not None and page.own_player and view == viewer.seat

        def make(name: str):
            return board if name == "board" and spliced else lambda: render(name)

        keys = tuple((table.id, table.version, name) + depends[name] for name in REGIONS)
        return keys, lambda key: self._get(key, make(key[2]))

    def regions(self, table: Table, viewer: Viewer, mode: str) -> str:
        """Rendered out-of-band regions for this table version and viewer."""
        keys, region = self._regions(table, viewer, mode)
        # Phones with the same view (a table's watchers) share the whole push, joined once.
        return self._get(keys, lambda: unmarked("".join(region(key) for key in keys)))

    def push(self, table: Table, viewer: Viewer, mode: str, had: tuple | None) -> tuple[tuple, str]:
        """What this viewer's phone is pushed of this version, and what it then has (`had` next
        time). A phone that has the version before, as this viewer, gets only what changed since
        (push.py), shared by every phone with its view; any other (missed versions, a reconnect, a
        seat taken or freed), the whole regions."""
        keys, region = self._regions(table, viewer, mode)
        if had is None or any(was[1] != now[1] - 1 or _view(was) != _view(now) for was, now in zip(had, keys)):
            return keys, self.regions(table, viewer, mode)
        with self._lock:
            old = [self._items.get(key) for key in had]
        if None in old:  # the version before left the cache: the whole regions
            return keys, self.regions(table, viewer, mode)
        return keys, self._get(("changes",) + had + keys, lambda: unmarked("".join(
            changes(key[2], was, region(key)) for key, was in zip(keys, old))))

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


class _Moves(str):
    """A seat's moves in its controls' cache key: they change at every move, so `_view` leaves them out."""


def _view(key: tuple) -> tuple:
    """A region's cache key without its version and its moves: the same for two versions seen by
    the same viewer."""
    return tuple(part for part in key[:1] + key[2:] if not isinstance(part, _Moves))


_MISSING = object()


class TableEnvironment(Environment):
    """Flask's template environment, reading `a.b` on a plain dict as its key first.

    Table states are plain dicts read hundreds of times per push. Jinja's `a.b` tries the
    attribute first, which a dict lacks: an AttributeError raised and caught on every lookup, a
    fifth of a push's render time (measured). A dict's methods (`d.items()`) are still found when
    it has no key of that name; any other object is looked up as Jinja always does.
    """

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            value = obj.get(attribute, _MISSING)
            if value is not _MISSING:
                return value
        return super().getattr(obj, attribute)


def renders() -> RenderCache:
    """The app's render cache."""
    return current_app.extensions["companion.renders"]


def init_app(app: Flask) -> None:
    """Register the template helpers the table pages use."""
    app.jinja_env.add_extension(FragmentCache)  # {% cache key %}: parts drawn once per key
    app.jinja_env.add_extension(Unindented)  # a tenth of every page and push was indentation

    @app.template_filter("history_item")
    def history_item(entry: dict) -> Markup:
        """One history entry as a list item (30 of them go out with every push)."""
        return history_line(int(entry["seq"]), tuple(entry["log"]))

    # Symbols said by name (ϟ energy, ♥ heart, ★ star, ✸ smash), in sentences and on their own.
    app.add_template_filter(spoken, "spoken")
    # A count's noun agrees with it: {{ n|counted("token") }}, or the noun alone beside a number.
    app.add_template_filter(words.counted, "counted")
    app.add_template_global(words.number, "noun_for")
    app.add_template_filter(sym, "sym")
    app.add_template_filter(numbered, "parts")  # the controls' forms, each a part of its own (push.py)
    app.add_template_global(sym, "sym")
    app.add_template_global(play_log.link, "play_log_link")  # a finished game's BG Stats link
    app.add_template_global(chart_layout, "chart_layout")  # where a chart's lines, ticks and names stand (templates/_chart.html)
    # What each game's pages read of it, as `<game id>_<name>` (kyotoan_cards, neko_die_faces):
    # asked of the game's package, never written into a template.
    for game_id, page in all_pages().items():
        app.jinja_env.globals.update({f"{game_id}_{name}": value for name, value in page.data.items()})
