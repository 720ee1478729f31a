"""The HTMX pages: home, create, join, table (play and watch) and the form posts."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ...games import RuleViolation, all_games, get_game
from ...store import StoreError
from ...tables import NotAllowed, TableNotFound, VersionConflict, seat_moves
from ..http.incoming import htmx
from ..http.links import public_base
from ..http.session import (
    cookie_token,
    host_token,
    is_shared_phone,
    remember_shared_phone,
    remember_token,
    remembered_tables,
)
from ..services import tables
from ..words.said import refusal
from .clash import came_first, still_sentence
from .forms import form_to_action, form_version
from .render import context, flash_region, phone_viewer, renders, table_urls
from .setup_form import table_setup

bp = Blueprint("pages", __name__)
bp.record_once(lambda state: htmx.init_app(state.app))


@bp.get("/")
def home():
    """Create a table, join one by code, or reopen one this phone created or joined."""
    return render_template("home.html", games={g.id: g for g in all_games()}, mine=_my_tables())


@bp.post("/tables")
def create():
    """Create a table from the home page form and open it with host rights."""
    form = request.form
    game_id = form.get("game", "")
    try:
        game = get_game(game_id)
        players, options = table_setup(game, form)
        table = tables().create(game.id, players, options)
    except (RuleViolation, StoreError) as exc:
        # The form kept as typed either way; a store away is "not now" (503), not "not like this".
        return render_template("home.html", games={g.id: g for g in all_games()}, mine=_my_tables(),
                               error=refusal(exc), form=form), 503 if isinstance(exc, StoreError) else 422
    remember_token(table.id, table.record["host_token"])
    remember_token(table.id, table.record["host_token"], "hosts")
    return redirect(url_for("pages.table", table_id=table.id))


@bp.get("/join")
def join():
    """Type a table's join code."""
    return render_template("join.html", code=request.args.get("code", ""))


@bp.post("/join")
def join_code():
    """A correct code gives this phone play rights (wrong guesses are rate-limited: http/limits.py)."""
    code = request.form.get("code", "")
    try:
        table = tables().find_by_code(code)
    except TableNotFound as exc:
        return render_template("join.html", code=code, error=refusal(exc)), 404
    remember_token(table.id, table.record["play_token"])
    return redirect(url_for("pages.table", table_id=table.id))


@bp.get("/t/<table_id>/play/<token>")
def play_link(table_id, token):
    """The play QR code's address: keep the play token in this phone's cookie, then open the table."""
    table = tables().get(table_id)
    if not table.viewer_for(token).can_act:
        # An old or mistyped link (a seat's link after the seat was freed, a QR code cut off):
        # say so, and what still works, rather than a bare refusal.
        message = gettext("This play link is not (or no longer) valid for this table. Ask someone at the table "
                          "for the join code, or scan the play QR code on their screen. You can still watch.")
        return render_template("error.html", status=403, message=message,
                               watch=url_for("pages.watch", table_id=table_id)), 403
    if not table.viewer_for(cookie_token(table_id)).can_act:
        remember_token(table_id, token)
    return redirect(url_for("pages.table", table_id=table_id))


@bp.get("/t/<table_id>")
def table(table_id):
    """The table page: live scoreboard, controls for whoever may act, history, sharing."""
    return _table_page(table_id, "play")


@bp.get("/t/<table_id>/watch")
def watch(table_id):
    """The read-only page the watch QR code opens."""
    return _table_page(table_id, "watch")


def _table_page(table_id: str, mode: str, ask: dict | None = None):
    table = tables().get(table_id)
    viewer = phone_viewer(table, mode)
    urls = table_urls(table) if viewer.can_act and mode == "play" else {"watch": public_base() + url_for("pages.watch", table_id=table_id)}
    is_host = mode == "play" and (table.is_host(cookie_token(table_id)) or table.is_host(host_token(table_id)))
    # Seats the host's phone may free for another phone (a phone died): every held seat but its own.
    freeable = [i for i, t in enumerate(table.record["seat_tokens"]) if t and i != viewer.seat] if is_host else []
    # A play page asks at its top who holds this phone until it is told: a player, or the table's shared phone.
    shared = viewer.seat is None and is_shared_phone(table_id)
    # A seat that moved from this phone to another: said here, with the way to take it back.
    token = cookie_token(table_id) if mode == "play" else None
    lost = seat_moves.moved_from(table, token) if viewer.seat is None else None
    return render_template("table.html", urls=urls, oob=False, freeable=freeable, is_host=is_host, shared=shared,
                           ask=ask, lost=lost, own_mark=seat_moves.mark(token) if viewer.can_act else "",
                           **context(table, viewer, mode))


@bp.get("/t/<table_id>/history")
def history(table_id):
    """Every action of the table in words (the table page shows the latest)."""
    table = tables().get(table_id)
    viewer = phone_viewer(table)
    return render_template("history.html", table=table, game=table.game, log=list(reversed(table.log_for(viewer))))


@bp.get("/t/<table_id>/regions")
def poll(table_id):
    """Polling fallback: the regions when the table moved past `since`, else 204."""
    table = tables().get(table_id)
    mode = "watch" if request.args.get("mode") == "watch" else "play"
    since = request.args.get("since", type=int)
    if since is not None and since == table.version:
        return "", 204
    viewer = phone_viewer(table, mode)
    return "".join(renders().regions(table, viewer, mode))


