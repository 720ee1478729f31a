"""A finished table's statistics as the pages and the API read them (companion/tables/stats.py), counted
once per version by this app, and each figure's name as a page shows it."""
from __future__ import annotations

from flask import Flask, current_app
from flask_babel import gettext

from ...tables import Table
from ...tables.stats import FigureCache
from ..words.script_words import N_

EXTENSION = "companion.figures"
# How a page names each game's figures (api.md fixes the keys); any other reads as its key.
LABELS = {"turns_in_kyoto": N_("Turns in Kyoto"), "damage_dealt": N_("Damage dealt"), "hearts_healed": N_("Hearts healed"),
          "cards_bought": N_("Cards bought"), "energy_gained": N_("Energy gained"), "bells": N_("Bells"),
          "cards_received": N_("Cards received"), "refused": N_("Refused"), "checks": N_("Checks"),
          "criticals": N_("Critical failures"), "medals": N_("Medals"), "tokens_placed": N_("Tokens placed"),
          "benefits": N_("Benefits")}


def init_app(app: Flask) -> None:
    """Keep the app's figures (counted once per version) and let the pages read them."""
    app.extensions[EXTENSION] = FigureCache()
    app.add_template_global(table_figures, "table_figures")
    app.add_template_global(figure_label, "figure_label")


def figures_of(table: Table) -> dict:
    """A finished table's statistics (companion/tables/stats.py), counted once per version by this app."""
    return current_app.extensions[EXTENSION].figures(table)


def table_figures(table: Table) -> dict | None:
    """The statistics a finished table's page shows beside its standings, or None while it is played."""
    return figures_of(table) if table.state.get("over") else None


def figure_label(key: str) -> str:
    """A figure's name as a page shows it."""
    return gettext(LABELS[key]) if key in LABELS else key.replace("_", " ").capitalize()
