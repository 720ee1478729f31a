"""Rewind and pause on the table pages: tap a line of the history to see the board as it stood
after it (read-only, as this phone may see it: a seat its own secrets, a watcher none), one tap
back to now; and the table's pause (a break, a meal: paused time is no play time)."""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

from ...tables import Table
from ...tables.pause import is_paused
from ...tables.rewind import at_version, version_of
from ..http.session import cookie_token
from ..services import tables
from .render import context, phone_viewer

bp = Blueprint("rewind", __name__)


@bp.get("/t/<table_id>/at/<int:version>")
def at(table_id, version):
    """The board after `version`, read-only, with the history up to it; back to now in one tap."""
    table = tables().get(table_id)
    mode = "watch" if request.args.get("mode") == "watch" else "play"
    past = at_version(table, version)
    viewer = phone_viewer(table, mode)
    ctx = context(past, viewer, "watch")
    entries = past.record["actions"]
    versions = sorted({0, *(version_of(table, k + 1) for k in range(len(table.record["actions"])))})
    earlier = max((v for v in versions if v < version), default=None)
    later = min((v for v in versions if v > version), default=None)
    now = url_for("pages.watch" if mode == "watch" else "pages.table", table_id=table_id)
    return render_template("rewind.html", **{**ctx, "log": list(reversed(past.log_for(viewer))), "oob": False},
                           version=version, seq=len(entries), last=entries[-1]["log"] if entries else [], now=now,
                           earlier=earlier, later=later, rewind_mode=mode)


@bp.before_app_request
def tapped_line():
    """A line of a table page's live history (its number links to `?at=<n>`, said.history_line):
    the board as it stood after it, for the play page's phone or as a watcher."""
    if request.endpoint in ("pages.table", "pages.watch") and "at" in request.args:
        seq = request.args.get("at", type=int)
        mode = {"mode": "watch"} if request.endpoint == "pages.watch" else {}
        return redirect(url_for("rewind.line", table_id=request.view_args["table_id"], seq=seq or 0, **mode))
    return None


@bp.get("/t/<table_id>/history/<int:seq>")
def line(table_id, seq):
    """A tapped history line (its number in the log): the board as it stood after it."""
    table = tables().get(table_id)
    seq = min(max(seq, 1), len(table.record["actions"])) if table.record["actions"] else 0
    version = version_of(table, seq) if seq else 0
    mode = {"mode": "watch"} if request.args.get("mode") == "watch" else {}
    return redirect(url_for("rewind.at", table_id=table_id, version=version, **mode))


@bp.post("/t/<table_id>/pause")
def pause(table_id):
    """The pause button of a play page (a phone with play rights); back to the table."""
    tables().pause(table_id, cookie_token(table_id), request.form.get("paused") == "true")
    return redirect(url_for("pages.table", table_id=table_id))


@bp.app_template_global("table_paused")
def table_paused(table: Table) -> bool:
    """Whether the table stands paused now (its page says so, and offers to play on)."""
    return is_paused(table.record)