@bp.get("/t/<table_id>/charts")
def charts(table_id):
    """The board's charts alone, for an open "Show the charts" (partials/_charts.html), as the page's viewer sees them."""
    table = tables().get(table_id)
    viewer = phone_viewer(table, request.args.get("mode"))
    state = table.state_for(viewer)
    return render_template(f"games/{table.game.id}/_chart.html", table=table, game=table.game, state=state, players=state["players"])


@bp.post("/t/<table_id>/act")
def act(table_id):
    """An action from the table page's controls, and the step its `_then` names for the same tap
    (a final roll's "resolve": the service decides whether it is taken, `tables.changes.follow_up`)."""
    return _write(table_id, lambda tok, ver: tables().act(
        table_id, tok, form_to_action(request.form), ver, then=request.form.get("_then")),
        action=lambda: form_to_action(request.form))


@bp.post("/t/<table_id>/undo")
def undo(table_id):
    """The undo button: another player's move, entered on another phone, is taken back once this
    phone says so ("Yes, undo Ann's move" posts `confirmed`); its own moves at once."""
    if request.form.get("confirmed") != "1":
        question = tables().undo_question(table_id, cookie_token(table_id), form_version(request.form))
        if question:
            return _ask(table_id, question)
    return _write(table_id, lambda tok, ver: tables().undo(table_id, tok, ver, keep_settings=True, whole_tap=True))


def _ask(table_id: str, question: dict):
    """The question an undo asks first, under the Undo button; nothing is changed. htmx: the
    regions as they are and the question (an offline tap sent later finds the page it asks on);
    without script, the table page with the question in place."""
    if not htmx:
        return _table_page(table_id, "play", ask=question)
    table = tables().get(table_id)
    asked = render_template("partials/_undo_ask.html", oob=True, pushed=True, ask=question, table=table,
                            to={"undo": url_for("pages.undo", table_id=table_id)})
    return "".join(renders().regions(table, phone_viewer(table), "play")) + flash_region(None) + asked


@bp.post("/t/<table_id>/redo")
def redo(table_id):
    """The redo button."""
    return _write(table_id, lambda tok, ver: tables().redo(table_id, tok, ver, whole_tap=True))


@bp.post("/t/<table_id>/rematch")
def rematch(table_id):
    """'Rematch with the same players': this phone goes to the rematch (made by the first phone to
    ask), as host, in its own seat again, or with play rights, as it was at this table."""
    try:
        new, token = tables().rematch(table_id, cookie_token(table_id))
    except (RuleViolation, NotAllowed) as exc:
        if htmx:
            return flash_region(refusal(exc)), 422
        flash(refusal(exc))
        return redirect(url_for("pages.table", table_id=table_id))
    hosted = host_token(table_id)
    if hosted and tables().get(table_id).is_creator(hosted):  # as tables.rematch hands its host token
        remember_token(new.id, new.record["host_token"], "hosts")
    remember_token(new.id, token)
    if is_shared_phone(table_id):  # the shared phone of the rematch too (a seat's phone gets its seat)
        remember_shared_phone(new.id)
    where = url_for("pages.table", table_id=new.id)
    if htmx:
        return "", 200, {"HX-Redirect": where}
    return redirect(where)


def _write(table_id: str, change, action=None):
    """Run a change; reply with fresh regions (htmx) or redirect back (plain form). The htmx
    reply says in `X-Table-Version` the version this change produced, which a phone's next queued
    tap is sent on (outbox.js); `action`: what an /act sent, tried again on a refusal for a move
    another phone entered first."""
    token = cookie_token(table_id)
    message, status, again, produced = None, 200, None, None
    try:
        done = change(token, form_version(request.form))
        produced = (done[0] if isinstance(done, tuple) else done).version
    except VersionConflict:
        # Said in the table's words, not the API's (the version number means nothing at a table):
        # the move that came first, and whether this entry still can be made after it.
        table = tables().get(table_id)
        again = action is not None and tables().takes(table_id, token, action())
        message = came_first(table, phone_viewer(table), form_version(request.form)) + still_sentence(again)
        status = 409
    except (RuleViolation, StoreError) as exc:
        message, status = refusal(exc), 422 if isinstance(exc, RuleViolation) else 503
    except NotAllowed as exc:
        message, status = refusal(exc), 403
    if not htmx:
        if message:
            flash(message)
        return redirect(url_for("pages.table", table_id=table_id))
    if message and status != 409:
        # Refused, nothing changed and the page is current (a stale page gets 409): the reply is
        # the sentence alone, so the form keeps what was entered and the next tap can correct it.
        return flash_region(message), status
    table = tables().get(table_id)
    # The htmx reply is the same render the table's other phones are pushed for this version.
    body = "".join(renders().regions(table, phone_viewer(table), "play")) + flash_region(message, again=again)
    return body, status, ({"X-Table-Version": str(produced)} if produced is not None else {})


def _my_tables() -> list[dict]:
    """The tables this phone created or joined (newest first), as the home page lists them."""
    found = []
    for table_id in reversed(remembered_tables()):
        try:
            table = tables().get(table_id)
        except (TableNotFound, StoreError):
            continue  # an event's id, or a table gone from this server
        found.append({"id": table.id, "game": table.record["game"], "players": table.record["players"],
                      "over": bool(table.state.get("over"))})
    return found
