"""A table's QR codes (play and watch) as SVG, and the address the share panel says phones open."""
from __future__ import annotations

from flask import Blueprint, abort, url_for

from ..http.incoming import bearer_token
from ..http.links import public_address, public_base, svg_response
from ..http.session import cookie_token
from ..services import tables

bp = Blueprint("qr", __name__)


@bp.app_template_global()
def phone_address() -> dict:
    """For the share panel: the base URL in the QR codes and how it was chosen (see
    `public_address`), so the page can say which address phones open, or warn that they can't."""
    base, how = public_address()
    return {"base": base, "how": how}


@bp.get("/t/<table_id>/qr/play.svg")
def play_qr(table_id):
    """The play code: opening it gives a phone play rights at this table. Only a phone with play
    rights (its cookie, or a bearer token) gets it, and its address carries no token (access logs)."""
    table = tables().get(table_id)
    if not table.viewer_for(bearer_token() or cookie_token(table_id)).can_act:
        abort(404)
    resp = svg_response(public_base() + url_for("pages.play_link", table_id=table_id, token=table.record["play_token"]))
    resp.headers["Cache-Control"] = "private, no-store"
    return resp


@bp.get("/t/<table_id>/qr/watch.svg")
def watch_qr(table_id):
    """The watch code: read-only."""
    tables().get(table_id)
    return svg_response(public_base() + url_for("pages.watch", table_id=table_id))
