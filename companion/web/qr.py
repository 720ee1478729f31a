"""QR codes as SVG (qrcode's path image: no Pillow needed)."""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, url_for

from . import bearer_token, cookie_token, public_address, public_base, tables

bp = Blueprint("qr", __name__)


@bp.app_template_global()
def phone_address() -> dict:
    """For the share panel: the base URL in the QR codes and how it was chosen (see
    `public_address`), so the page can say which address phones open, or warn that they can't."""
    base, how = public_address()
    return {"base": base, "how": how}


def qr_svg(data: str) -> str:
    """An SVG QR code that scales to its box, dark on white with a quiet zone."""
    img = qrcode.make(
        data,
        image_factory=qrcode.image.svg.SvgPathImage,
        border=3,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    svg = img.to_string(encoding="unicode")
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1)
    # Drop the fixed size in mm so CSS can make it as large as the phone allows.
    svg = re.sub(r' width="[^"]+" height="[^"]+"', "", svg, count=1)
    return svg.replace(">", f'><rect width="{size}" height="{size}" fill="#fff"/>', 1)


def svg_response(data: str) -> Response:
    """A QR code of `data` as an SVG reply."""
    return Response(qr_svg(data), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


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
