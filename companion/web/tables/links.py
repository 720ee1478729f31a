"""Where a table is played and watched: the links its creation replies and its page shares."""
from __future__ import annotations

from flask import url_for

from ...tables import Table
from ..http.links import public_base


def table_urls(table: Table) -> dict:
    """Where phones play, watch and find the play QR code of a table."""
    base = public_base()
    rec = table.record
    return {
        "play": base + url_for("pages.play_link", table_id=rec["id"], token=rec["play_token"]),
        "watch": base + url_for("pages.watch", table_id=rec["id"]),
        "qr": base + url_for("qr.play_qr", table_id=rec["id"]),  # with the token as a bearer header
    }
