"""The league's big screen, pushed: a websocket that sends the screen's counts, standings and
nights whenever one of the league's nights or the league itself changes (the `league:<id>`
channel: leagues/cache.Relay), as a night's big screen is pushed (live/sockets.py).

The regions are rendered once per version of the league's read (leagues/cache.py), however many
screens show the league; a screen that connects gets them at once.
"""
from __future__ import annotations

from flask import Blueprint, render_template

from ..live.push import live_route, opened, push_while_open, refuse_foreign_origins
from ..services import leagues
from ..words.languages import choose_language

bp = Blueprint("leagues_live", __name__)
bp.before_request(refuse_foreign_origins)  # as every live route: no other site's page opens one
REGIONS = ("leagues/_screen_sub.html", "leagues/_standings.html", "leagues/_screen_nights.html")


def screen_regions(league_id: str) -> str:
    """The big screen's live regions (swapped in by id), rendered once per version of the read
    and language."""
    service = leagues()
    record = service.get(league_id)

    def render(table: dict) -> str:
        ctx = {"league": record, "standings": table["standings"], "nights": table["nights"], "big": True, "oob": True}
        return "".join(render_template(name, **ctx) for name in REGIONS)

    # One rendering per language the screens speak.
    return service.kept(record).made_once(("screen", choose_language()), render)


@live_route(bp, "/leagues/<league_id>/ws")
def league_socket(ws, league_id):
    """Send the big screen its regions whenever the league's read changes, until it closes."""
    if opened(ws, lambda: leagues().get(league_id), "league"):
        push_while_open(ws, f"league:{league_id}", lambda: screen_regions(league_id))
