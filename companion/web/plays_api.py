"""What a table keeps of its play, in the JSON API (api.md, "Groups, statistics and rewind"): a
finished table's statistics, the table as it stood after a past version (read-only, redacted for
the caller as the table is), and its pauses. The pages read the same (rewind_pages.py)."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from flask_babel import gettext

from ..tables import Table
from ..tables.pause import is_paused
from ..tables.rewind import at_version
from ..tables.stats import FigureCache
from . import bearer_token, tables
from .api import _body
from .script_words import N_

bp = Blueprint("plays_api", __name__, url_prefix="/api/tables")
EXTENSION = "companion.figures"
# How a page names each game's figures (api.md fixes the keys); any other reads as its key.
LABELS = {"turns_in_kyoto": N_("Turns in Kyoto"), "damage_dealt": N_("Damage dealt"), "hearts_healed": N_("Hearts healed"),
          "cards_bought": N_("Cards bought"), "energy_gained": N_("Energy gained"), "bells": N_("Bells"),
          "cards_received": N_("Cards received"), "refused": N_("Refused"), "checks": N_("Checks"),
          "criticals": N_("Critical failures"), "medals": N_("Medals"), "tokens_placed": N_("Tokens placed"),
          "benefits": N_("Benefits")}


@bp.record_once
def _init(setup_state):
    setup_state.app.extensions[EXTENSION] = FigureCache()


def figures_of(table: Table) -> dict:
    """A finished table's statistics (tables/stats.py), counted once per version by this app."""
    return current_app.extensions[EXTENSION].figures(table)


@bp.app_template_global("table_figures")
def table_figures(table: Table) -> dict | None:
    """The statistics a finished table's page shows beside its standings, or None while it is played."""
    return figures_of(table) if table.state.get("over") else None


@bp.app_template_global("figure_label")
def figure_label(key: str) -> str:
    """A figure's name as a page shows it."""
    return gettext(LABELS[key]) if key in LABELS else key.replace("_", " ").capitalize()


@bp.get("/<table_id>/stats")
def stats(table_id):
    """The finished table's per-game figures, per player (422 while the game is played)."""
    return jsonify(figures_of(tables().get(table_id)))


@bp.get("/<table_id>/at/<int:version>")
def at(table_id, version):
    """The table as it stood after `version`, shaped as GET /api/tables/<id>: read-only (no
    offers), the caller's hidden information rules holding for the past state."""
    table = tables().get(table_id)
    viewer = table.viewer_for(bearer_token())
    past = at_version(table, version)
    return jsonify(id=table.id, game=table.record["game"], version=version, state=past.state_for(viewer),
                   offers=[], withheld=[])


@bp.post("/<table_id>/pause")
def pause(table_id):
    """Pause the table (`{"paused": true}`) or play on (`false`): paused time is no play time."""
    body = _body({"paused"}, ("paused",))
    table = tables().pause(table_id, bearer_token(), body["paused"])
    return jsonify(id=table.id, version=table.version, paused=is_paused(table.record))

