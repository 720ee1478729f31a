"""Group pages: create a group, open its link (which keeps the group's token in this phone's
cookie, as a league's organiser link does), its page (plays, players, wins, win rate, by game, who
beats whom, with charts; the spreadsheet) and a new table in the group from that page."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext

from ...games import RuleViolation, all_games, get_game
from ...groups.service import WrongGroupToken
from ...store import StoreError
from ...tables import NotAllowed
from ..http.limits import TooManyTables
from ..http.links import public_base, svg_response
from ..http.session import remember_token
from ..services import groups
from ..tables.figures import figures_of
from ..tables.setup_form import table_setup
from ..words.said import refusal

bp = Blueprint("groups", __name__)
KIND = "groups"  # where the cookie keeps the groups' tokens, apart from tables', nights' and leagues'


def group_token(group_id: str) -> str | None:
    """The group token this browser holds (it made the group, or opened the group's link)."""
    return session.get(KIND, {}).get(group_id)


@bp.get("/groups/new")
def new():
    """The form to start a group."""
    return render_template("groups/new.html")


@bp.post("/groups")
def create():
    """Create the group, keep its token in this phone's cookie and open its page."""
    try:
        record = groups().create(request.form.get("name", ""))
    except RuleViolation as exc:
        return render_template("groups/new.html", error=refusal(exc), form=request.form), 422
    remember_token(record["id"], record["token"], KIND)
    return redirect(url_for("groups.group_page", group_id=record["id"]))


@bp.get("/g/<group_id>/join/<token>")
def group_link(group_id, token):
    """The group's link, for every friend's phone: keep the token, open the group's page."""
    try:
        groups().authorise(group_id, token)
    except WrongGroupToken:
        return render_template("error.html", status=403, message=gettext(
            "This group link does not open the group: it may be mistyped or cut short. Ask a friend in the group for the link again.")), 403
    remember_token(group_id, token, KIND)
    return redirect(url_for("groups.group_page", group_id=group_id))


@bp.get("/g/<group_id>")
def group_page(group_id):
    """The group: a new table (for a phone with its link), its players, plays and who beats whom."""
    service = groups()
    record = service.get(group_id)
    member = service.is_member(record, group_token(group_id))
    link = public_base() + url_for("groups.group_link", group_id=group_id, token=record["token"]) if member else None
    read = service.read(record)
    tables = {t.id: t for t in read["tables"]}
    figures = {p["table_id"]: figures_of(tables[p["table_id"]]) for p in read["plays"]}
    playing = [t for t in read["tables"] if not t.state.get("over")]
    return render_template("groups/group.html", group=record, member=member, group_link=link, figures=figures,
                           by_id=tables, playing=playing, games={g.id: g for g in all_games()}, **read)


@bp.get("/g/<group_id>/qr.svg")
def group_qr(group_id):
    """The QR code of the group's link (for a phone that holds it: it carries the token)."""
    record = groups().authorise(group_id, group_token(group_id))
    return svg_response(public_base() + url_for("groups.group_link", group_id=group_id, token=record["token"]))


@bp.post("/g/<group_id>/tables")
def new_table(group_id):
    """The group page's form: a table in the group, opened with host rights on this phone."""
    form = request.form
    try:
        game = get_game(form.get("game", ""))
        players, options = table_setup(game, form)
        table = groups().new_table(group_id, group_token(group_id), game.id, players, options)
    except (RuleViolation, NotAllowed, WrongGroupToken, TooManyTables, StoreError) as exc:
        flash(refusal(exc))
        return redirect(url_for("groups.group_page", group_id=group_id) + "#new-table")
    remember_token(table.id, table.record["host_token"])
    remember_token(table.id, table.record["host_token"], "hosts")
    return redirect(url_for("pages.table", table_id=table.id))
