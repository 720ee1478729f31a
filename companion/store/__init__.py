"""Storage: the one module that owns where data lives (flaskr's get_db/init_app shape)."""
from __future__ import annotations

from flask import Flask, current_app

from .base import StaleWrite, Store, StoreError, TableDamaged
from .tinydb_store import TinyDBStore


def get_store() -> Store:
    """The app's store, opened once at start-up."""
    return current_app.extensions["companion.store"]


def init_app(app: Flask) -> None:
    """Open the configured store and attach it to the app."""
    app.extensions["companion.store"] = TinyDBStore(app.config["DATA_DIR"])


__all__ = ["StaleWrite", "Store", "StoreError", "TableDamaged", "TinyDBStore", "get_store", "init_app"]
