"""The app's services, as the blueprints reach them: each a typed accessor of what create_app keeps
in `app.extensions` (not named like the web's packages, which would shadow it)."""
from __future__ import annotations

from flask import current_app

from ..events.service import EventService
from ..groups.service import GroupService
from ..leagues.service import LeagueService
from ..live import LiveHub
from ..tables import TableService


def tables() -> TableService:
    """The app's table service."""
    return current_app.extensions["companion.tables"]


def events() -> EventService:
    """The app's event (tournament night) service."""
    return current_app.extensions["companion.events"]


def leagues() -> LeagueService:
    """The app's league (a season across nights) service."""
    return current_app.extensions["companion.leagues"]


def groups() -> GroupService:
    """The app's group (friends who play casually) service."""
    return current_app.extensions["companion.groups"]


def hub() -> LiveHub:
    """The app's live hub."""
    return current_app.extensions["companion.live"]
