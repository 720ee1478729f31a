"""A table's change path: the one door (`service.TableService`) that pages, the API and the
tournament nights call, and what lies behind it (the table, its changes, its storage, its
refusals). Here are the names the rest of the code imports.
"""
from .errors import NotAllowed, SeatTaken, TableClosed, TableNotFound, TableReplaced, VersionConflict, replaced_sentence
from .service import TableService
from .table import Table, same_secret
from .taps import entered_for, last_change, page_tap, phone_name, tap_name

__all__ = ["NotAllowed", "SeatTaken", "Table", "TableClosed", "TableNotFound", "TableReplaced", "TableService",
           "VersionConflict", "entered_for", "last_change", "page_tap", "phone_name", "replaced_sentence",
           "same_secret", "tap_name"]
